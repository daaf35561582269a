import { TZDate } from '@date-fns/tz';
import type { SlotGroupRecord, SlotRecord } from '../db.ts';

/**
 * Slot groups (spec 2.8) hold their times as timestamps: `date_start`/`date_end` name the first
 * and last day, `time_start`/`time_end` the daily window, all read as wall-clock values in the
 * group's `timezone`. Expanding a group walks calendar days in that zone, so a 9:00 window stays
 * 9:00 local on both sides of a daylight-saving change.
 */

/**
 * A slot is offered for booking only while it starts at least this long after now (seconds): no
 * appointment is booked minutes before it begins, and what the seed books stays on offer while a
 * test uses it.
 */
export const BOOKING_NOTICE_SECONDS = 15 * 60;

const WEEKDAYS = ['sunday', 'monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday'];

interface Wall {
  year: number;
  month: number;
  day: number;
  minutes: number;
}

function wallOf(seconds: number, zone: string): Wall {
  const date = new TZDate(seconds * 1000, zone);
  return {
    year: date.getFullYear(),
    month: date.getMonth(),
    day: date.getDate(),
    minutes: date.getHours() * 60 + date.getMinutes(),
  };
}

/** The instant of a wall-clock time in a zone (UNIX seconds). */
export function zonedInstant(
  year: number,
  month: number,
  day: number,
  minutes: number,
  zone: string,
): number {
  const date = new TZDate(year, month, day, Math.floor(minutes / 60), minutes % 60, zone);
  return Math.floor(date.getTime() / 1000);
}

/** Days since the epoch of a calendar date (no zone involved). */
const dayNumber = (w: Pick<Wall, 'year' | 'month' | 'day'>) =>
  Math.round(Date.UTC(w.year, w.month, w.day) / 86_400_000);

export interface ExpandedSlot {
  start: number;
  end: number;
}

/** Duration of a group's slots in minutes: its consultation's, else 30. */
export function groupDuration(group: SlotGroupRecord): number {
  const minutes = Number(group.consultation?.duration);
  return Number.isFinite(minutes) && minutes > 0 ? minutes : 30;
}

/** Places per slot: a group consultation's `slots`, else one. */
export function groupCapacity(group: SlotGroupRecord | undefined): number {
  const consultation = group?.consultation;
  if (consultation?.group !== true) return 1;
  const places = Number(consultation.slots);
  return Number.isInteger(places) && places > 0 ? places : 1;
}

/** Every slot a group defines, in time order. */
export function expandGroup(group: SlotGroupRecord): ExpandedSlot[] {
  const zone = group.timezone || 'UTC';
  const first = wallOf(Number(group.date_start), zone);
  const last = wallOf(Number(group.date_end), zone);
  const from = wallOf(Number(group.time_start), zone).minutes;
  const to = wallOf(Number(group.time_end), zone).minutes;
  const length = groupDuration(group) * 60;
  const repeat = group.repeat === true;
  const days = (group.repeat_day ?? []).map((d) => String(d).toLowerCase());
  const everyWeeks = Math.max(1, Number(group.repeat_week) || 1);
  const firstDay = dayNumber(first);
  const lastDay = repeat ? dayNumber(last) : firstDay;
  const slots: ExpandedSlot[] = [];
  for (let n = firstDay; n <= lastDay; n += 1) {
    const date = new Date(n * 86_400_000);
    const weekday = WEEKDAYS[date.getUTCDay()] ?? '';
    if (repeat && days.length > 0 && !days.includes(weekday)) continue;
    if (repeat && Math.floor((n - firstDay) / 7) % everyWeeks !== 0) continue;
    const y = date.getUTCFullYear();
    const m = date.getUTCMonth();
    const d = date.getUTCDate();
    const windowStart = zonedInstant(y, m, d, from, zone);
    const windowEnd = zonedInstant(y, m, d, to, zone);
    for (let start = windowStart; start + length <= windowEnd; start += length) {
      slots.push({ start, end: start + length });
    }
  }
  return slots;
}

/** Materialises a group's slots as open slot records keyed `slot_<group>_<start>`. */
export function slotRecordsOf(group: SlotGroupRecord, created: number): SlotRecord[] {
  return expandGroup(group).map(({ start, end }) => ({
    id: `slot_${group.id.replace(/^grp_/, '')}_${start}`,
    provider_id: group.provider_id,
    account_code: group.account_code,
    start,
    end,
    group_id: group.id,
    status: 10,
    created,
    modified: created,
  }));
}
