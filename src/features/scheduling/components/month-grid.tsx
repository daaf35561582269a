import { plural, t } from '@lingui/core/macro';
import { useEffect, useRef, type KeyboardEvent, type RefObject } from 'react';
import {
  addDays,
  addMonths,
  dayInWords,
  dayKeys,
  dayOfMonth,
  dayOfWeek,
  monthWeeks,
  weekdayInWords,
  weekStartOf,
  type DayKey,
} from '../utils/days';
import { firstWeekday } from '@/lib/locale';

/** What the calendar knows of each day: its open times (null while they load). */
export type OpenCounts = ReadonlyMap<DayKey, number> | null;

export interface DayNavigation {
  /** The month shown: its first day. */
  month: DayKey;
  /** The day that holds the tab stop (and takes focus after a key moves it). */
  activeDay: DayKey;
  chosenDay: DayKey | null;
  today: DayKey;
  counts: OpenCounts;
  /**
   * Moves the tab stop; the picker may keep it in the month (nothing to show that way). Answers
   * the day it landed on.
   */
  onMove: (day: DayKey) => DayKey;
  /** Chooses a day with open times. */
  onChoose: (day: DayKey) => void;
}

/** "Thursday, December 3, 4 open times": the date in words and how many times it has. */
export function dayLabel(day: DayKey, counts: OpenCounts): string {
  const words = dayInWords(day);
  const count = counts?.get(day);
  if (count === undefined) return words;
  if (count === 0) return t`${words}, no open times`;
  return t`${words}, ${plural(count, { one: '# open time', other: '# open times' })}`;
}

/**
 * The key a grid key press moves to (ARIA date grid: days, weeks, week ends, months). Left and right
 * follow the page: in a right-to-left page the day after is to the left.
 */
function target(day: DayKey, key: string, first: number, rightToLeft: boolean): DayKey | null {
  const forward = rightToLeft ? 'ArrowLeft' : 'ArrowRight';
  switch (key) {
    case 'ArrowLeft':
    case 'ArrowRight':
      return addDays(day, key === forward ? 1 : -1);
    case 'ArrowUp':
      return addDays(day, -7);
    case 'ArrowDown':
      return addDays(day, 7);
    case 'Home':
      return addDays(day, -dayOfWeek(day, first));
    case 'End':
      return addDays(day, 6 - dayOfWeek(day, first));
    case 'PageUp':
      return addMonths(day, -1);
    case 'PageDown':
      return addMonths(day, 1);
    default:
      return null;
  }
}

/** Follows a key press that moved the tab stop by moving focus onto it once it is drawn. */
export function useFocusAfterMove(container: RefObject<HTMLElement | null>, activeDay: DayKey) {
  const pending = useRef(false);
  useEffect(() => {
    if (!pending.current) return;
    pending.current = false;
    container.current?.querySelector<HTMLElement>(`[data-day="${activeDay}"]`)?.focus();
  }, [container, activeDay]);
  return () => {
    pending.current = true;
  };
}

/**
 * A month as an ARIA grid (one tab stop, arrows by day and week, Home and End to the week's ends,
 * Page Up and Page Down by month, Enter or Space chooses). Days without open times stay reachable
 * but are marked disabled, so the arrows never skip a date.
 */
export function MonthGrid(props: DayNavigation & { labelledBy: string }) {
  const table = useRef<HTMLTableElement>(null);
  const focusAfterMove = useFocusAfterMove(table, props.activeDay);
  const first = firstWeekday();
  const weeks = monthWeeks(props.month, first);
  const weekdays = dayKeys(weekStartOf(props.month, first), 7);

  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>, day: DayKey) => {
    const rightToLeft = getComputedStyle(event.currentTarget).direction === 'rtl';
    const next = target(day, event.key, first, rightToLeft);
    if (next === null) return;
    event.preventDefault();
    if (props.onMove(next) !== day) focusAfterMove();
  };

  return (
    <table
      ref={table}
      role="grid"
      className="slot-month"
      aria-labelledby={props.labelledBy}
      aria-busy={props.counts === null || undefined}
    >
      <thead>
        <tr>
          {weekdays.map((day) => (
            <th key={day} scope="col">
              <span aria-hidden="true">{weekdayInWords(day, 'short').slice(0, 2)}</span>
              <span className="visually-hidden">{weekdayInWords(day)}</span>
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {weeks.map((week) => (
          <tr key={week.find(Boolean)}>
            {week.map((day, index) => {
              if (!day) return <td key={`blank-${index}`} role="gridcell" />;
              const count = props.counts?.get(day) ?? 0;
              const isOpen = count > 0;
              const isChosen = day === props.chosenDay;
              return (
                <td key={day} role="gridcell" aria-selected={isChosen}>
                  <button
                    type="button"
                    data-day={day}
                    className="slot-month-day"
                    tabIndex={day === props.activeDay ? 0 : -1}
                    aria-label={dayLabel(day, props.counts)}
                    aria-disabled={!isOpen || undefined}
                    aria-current={day === props.today ? 'date' : undefined}
                    onKeyDown={(event) => onKeyDown(event, day)}
                    onClick={() => {
                      if (day !== props.activeDay) props.onMove(day);
                      if (isOpen) props.onChoose(day);
                    }}
                  >
                    <span className="slot-day-number">{dayOfMonth(day)}</span>
                    {isOpen ? <span className="slot-mark" aria-hidden="true" /> : null}
                  </button>
                </td>
              );
            })}
          </tr>
        ))}
      </tbody>
    </table>
  );
}
