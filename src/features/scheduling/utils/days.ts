import { TZDate } from '@date-fns/tz';
import { calendarDateIn, formatTime, zoneLabel } from '@/lib/dates';
import { formatLocale } from '@/lib/locale';

/**
 * Calendar days in a time zone. A day is named by its key `YYYY-MM-DD` (a date without a zone);
 * stepping days and weeks works on keys, and only turning a key into an instant involves the
 * zone, so 23- and 25-hour days (and zones that skip midnight) can never shift a day.
 */

export type DayKey = string;

const pad = (n: number) => String(n).padStart(2, '0');

function keyOfParts(year: number, month: number, day: number): DayKey {
  return `${String(year).padStart(4, '0')}-${pad(month + 1)}-${pad(day)}`;
}

function partsOf(key: DayKey): { year: number; month: number; day: number } {
  const [year, month, day] = key.split('-').map(Number);
  return { year: year ?? 1970, month: (month ?? 1) - 1, day: day ?? 1 };
}

/**
 * The day an instant (UNIX seconds) falls on in the zone. Read with one kept Intl formatter:
 * a month's availability puts hundreds of slots on their days at every render.
 */
export function dayKeyOf(seconds: number, zone: string): DayKey {
  return calendarDateIn(seconds, zone);
}

/** The key `n` calendar days after (or before) `key`. */
export function addDays(key: DayKey, n: number): DayKey {
  const { year, month, day } = partsOf(key);
  const date = new Date(Date.UTC(year, month, day + n));
  return keyOfParts(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate());
}

/** Whole days from `a` to `b`. */
export function daysBetween(a: DayKey, b: DayKey): number {
  const pa = partsOf(a);
  const pb = partsOf(b);
  return Math.round((Date.UTC(pb.year, pb.month, pb.day) - Date.UTC(pa.year, pa.month, pa.day)) / 86_400_000);
}

/** 0 = Sunday … 6 = Saturday. */
export function weekdayOf(key: DayKey): number {
  const { year, month, day } = partsOf(key);
  return new Date(Date.UTC(year, month, day)).getUTCDay();
}

/** Days from the start of its week to `key`, for weeks starting on `firstWeekday` (0 = Sunday). */
export function dayOfWeek(key: DayKey, firstWeekday = 0): number {
  return (weekdayOf(key) - firstWeekday + 7) % 7;
}

/** The day that starts the week of `key`: a Sunday by default, `firstWeekday` where the locale says. */
export function weekStartOf(key: DayKey, firstWeekday = 0): DayKey {
  return addDays(key, -dayOfWeek(key, firstWeekday));
}

/**
 * The first instant (UNIX seconds) of a day in the zone. Usually local midnight; where a
 * daylight-saving change skips midnight, the first instant that exists on that day.
 */
export function startOfDay(key: DayKey, zone: string): number {
  const { year, month, day } = partsOf(key);
  // Local midnight, read as UTC, minus the zone's offset around then; then correct by search.
  let guess = Math.floor(new TZDate(year, month, day, 0, 0, zone).getTime() / 1000);
  // Step back while the previous minute is still on this day (the guess can land late on a skipped midnight).
  while (dayKeyOf(guess - 60, zone) === key) guess -= 60;
  // Step forward while the guess is still on the day before.
  while (dayKeyOf(guess, zone) < key) guess += 60;
  return guess;
}

/** The instants `[start, end)` covering `days` whole days from `first` in the zone. */
export function dayWindow(first: DayKey, days: number, zone: string): { start: number; end: number } {
  return { start: startOfDay(first, zone), end: startOfDay(addDays(first, days), zone) };
}

/** `days` consecutive keys from `first`. */
export function dayKeys(first: DayKey, days: number): DayKey[] {
  return Array.from({ length: days }, (_, i) => addDays(first, i));
}

/**
 * Puts each item on the day its start falls on in the zone, in time order, once. Items outside
 * the given days are left out (the caller asked for exactly these days).
 */
export function groupByDay<T>(
  items: readonly T[],
  startOf: (item: T) => number,
  keys: readonly DayKey[],
  zone: string,
) {
  const byDay = new Map<DayKey, T[]>(keys.map((key) => [key, []]));
  for (const item of items) byDay.get(dayKeyOf(startOf(item), zone))?.push(item);
  for (const list of byDay.values()) list.sort((a, b) => startOf(a) - startOf(b));
  return byDay;
}

/** What a slot button shows: "9:30 AM EST". */
export function displayTime(seconds: number, zone: string): string {
  return `${formatTime(seconds, zone)} ${zoneLabel(seconds, zone)}`;
}

/**
 * The instant a displayed time names on a day: the inverse of `displayTime` for minute-aligned
 * instants. Where the clock repeats an hour, the zone label tells the two apart.
 */
export function parseDisplayed(key: DayKey, text: string, zone: string): number | null {
  const match = /^(\d{1,2}):(\d{2})\s*([AP]M)\s+(.+)$/.exec(text.replace(/\u202f/g, ' ').trim());
  if (!match) return null;
  const [, h, m, ampm, label] = match;
  const hour = (Number(h) % 12) + (ampm === 'PM' ? 12 : 0);
  const minutes = hour * 60 + Number(m);
  const start = startOfDay(key, zone);
  const end = startOfDay(addDays(key, 1), zone);
  // The wall time read as UTC, corrected by each offset the zone has on that day.
  const { year, month, day } = partsOf(key);
  const naive = Date.UTC(year, month, day) / 1000 + minutes * 60;
  const offsets = new Set([start, end - 1].map((t) => new TZDate(t * 1000, zone).getTimezoneOffset()));
  for (const offset of offsets) {
    const t = naive + offset * 60;
    if (t >= start && t < end && matchesWall(t, zone, minutes) && zoneLabel(t, zone) === label) return t;
  }
  return null;
}

function matchesWall(seconds: number, zone: string, minutes: number): boolean {
  const date = new TZDate(seconds * 1000, zone);
  return date.getHours() * 60 + date.getMinutes() === minutes;
}

/** The first day of the month `key` falls in. */
export function monthOf(key: DayKey): DayKey {
  const { year, month } = partsOf(key);
  return keyOfParts(year, month, 1);
}

/** How many days the month of `key` has. */
export function daysInMonth(key: DayKey): number {
  const { year, month } = partsOf(key);
  return new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
}

/**
 * The same day of the month `n` months later (or earlier), kept inside the month: a step from
 * January 31 lands on the last day of February.
 */
export function addMonths(key: DayKey, n: number): DayKey {
  const { year, month, day } = partsOf(key);
  const first = new Date(Date.UTC(year, month + n, 1));
  const target = keyOfParts(first.getUTCFullYear(), first.getUTCMonth(), 1);
  return keyOfParts(first.getUTCFullYear(), first.getUTCMonth(), Math.min(day, daysInMonth(target)));
}

/** Every day of the month of `key`, in order. */
export function monthDays(key: DayKey): DayKey[] {
  return dayKeys(monthOf(key), daysInMonth(key));
}

/**
 * The month of `key` as calendar rows of seven places from `firstWeekday` (0 = Sunday, the default;
 * 1 = Monday…), `null` where the place belongs to the month before or after.
 */
export function monthWeeks(key: DayKey, firstWeekday = 0): (DayKey | null)[][] {
  const days = monthDays(key);
  const lead = dayOfWeek(days[0] ?? key, firstWeekday);
  const cells: (DayKey | null)[] = [...Array<null>(lead).fill(null), ...days];
  while (cells.length % 7 !== 0) cells.push(null);
  return Array.from({ length: cells.length / 7 }, (_, row) => cells.slice(row * 7, row * 7 + 7));
}

// A key names a date without a zone: it is formatted as that date at UTC midnight, read in UTC.
const DAY_WORDS: Intl.DateTimeFormatOptions = {
  weekday: 'long',
  month: 'long',
  day: 'numeric',
  timeZone: 'UTC',
};
const DAY_YEAR_WORDS: Intl.DateTimeFormatOptions = {
  weekday: 'long',
  month: 'long',
  day: 'numeric',
  year: 'numeric',
  timeZone: 'UTC',
};
const SHORT_DAY_WORDS: Intl.DateTimeFormatOptions = {
  weekday: 'short',
  month: 'short',
  day: 'numeric',
  timeZone: 'UTC',
};
const MONTH_WORDS: Intl.DateTimeFormatOptions = { month: 'long', year: 'numeric', timeZone: 'UTC' };
const WEEKDAY_WORDS: Intl.DateTimeFormatOptions = { weekday: 'long', timeZone: 'UTC' };
const WEEKDAY_SHORT: Intl.DateTimeFormatOptions = { weekday: 'short', timeZone: 'UTC' };

// One formatter per style and locale, built on first use: a calendar formats dozens of days per
// render, and the page's language may change while the app runs.
const formats = new Map<Intl.DateTimeFormatOptions, Map<string, Intl.DateTimeFormat>>();
function format(options: Intl.DateTimeFormatOptions, date: Date): string {
  const locale = formatLocale();
  let byLocale = formats.get(options);
  if (!byLocale) {
    byLocale = new Map<string, Intl.DateTimeFormat>();
    formats.set(options, byLocale);
  }
  let f = byLocale.get(locale);
  if (!f) {
    f = new Intl.DateTimeFormat(locale, options);
    byLocale.set(locale, f);
  }
  return f.format(date);
}

const dateOfKey = (key: DayKey) => {
  const { year, month, day } = partsOf(key);
  return new Date(Date.UTC(year, month, day));
};

/** "Thursday, December 3"; with `withYear`, "Thursday, December 3, 2026". */
export function dayInWords(key: DayKey, withYear = false): string {
  return format(withYear ? DAY_YEAR_WORDS : DAY_WORDS, dateOfKey(key));
}

/** "Thu, Dec 3" */
export function shortDayInWords(key: DayKey): string {
  return format(SHORT_DAY_WORDS, dateOfKey(key));
}

/** "December 2026" */
export function monthInWords(key: DayKey): string {
  return format(MONTH_WORDS, dateOfKey(key));
}

/** "Thursday" (`'long'`) or "Thu" (`'short'`). */
export function weekdayInWords(key: DayKey, style: 'long' | 'short' = 'long'): string {
  return format(style === 'long' ? WEEKDAY_WORDS : WEEKDAY_SHORT, dateOfKey(key));
}

/** The day of the month: 3 for `2026-12-03`. */
export function dayOfMonth(key: DayKey): number {
  return partsOf(key).day;
}

export type PartOfDay = 'morning' | 'afternoon' | 'evening';

/** Morning before noon, afternoon until 5 PM, evening after, on the zone's wall clock. */
export function partOfDay(seconds: number, zone: string): PartOfDay {
  const hour = new TZDate(seconds * 1000, zone).getHours();
  return hour < 12 ? 'morning' : hour < 17 ? 'afternoon' : 'evening';
}
