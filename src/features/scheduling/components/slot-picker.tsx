import { plural, t } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { useId, useMemo, useState } from 'react';
import { roomQueries } from '@/api/rooms/queries';
import type { RoomProvider } from '@telehealth/client/rooms/schemas';
import { slotQueries } from '@/api/slots/queries';
import type { AvailabilityQuery, AvailableSlot, Availability } from '@telehealth/client/slots/schemas';
import { QueryError } from '@/components/feedback/query-state';
import { Spinner } from '@/components/feedback/status';
import { Button } from '@/components/ui/button';
import { formatTime, zoneInWords } from '@/lib/dates';
import {
  addMonths,
  dayInWords,
  dayKeyOf,
  daysInMonth,
  dayWindow,
  groupByDay,
  monthDays,
  monthInWords,
  monthOf,
  shortDayInWords,
  startOfDay,
  type DayKey,
} from '../utils/days';
import { DayStrip } from './day-strip';
import { DayTimes, TimeButton, type TimeChoice } from './day-times';
import { MonthGrid } from './month-grid';

/** A time the patient picked: what the booking sends back (never a re-assembled wall time). */
export interface PickedSlot {
  slotId: string;
  start: number;
  end: number;
  providerId: string | null;
}

export interface SlotPickerProps {
  roomCode: string;
  /** The viewer's zone: every time is shown in it, with its label. */
  zone: string;
  /** The clinic's zone (room default); named beside the viewer's when it differs. */
  clinicZone?: string | null;
  consultationId?: string;
  providerId?: string;
  intakeId?: string;
  location?: string;
  /** Whether the consultation takes several patients per slot: then places left are shown. */
  isGroup?: boolean;
  selected: PickedSlot | null;
  onSelect: (slot: PickedSlot) => void;
  /** A time just lost to someone else: the nearest open times around it are offered first. */
  lostStart?: number | null;
  /** "now" in seconds; tests pin it. */
  now?: number;
}

/** How far ahead "First available" and the nearest times look. */
const HORIZON_DAYS = 60;
/**
 * How far past the shown month "Next month" looks for open times before it gives up: one read,
 * inside the 92 days the mock allows an availability window (docs/spec-decisions.md), with room
 * for a daylight-saving hour.
 */
const LATER_DAYS = 90;
const NEAREST_COUNT = 6;

export function providerName(provider: RoomProvider | undefined): string {
  if (!provider) return '';
  const name = [provider.title, provider.first_name, provider.last_name].filter(Boolean).join(' ');
  return [name, provider.suffix].filter(Boolean).join(', ');
}

export function placesText(left: number): string {
  return t`${plural(left, { one: '# place left', other: '# places left' })}`;
}

function toPicked(slot: AvailableSlot, data: Availability): PickedSlot {
  const providerId = data.slot_data[slot.slot_id]?.provider_id ?? null;
  return { slotId: slot.slot_id, start: slot.slot_start, end: slot.slot_end, providerId };
}

function earliest(slots: readonly AvailableSlot[]): AvailableSlot | undefined {
  return slots.reduce<AvailableSlot | undefined>(
    (first, slot) => (!first || slot.slot_start < first.slot_start ? slot : first),
    undefined,
  );
}

function maxKey(a: DayKey, b: DayKey): DayKey {
  return a > b ? a : b;
}

/** The open times of one month, `[start, end)` of its days in the zone. */
function monthWindow(month: DayKey, zone: string) {
  return dayWindow(month, daysInMonth(month), zone);
}

/** A month's open times by day in the zone, worked out once per answer (a month holds hundreds). */
function useByDay(data: Availability | undefined, month: DayKey, zone: string) {
  return useMemo(
    () => (data ? groupByDay(data.slots, (s) => s.slot_start, monthDays(month), zone) : null),
    [data, month, zone],
  );
}

/**
 * Open times as a month calendar (a strip of days on narrow screens) with the chosen day's times
 * below under Morning, Afternoon and Evening; "First available" one tap away. Days are the
 * viewer's calendar days: every slot sits on the day its start falls on in the viewer's zone.
 */
export function SlotPicker(props: SlotPickerProps) {
  const { zone } = props;
  const [mountedAt] = useState(() => Math.floor(Date.now() / 1000));
  const now = props.now ?? mountedAt;
  const today = dayKeyOf(now, zone);
  const thisMonth = monthOf(today);
  // Opens on the lost time's day (its neighbours), or on the day of a time restored from the
  // intake; otherwise on the first open day once it is known.
  const [initialDay] = useState<DayKey | null>(() => {
    const start = props.lostStart ?? props.selected?.start ?? null;
    return start ? maxKey(today, dayKeyOf(start, zone)) : null;
  });
  const [month, setMonth] = useState<DayKey | null>(initialDay && monthOf(initialDay));
  const [focusDay, setFocusDay] = useState<DayKey | null>(initialDay);
  const [chosenDay, setChosenDay] = useState<DayKey | null>(initialDay);
  const monthHeading = useId();
  const timesHeading = useId();

  const base: Omit<AvailabilityQuery, 'start' | 'end'> = {
    room_code: props.roomCode,
    ...(props.consultationId ? { consultation_id: props.consultationId } : {}),
    ...(props.providerId ? { provider_id: props.providerId } : {}),
    ...(props.intakeId ? { intake_id: props.intakeId } : {}),
    ...(props.location ? { location: props.location } : {}),
  };
  const aheadWindow = dayWindow(today, HORIZON_DAYS, zone);
  const ahead = useQuery(slotQueries.availability({ ...base, ...aheadWindow }));
  const firstOpen = ahead.data ? earliest(ahead.data.slots) : undefined;
  const firstOpenDay = firstOpen ? dayKeyOf(firstOpen.slot_start, zone) : null;

  const shownMonth = month ?? monthOf(firstOpenDay ?? today);
  const shownDay = chosenDay ?? firstOpenDay;
  const monthQuery = useQuery(slotQueries.availability({ ...base, ...monthWindow(shownMonth, zone) }));
  // Whether anything opens after the shown month ("Next month", and the next open day of an empty month).
  const later = useQuery(
    slotQueries.availability({ ...base, ...dayWindow(addMonths(shownMonth, 1), LATER_DAYS, zone) }),
  );
  // The chosen day may lie in another month than the one shown (the same read when it does not).
  const dayMonth = shownDay ? monthOf(shownDay) : shownMonth;
  const dayQuery = useQuery(slotQueries.availability({ ...base, ...monthWindow(dayMonth, zone) }));
  const providers = useQuery(roomQueries.providers(props.roomCode));
  const nameOf = (id: string | null) => providerName(providers.data?.find((p) => p.id === id));

  const keys = useMemo(() => monthDays(shownMonth), [shownMonth]);
  const byDay = useByDay(monthQuery.data, shownMonth, zone);
  const counts = useMemo(
    () => (byDay ? new Map([...byDay].map(([key, list]) => [key, list.length])) : null),
    [byDay],
  );
  const isMonthEmpty = counts !== null && [...counts.values()].every((count) => count === 0);
  const nextOpen = later.data ? earliest(later.data.slots) : undefined;

  const monthStart = startOfDay(shownMonth, zone);
  const canGoBack =
    shownMonth > thisMonth &&
    (!ahead.data ||
      monthStart > aheadWindow.end ||
      ahead.data.slots.some((slot) => slot.slot_start < monthStart));
  const canGoOn = !later.data || later.data.slots.length > 0;

  const firstOpenInMonth = keys.find((key) => (counts?.get(key) ?? 0) > 0);
  const activeDay =
    focusDay && monthOf(focusDay) === shownMonth
      ? focusDay
      : shownDay && monthOf(shownDay) === shownMonth
        ? shownDay
        : (firstOpenInMonth ?? maxKey(today, shownMonth));

  /** Moves the calendar's tab stop, into the next or previous month only when it has something to show. */
  const moveTo = (day: DayKey) => {
    let next = day;
    if (monthOf(day) < shownMonth && !canGoBack) next = shownMonth;
    else if (monthOf(day) > shownMonth && !canGoOn) next = keys[keys.length - 1] ?? shownMonth;
    setMonth(monthOf(next));
    setFocusDay(next);
    return next;
  };
  const showMonth = (next: DayKey) => {
    setMonth(next);
    setFocusDay(null);
  };
  const choose = (day: DayKey) => {
    setChosenDay(day);
    setFocusDay(day);
    setMonth(monthOf(day));
  };

  const choiceOf = (slot: AvailableSlot, data: Availability): TimeChoice => {
    const picked = toPicked(slot, data);
    // A time restored from the intake has no slot id: it matches by instant and provider.
    const isSelected =
      props.selected !== null &&
      (props.selected.slotId
        ? props.selected.slotId === slot.slot_id
        : props.selected.start === slot.slot_start &&
          (!props.selected.providerId || props.selected.providerId === picked.providerId));
    return {
      slot,
      who: props.providerId ? '' : nameOf(picked.providerId),
      places: props.isGroup && slot.slot_available !== undefined ? placesText(slot.slot_available) : '',
      isSelected,
      onChoose: () => props.onSelect(picked),
    };
  };

  const lost = props.lostStart ?? null;
  const nearest =
    lost !== null && ahead.data
      ? [...ahead.data.slots]
          .sort(
            (a, b) =>
              Math.abs(a.slot_start - lost) - Math.abs(b.slot_start - lost) || a.slot_start - b.slot_start,
          )
          .slice(0, NEAREST_COUNT)
          .sort((a, b) => a.slot_start - b.slot_start)
      : [];
  const nearestByDay = ahead.data
    ? groupByDay(
        nearest,
        (s) => s.slot_start,
        [...new Set(nearest.map((s) => dayKeyOf(s.slot_start, zone)))],
        zone,
      )
    : null;

  const dayData = dayQuery.data;
  const dayByDay = useByDay(dayData, dayMonth, zone);
  const dayTimes =
    shownDay && dayData && dayByDay
      ? (dayByDay.get(shownDay) ?? []).map((slot) => choiceOf(slot, dayData))
      : null;

  const zoneName = zoneInWords(zone);
  const clinicZoneName = props.clinicZone ? zoneInWords(props.clinicZone) : null;
  const firstDay = firstOpenDay ? shortDayInWords(firstOpenDay) : '';
  const firstTime = firstOpen ? formatTime(firstOpen.slot_start, zone) : '';
  const monthName = monthInWords(shownMonth);
  const nextOpenDay = nextOpen ? dayInWords(dayKeyOf(nextOpen.slot_start, zone), true) : '';
  const laterDays = LATER_DAYS;
  return (
    <div className="slot-picker">
      <p className="field-hint">
        {clinicZoneName && clinicZoneName !== zoneName ? (
          <Trans>
            Times are shown in your time zone, {zoneName}. The clinic is on {clinicZoneName}.
          </Trans>
        ) : (
          <Trans>Times are shown in your time zone, {zoneName}.</Trans>
        )}
      </p>
      {nearestByDay && ahead.data && nearest.length > 0 ? (
        <section aria-labelledby="nearest-times" className="slot-nearest">
          <h3 id="nearest-times">
            <Trans>Nearest open times</Trans>
          </h3>
          {[...nearestByDay].map(([day, slots]) => (
            <div key={day}>
              <h4>{dayInWords(day)}</h4>
              <ul className="slot-time-list">
                {slots.map((slot) => (
                  <TimeButton key={slot.slot_id} choice={choiceOf(slot, ahead.data)} zone={zone} />
                ))}
              </ul>
            </div>
          ))}
        </section>
      ) : null}
      {firstOpen && firstOpenDay && ahead.data ? (
        <Button
          variant="secondary"
          className="slot-first"
          onClick={() => {
            choose(firstOpenDay);
            props.onSelect(toPicked(firstOpen, ahead.data));
          }}
        >
          <Trans>
            First available: {firstDay} at {firstTime}
          </Trans>
        </Button>
      ) : null}
      <div className="slot-calendar">
        <div className="slot-month-bar">
          <h3 id={monthHeading} aria-live="polite">
            {monthInWords(shownMonth)}
          </h3>
          <div className="slot-month-nav">
            <Button
              variant="secondary"
              aria-label={t`Previous month`}
              disabled={!canGoBack}
              onClick={() => showMonth(addMonths(shownMonth, -1))}
            >
              <Trans>
                <span aria-hidden="true" className="reading-arrow">
                  ‹
                </span>{' '}
                Previous
              </Trans>
            </Button>
            <Button
              variant="secondary"
              aria-label={t`Next month`}
              disabled={!canGoOn}
              onClick={() => showMonth(addMonths(shownMonth, 1))}
            >
              <Trans>
                Next{' '}
                <span aria-hidden="true" className="reading-arrow">
                  ›
                </span>
              </Trans>
            </Button>
          </div>
        </div>
        <MonthGrid
          labelledBy={monthHeading}
          month={shownMonth}
          activeDay={activeDay}
          chosenDay={shownDay}
          today={today}
          counts={counts}
          onMove={moveTo}
          onChoose={choose}
        />
        <DayStrip
          label={t`Days in ${monthName}`}
          month={shownMonth}
          activeDay={activeDay}
          chosenDay={shownDay}
          today={today}
          counts={counts}
          onMove={moveTo}
          onChoose={choose}
        />
        <p className="field-hint slot-legend">
          <span className="slot-mark" aria-hidden="true" /> <Trans>Days with open times</Trans>
        </p>
        {monthQuery.isPending ? <Spinner label={t`Loading open times…`} /> : null}
        <QueryError query={[monthQuery, dayQuery]} title={t`Open times could not be loaded`} />
        {isMonthEmpty ? (
          <div className="empty-state" role="status">
            <p>
              <Trans>No open times in {monthName}.</Trans>
            </p>
            {nextOpen ? (
              <Button variant="secondary" onClick={() => choose(dayKeyOf(nextOpen.slot_start, zone))}>
                <Trans>Show the next open day: {nextOpenDay}</Trans>
              </Button>
            ) : later.data ? (
              <p>
                <Trans>There are no open times in the {laterDays} days after it either.</Trans>
              </p>
            ) : null}
          </div>
        ) : null}
      </div>
      {shownDay ? (
        <section className="slot-day-times" aria-labelledby={timesHeading}>
          <h3 id={timesHeading} aria-live="polite">
            {dayInWords(shownDay, true)}
          </h3>
          {dayTimes === null ? (
            dayQuery.isPending && dayMonth !== shownMonth ? (
              <Spinner label={t`Loading open times…`} />
            ) : null
          ) : dayTimes.length === 0 ? (
            <p>
              <Trans>No open times are left on this day.</Trans>
            </p>
          ) : (
            <DayTimes choices={dayTimes} zone={zone} />
          )}
        </section>
      ) : null}
    </div>
  );
}
