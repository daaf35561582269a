import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { roomQueries } from '@/api/rooms/queries';
import type { RoomProvider } from '@/api/rooms/schemas';
import { slotQueries } from '@/api/slots/queries';
import type { AvailabilityQuery, AvailableSlot, Availability } from '@/api/slots/schemas';
import { QueryError } from '@/components/feedback/query-state';
import { Spinner } from '@/components/feedback/status';
import { Button } from '@/components/ui/button';
import { formatDate, zoneInWords } from '@/lib/dates';
import { addDays, dayKeyOf, dayKeys, dayWindow, displayTime, groupByDay, type DayKey } from '../utils/days';

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
  /** The clinic's zone (room default); shown beside the chosen time when it differs. */
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

const DAYS_SHOWN = 7;
/** How far ahead "first open time" and "next open day" look. */
const HORIZON_DAYS = 60;
const NEAREST_COUNT = 6;

export function providerName(provider: RoomProvider | undefined): string {
  if (!provider) return '';
  const name = [provider.title, provider.first_name, provider.last_name].filter(Boolean).join(' ');
  return [name, provider.suffix].filter(Boolean).join(', ');
}

function toPicked(slot: AvailableSlot, data: Availability): PickedSlot {
  const providerId = data.slot_data[slot.slot_id]?.provider_id ?? null;
  return { slotId: slot.slot_id, start: slot.slot_start, end: slot.slot_end, providerId };
}

/** Days with open times, one week at a time, in the viewer's zone. */
export function SlotPicker(props: SlotPickerProps) {
  const [mountedAt] = useState(() => Math.floor(Date.now() / 1000));
  const now = props.now ?? mountedAt;
  const today = dayKeyOf(now, props.zone);
  const [first, setFirst] = useState<DayKey>(() =>
    props.lostStart ? maxKey(today, dayKeyOf(props.lostStart, props.zone)) : today,
  );
  const base: Omit<AvailabilityQuery, 'start' | 'end'> = {
    room_code: props.roomCode,
    ...(props.consultationId ? { consultation_id: props.consultationId } : {}),
    ...(props.providerId ? { provider_id: props.providerId } : {}),
    ...(props.intakeId ? { intake_id: props.intakeId } : {}),
    ...(props.location ? { location: props.location } : {}),
  };
  const window = dayWindow(first, DAYS_SHOWN, props.zone);
  const week = useQuery(slotQueries.availability({ ...base, ...window }));
  const ahead = useQuery(
    slotQueries.availability({ ...base, ...dayWindow(today, HORIZON_DAYS, props.zone) }),
  );
  const providers = useQuery(roomQueries.providers(props.roomCode));
  const nameOf = (id: string | null) => providerName(providers.data?.find((p) => p.id === id));
  const showProvider = !props.providerId;

  const keys = dayKeys(first, DAYS_SHOWN);
  const byDay = week.data ? groupByDay(week.data.slots, (s) => s.slot_start, keys, props.zone) : null;
  const isEmpty = byDay !== null && [...byDay.values()].every((list) => list.length === 0);
  const firstOpen = ahead.data?.slots[0];
  const nextOpen = ahead.data?.slots.find((s) => s.slot_start >= window.end);
  const nearest =
    props.lostStart && ahead.data
      ? [...ahead.data.slots]
          .sort(
            (a, b) =>
              Math.abs(a.slot_start - (props.lostStart ?? 0)) -
                Math.abs(b.slot_start - (props.lostStart ?? 0)) || a.slot_start - b.slot_start,
          )
          .slice(0, NEAREST_COUNT)
          .sort((a, b) => a.slot_start - b.slot_start)
      : [];
  const canGoBack = first > today;
  const go = (key: DayKey) => setFirst(maxKey(today, key));

  const timeButton = (slot: AvailableSlot, data: Availability) => {
    const picked = toPicked(slot, data);
    // A time restored from the intake has no slot id: it matches by instant and provider.
    const isSelected =
      props.selected !== null &&
      (props.selected.slotId
        ? props.selected.slotId === slot.slot_id
        : props.selected.start === slot.slot_start &&
          (!props.selected.providerId || props.selected.providerId === picked.providerId));
    const who = showProvider ? nameOf(picked.providerId) : '';
    const places = props.isGroup && slot.slot_available !== undefined ? placesText(slot.slot_available) : '';
    return (
      <li key={slot.slot_id}>
        <Button
          variant={isSelected ? 'primary' : 'secondary'}
          className="slot-time"
          aria-pressed={isSelected}
          onClick={() => props.onSelect(picked)}
        >
          <span>{displayTime(slot.slot_start, props.zone)}</span>
          {who ? (
            <>
              {' '}
              <span className="slot-detail">with {who}</span>
            </>
          ) : null}
          {places ? (
            <>
              {', '}
              <span className="slot-detail">{places}</span>
            </>
          ) : null}
        </Button>
      </li>
    );
  };

  return (
    <div className="slot-picker">
      <p className="field-hint">
        Times are shown in your time zone, {zoneInWords(props.zone)}.
        {props.clinicZone && zoneInWords(props.clinicZone) !== zoneInWords(props.zone)
          ? ` The clinic is on ${zoneInWords(props.clinicZone)}.`
          : ''}
      </p>
      {nearest.length > 0 && ahead.data ? (
        <section aria-labelledby="nearest-times">
          <h3 id="nearest-times">Nearest open times</h3>
          <ul className="slot-times">{nearest.map((slot) => timeButton(slot, ahead.data))}</ul>
        </section>
      ) : null}
      <nav className="slot-nav" aria-label="Choose days">
        <Button variant="secondary" onClick={() => go(addDays(first, -DAYS_SHOWN))} disabled={!canGoBack}>
          Previous week
        </Button>
        <Button variant="secondary" onClick={() => go(addDays(first, -1))} disabled={!canGoBack}>
          Previous day
        </Button>
        <Button variant="secondary" onClick={() => go(addDays(first, 1))}>
          Next day
        </Button>
        <Button variant="secondary" onClick={() => go(addDays(first, DAYS_SHOWN))}>
          Next week
        </Button>
        <Button
          variant="secondary"
          disabled={!firstOpen}
          onClick={() => firstOpen && go(dayKeyOf(firstOpen.slot_start, props.zone))}
        >
          First open time
        </Button>
      </nav>
      <h3 className="slot-range" aria-live="polite">
        {formatDate(window.start, props.zone)} to {formatDate(window.end - 1, props.zone)}
      </h3>
      {week.isPending ? <Spinner label="Loading open times…" /> : null}
      <QueryError query={week} title="Open times could not be loaded" />
      {isEmpty ? (
        <div className="empty-state" role="status">
          <p>No open times on these days.</p>
          {nextOpen ? (
            <Button variant="secondary" onClick={() => go(dayKeyOf(nextOpen.slot_start, props.zone))}>
              Show the next open day: {formatDate(nextOpen.slot_start, props.zone)}
            </Button>
          ) : ahead.data ? (
            <p>There are no open times in the next {HORIZON_DAYS} days.</p>
          ) : null}
        </div>
      ) : null}
      {byDay && week.data && !isEmpty ? (
        <div className="slot-days">
          {keys.map((key) => {
            const list = byDay.get(key) ?? [];
            const label = formatDate(dayWindow(key, 1, props.zone).start, props.zone);
            return (
              <section key={key} className="slot-day" aria-label={label}>
                <h4>{label}</h4>
                {list.length === 0 ? (
                  <p className="field-hint">No open times</p>
                ) : (
                  <ul className="slot-times">{list.map((slot) => timeButton(slot, week.data))}</ul>
                )}
              </section>
            );
          })}
        </div>
      ) : null}
    </div>
  );
}

function maxKey(a: DayKey, b: DayKey): DayKey {
  return a > b ? a : b;
}

export function placesText(left: number): string {
  return `${left} ${left === 1 ? 'place' : 'places'} left`;
}
