import { t } from '@lingui/core/macro';
import { TZDate } from '@date-fns/tz';
import type { Slot } from '@telehealth/client/slots/schemas';
import { VISIT_STATUS, type Visit } from '@telehealth/client/visits/schemas';
import { formatTime } from '@/lib/dates';
import { isAppointment } from '../appointments/appointment-words';
import { firstWeekday } from '@/lib/locale';
import { addDays, dayKeyOf, weekStartOf, type DayKey } from '../utils/days';

/**
 * The provider's calendar as plain data: which blocks a day holds and where they sit. Blocks sit
 * on the zone's wall clock (a block at 9:00 AM is at the 9 AM line on every day, 23- and 25-hour
 * days included) and are as long as they really last, so a block across a daylight-saving change
 * keeps its length. Side by side placement follows the drawn geometry, not the instants, so two
 * blocks in a repeated hour never cover each other.
 */

export type CalendarView = 'day' | 'week';

export type CalendarItem =
  | { kind: 'appointment'; id: string; start: number; end: number; visit: Visit }
  | { kind: 'slot'; id: string; start: number; end: number; slot: Slot; capacity: number; booked: number }
  | {
      kind: 'session';
      id: string;
      start: number;
      end: number;
      slot: Slot;
      capacity: number;
      booked: number;
      visits: Visit[];
    };

export interface PlacedItem {
  item: CalendarItem;
  /** Minutes after the day's wall-clock midnight. */
  top: number;
  /** Real length in minutes. */
  length: number;
  /** Column within its cluster of overlapping blocks, from 0. */
  lane: number;
  /** Columns its cluster needs. */
  lanes: number;
}

const MINUTES_IN_DAY = 24 * 60;
/** Blocks shorter than this are drawn this tall, so they take room when placing side by side. */
export const MIN_DRAWN_MINUTES = 15;

export const isActiveVisit = (v: Visit) =>
  v.status !== VISIT_STATUS.cancelled && v.status !== VISIT_STATUS.completed;

/** Whether the visit takes any of `[start, end)`. */
export const overlaps = (visit: Visit, start: number, end: number) =>
  typeof visit.start === 'number' && visit.start < end && (visit.end ?? visit.start) > start;

/** Places per slot: a group consultation's `slots`, else one. */
export const capacityOf = (slot: Slot) => Math.max(1, Number(slot.group?.consultation?.slots ?? 1) || 1);

const isSession = (slot: Slot) =>
  slot.group?.visit_type === 'group' || slot.group?.consultation?.group === true || capacityOf(slot) > 1;

/**
 * The blocks of the provider's calendar. A group session carries the appointments booked into it; a
 * one-place slot that an active appointment covers is not drawn (the appointment is); every other
 * appointment of the provider is a block of its own.
 */
export function calendarItems(visits: readonly Visit[], slots: readonly Slot[], providerId: string) {
  const mine = visits.filter((v) => v.provider_id === providerId && isAppointment(v));
  const active = mine.filter(isActiveVisit);
  const inSessions = new Set<string>();
  const items: CalendarItem[] = [];
  for (const slot of slots) {
    const covering = active.filter((v) => overlaps(v, slot.start, slot.end));
    if (isSession(slot)) {
      for (const v of covering) inSessions.add(v.id);
      items.push({
        kind: 'session',
        id: slot.id,
        start: slot.start,
        end: slot.end,
        slot,
        capacity: capacityOf(slot),
        booked: covering.length,
        visits: covering,
      });
    } else if (covering.length === 0) {
      items.push({
        kind: 'slot',
        id: slot.id,
        start: slot.start,
        end: slot.end,
        slot,
        capacity: 1,
        booked: 0,
      });
    }
  }
  for (const visit of mine) {
    if (inSessions.has(visit.id) || typeof visit.start !== 'number') continue;
    items.push({
      kind: 'appointment',
      id: visit.id,
      start: visit.start,
      end: visit.end ?? visit.start,
      visit,
    });
  }
  return items.sort((a, b) => a.start - b.start || b.end - a.end || a.id.localeCompare(b.id));
}

/** Minutes after wall-clock midnight of an instant in the zone. */
export function wallMinutes(seconds: number, zone: string): number {
  const date = new TZDate(seconds * 1000, zone);
  return date.getHours() * 60 + date.getMinutes();
}

/**
 * Where each block of one day goes: its wall-clock start, its real length (cut at the day's
 * end), and its column among the blocks it overlaps on screen. The result keeps time order.
 */
export function layoutDay(items: readonly CalendarItem[], zone: string): PlacedItem[] {
  const placed = items
    .map((item) => {
      const top = wallMinutes(item.start, zone);
      const length = Math.min(Math.max(0, (item.end - item.start) / 60), MINUTES_IN_DAY - top);
      return { item, top, length, lane: 0, lanes: 1 };
    })
    .sort((a, b) => a.top - b.top || b.length - a.length || a.item.start - b.item.start);
  const bottom = (p: PlacedItem) => p.top + Math.max(p.length, MIN_DRAWN_MINUTES);
  let cluster: PlacedItem[] = [];
  let laneEnds: number[] = [];
  let clusterEnd = -1;
  const close = () => {
    for (const p of cluster) p.lanes = laneEnds.length;
    cluster = [];
    laneEnds = [];
  };
  for (const p of placed) {
    if (p.top >= clusterEnd) close();
    let lane = laneEnds.findIndex((end) => end <= p.top);
    if (lane === -1) lane = laneEnds.length;
    laneEnds[lane] = bottom(p);
    p.lane = lane;
    cluster.push(p);
    clusterEnd = Math.max(clusterEnd, bottom(p));
  }
  close();
  return placed.sort((a, b) => a.item.start - b.item.start || a.lane - b.lane);
}

/**
 * The hours the grid shows: the working day (8 AM to 6 PM) widened to take in every block,
 * whole hours, within the day.
 */
export function hourRange(days: readonly (readonly PlacedItem[])[], from = 8, to = 18) {
  let first = from * 60;
  let last = to * 60;
  for (const day of days) {
    for (const p of day) {
      first = Math.min(first, p.top);
      last = Math.max(last, p.top + Math.max(p.length, MIN_DRAWN_MINUTES));
    }
  }
  return { first: Math.max(0, Math.floor(first / 60)), last: Math.min(24, Math.ceil(last / 60)) };
}

/** Where the "now" line goes on that day (minutes after wall-clock midnight), or null on other days. */
export function nowOnDay(now: number, key: DayKey, zone: string): number | null {
  return dayKeyOf(now, zone) === key ? wallMinutes(now, zone) : null;
}

/** The days a view shows around a date: that day, or its week from the locale's first weekday. */
export function shownDays(
  view: CalendarView,
  date: DayKey,
  first: number = firstWeekday(),
): { first: DayKey; length: number } {
  return view === 'week' ? { first: weekStartOf(date, first), length: 7 } : { first: date, length: 1 };
}

/** The date the view shows after a step back (-1) or ahead (1). */
export function stepDate(
  view: CalendarView,
  date: DayKey,
  direction: -1 | 1,
  first: number = firstWeekday(),
): DayKey {
  return addDays(view === 'week' ? weekStartOf(date, first) : date, direction * (view === 'week' ? 7 : 1));
}

/** "9:00 to 9:30 AM"; "11:30 AM to 12:30 PM" when the half of the day changes. */
export function timeRangeInWords(start: number, end: number, zone: string): string {
  const from = formatTime(start, zone);
  const to = formatTime(end, zone);
  const half = (text: string) => /\s?[AP]M$/.exec(text)?.[0];
  const fromHalf = half(from);
  const begin = fromHalf && fromHalf === half(to) ? from.slice(0, -fromHalf.length) : from;
  return t({ message: `${begin} to ${to}`, context: 'a time range: 9:00 to 9:30 AM' });
}

/** "2:00 PM": an hour line's label (a wall-clock hour, the same in every zone). */
export function hourLabel(hour: number): string {
  return formatTime(hour * 3600, 'UTC');
}
