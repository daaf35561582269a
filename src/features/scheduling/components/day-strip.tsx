import { useEffect, useRef, type KeyboardEvent } from 'react';
import { addDays, addMonths, dayOfMonth, monthDays, weekdayInWords, type DayKey } from '../utils/days';
import { dayLabel, useFocusAfterMove, type DayNavigation } from './month-grid';

function target(day: DayKey, key: string, first: DayKey, last: DayKey, rightToLeft: boolean): DayKey | null {
  switch (key) {
    case 'ArrowLeft':
      return addDays(day, rightToLeft ? 1 : -1);
    case 'ArrowRight':
      return addDays(day, rightToLeft ? -1 : 1);
    case 'ArrowUp':
      return addDays(day, -1);
    case 'ArrowDown':
      return addDays(day, 1);
    case 'Home':
      return first;
    case 'End':
      return last;
    case 'PageUp':
      return addMonths(day, -1);
    case 'PageDown':
      return addMonths(day, 1);
    default:
      return null;
  }
}

/**
 * The narrow-screen form of the calendar: the month's days from today on, in one row that scrolls
 * sideways inside itself, as a listbox with the same marks and names as the month grid.
 */
export function DayStrip(props: DayNavigation & { label: string }) {
  const list = useRef<HTMLUListElement>(null);
  const days = monthDays(props.month).filter((day) => day >= props.today);
  const first = days[0] ?? props.month;
  const last = days[days.length - 1] ?? props.month;
  const active = props.activeDay < first ? first : props.activeDay;
  const focusAfterMove = useFocusAfterMove(list, active);

  // Bring the chosen (or active) day into the strip's view without scrolling the page.
  const shown = props.chosenDay && days.includes(props.chosenDay) ? props.chosenDay : active;
  useEffect(() => {
    const strip = list.current;
    const item = strip?.querySelector<HTMLElement>(`[data-day="${shown}"]`);
    if (!strip || !item || strip.clientWidth === 0) return;
    const start = item.offsetLeft - strip.offsetLeft;
    if (start < strip.scrollLeft || start + item.offsetWidth > strip.scrollLeft + strip.clientWidth) {
      strip.scrollLeft = Math.max(0, start - (strip.clientWidth - item.offsetWidth) / 2);
    }
  }, [shown]);

  const onKeyDown = (event: KeyboardEvent<HTMLLIElement>, day: DayKey) => {
    if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      if ((props.counts?.get(day) ?? 0) > 0) props.onChoose(day);
      return;
    }
    const rightToLeft = getComputedStyle(event.currentTarget).direction === 'rtl';
    const next = target(day, event.key, first, last, rightToLeft);
    if (next === null) return;
    event.preventDefault();
    if (next < first) return;
    if (props.onMove(next) !== day) focusAfterMove();
  };

  return (
    <ul
      ref={list}
      role="listbox"
      aria-label={props.label}
      aria-orientation="horizontal"
      aria-busy={props.counts === null || undefined}
      className="slot-strip"
    >
      {days.map((day) => {
        const isOpen = (props.counts?.get(day) ?? 0) > 0;
        return (
          <li
            key={day}
            role="option"
            data-day={day}
            className="slot-strip-day"
            tabIndex={day === active ? 0 : -1}
            aria-selected={day === props.chosenDay}
            aria-disabled={!isOpen || undefined}
            aria-label={dayLabel(day, props.counts)}
            aria-current={day === props.today ? 'date' : undefined}
            onKeyDown={(event) => onKeyDown(event, day)}
            onClick={() => {
              if (day !== props.activeDay) props.onMove(day);
              if (isOpen) props.onChoose(day);
            }}
          >
            <span className="slot-strip-weekday">{weekdayInWords(day, 'short')}</span>
            <span className="slot-strip-date">{dayOfMonth(day)}</span>
            <span className={isOpen ? 'slot-mark' : 'slot-mark slot-mark-none'} aria-hidden="true" />
          </li>
        );
      })}
    </ul>
  );
}
