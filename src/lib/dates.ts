/**
 * Times are UNIX seconds in data and shown in the viewer's profile time zone (IANA), with the
 * zone labelled beside every appointment time. Formatting goes through Intl only, in formatLocale().
 */
import { formatLocale, plural } from './locale';

// Building an Intl.DateTimeFormat costs far more than using one, and the viewer's zone is looked up
// on every render of every time on screen: the browser's zone, each zone's validity and each
// formatter are built once and kept.
let browserZone: string | undefined;
export const browserTimeZone = (): string =>
  (browserZone ??= Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC');

const zoneValidity = new Map<string, boolean>();
export function isValidTimeZone(zone: unknown): zone is string {
  if (typeof zone !== 'string' || !zone) return false;
  let valid = zoneValidity.get(zone);
  if (valid === undefined) {
    try {
      new Intl.DateTimeFormat(formatLocale(), { timeZone: zone });
      valid = true;
    } catch {
      valid = false;
    }
    zoneValidity.set(zone, valid);
  }
  return valid;
}

/** Every IANA zone the browser knows, for the profile's searchable list. */
export function listTimeZones(): string[] {
  const intl = Intl as typeof Intl & { supportedValuesOf?: (key: 'timeZone') => string[] };
  return (
    intl.supportedValuesOf?.('timeZone') ?? [
      'UTC',
      'America/New_York',
      'America/Chicago',
      'America/Denver',
      'America/Los_Angeles',
    ]
  );
}

const DATE: Intl.DateTimeFormatOptions = {
  weekday: 'short',
  month: 'short',
  day: 'numeric',
  year: 'numeric',
};
const TIME: Intl.DateTimeFormatOptions = { hour: 'numeric', minute: '2-digit' };
const CALENDAR_DATE: Intl.DateTimeFormatOptions = { year: 'numeric', month: '2-digit', day: '2-digit' };
const ZONE_NAME: Intl.DateTimeFormatOptions = { timeZoneName: 'short', hour: 'numeric' };

/**
 * One formatter per locale, zone and style (the styles are the constants above, so the key is cheap).
 * The locale is part of the key: the page's language may change while the app runs.
 */
const formatters = new Map<string, Map<Intl.DateTimeFormatOptions, Intl.DateTimeFormat>>();
function formatter(zone: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const locale = formatLocale();
  const key = `${locale}|${zone}`;
  let byStyle = formatters.get(key);
  if (!byStyle) {
    byStyle = new Map<Intl.DateTimeFormatOptions, Intl.DateTimeFormat>();
    formatters.set(key, byStyle);
  }
  let f = byStyle.get(options);
  if (!f) {
    f = new Intl.DateTimeFormat(locale, { ...options, timeZone: isValidTimeZone(zone) ? zone : 'UTC' });
    byStyle.set(options, f);
  }
  return f;
}

const toDate = (seconds: number) => new Date(seconds * 1000);

/** "Tue, Nov 24, 2026" */
export function formatDate(seconds: number, zone: string): string {
  return formatter(zone, DATE).format(toDate(seconds));
}

/** "9:30 AM" */
export function formatTime(seconds: number, zone: string): string {
  return formatter(zone, TIME).format(toDate(seconds));
}

/** The zone's short name at that instant: "EST", "GMT+13". */
export function zoneLabel(seconds: number, zone: string): string {
  const parts = formatter(zone, ZONE_NAME).formatToParts(toDate(seconds));
  return parts.find((p) => p.type === 'timeZoneName')?.value ?? zone;
}

const zoneWords = new Map<string, string>();
/**
 * The zone named in words, as people say it: "Eastern Time", "Pacific Time", "India
 * Standard Time" (the generic name, the same in summer and winter); the city when the browser has
 * no such name. Never the IANA identifier.
 */
export function zoneInWords(zone: string): string {
  const locale = formatLocale();
  const key = `${locale}|${zone}`;
  const known = zoneWords.get(key);
  if (known) return known;
  let words: string;
  try {
    const parts = new Intl.DateTimeFormat(locale, {
      timeZone: isValidTimeZone(zone) ? zone : 'UTC',
      timeZoneName: 'longGeneric',
    }).formatToParts(new Date());
    words = parts.find((p) => p.type === 'timeZoneName')?.value ?? '';
  } catch {
    words = '';
  }
  // Browsers without a generic name answer "GMT+05:30" or the city ("Kolkata Time"): keep a city.
  if (!words || /^GMT|^UTC/.test(words)) {
    const city = zone.split('/').pop()?.replace(/_/g, ' ');
    words = city && zone.includes('/') ? `${city} time` : 'Coordinated Universal Time';
  }
  zoneWords.set(key, words);
  return words;
}

/** The calendar date (`YYYY-MM-DD`) of an instant in a zone: "today" for a date field's limit. */
export function calendarDateIn(seconds: number, zone: string): string {
  const parts = formatter(zone, CALENDAR_DATE).formatToParts(toDate(seconds));
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  return `${part('year')}-${part('month')}-${part('day')}`;
}

/** "Tue, Nov 24, 2026, 9:30 AM EST": date, time and the zone label. */
export function formatDateTime(seconds: number, zone: string): string {
  return `${formatDate(seconds, zone)}, ${formatTime(seconds, zone)} ${zoneLabel(seconds, zone)}`;
}

/** "9:30 – 10:00 AM EST" style range on one day, or two full date-times across days. */
export function formatRange(start: number, end: number, zone: string): string {
  if (formatDate(start, zone) === formatDate(end, zone)) {
    return `${formatDate(start, zone)}, ${formatTime(start, zone)} – ${formatTime(end, zone)} ${zoneLabel(end, zone)}`;
  }
  return `${formatDateTime(start, zone)} – ${formatDateTime(end, zone)}`;
}

/** "3 minutes", "about 1 hour": for waits and countdowns. */
export function formatDuration(seconds: number): string {
  const s = Math.max(0, Math.round(seconds));
  if (s < 60) return plural(s, { one: '# second', other: '# seconds' });
  const m = Math.round(s / 60);
  const minutes = (n: number) => plural(n, { one: '# minute', other: '# minutes' });
  if (m < 60) return minutes(m);
  const h = Math.floor(m / 60);
  const rest = m % 60;
  const hours = plural(h, { one: '# hour', other: '# hours' });
  return rest ? `${hours} ${minutes(rest)}` : hours;
}

const OFFSET_PARTS: Intl.DateTimeFormatOptions = {
  year: 'numeric',
  month: 'numeric',
  day: 'numeric',
  hour: 'numeric',
  minute: 'numeric',
  second: 'numeric',
  hourCycle: 'h23',
};

/**
 * Minutes the zone's clocks are ahead of UTC at that instant: -300 for New York in winter, 330 for
 * Kolkata, 0 for an unknown zone. Read from the zone's wall clock, so it needs no `shortOffset`.
 */
export function zoneOffsetMinutes(seconds: number, zone: string): number {
  const whole = Math.floor(seconds);
  const parts = formatter(zone, OFFSET_PARTS).formatToParts(toDate(whole));
  const part = (type: string) => Number(parts.find((p) => p.type === type)?.value ?? 0);
  const wall = Date.UTC(
    part('year'),
    part('month') - 1,
    part('day'),
    part('hour'),
    part('minute'),
    part('second'),
  );
  return Math.round((wall / 1000 - whole) / 60);
}

/** "UTC−5", "UTC+5:30", "UTC+0": the zone's offset at that instant, with a true minus sign. */
export function utcOffsetInWords(seconds: number, zone: string): string {
  const minutes = zoneOffsetMinutes(seconds, zone);
  const sign = minutes < 0 ? '\u2212' : '+';
  const abs = Math.abs(minutes);
  const rest = abs % 60;
  return `UTC${sign}${Math.floor(abs / 60)}${rest ? `:${String(rest).padStart(2, '0')}` : ''}`;
}

const zoneWordsNow = new Map<string, string>();
/**
 * The zone named in words as it is at that instant ("Eastern Time" for Detroit, "Alaska Time" for
 * Juneau), where `zoneInWords` names it as it was in 1970. Same fallbacks: a city, never the IANA
 * identifier. Kept per zone: a zone's generic name changes only when its rules do.
 */
export function zoneInWordsAt(seconds: number, zone: string): string {
  const locale = formatLocale();
  const key = `${locale}|${zone}`;
  const known = zoneWordsNow.get(key);
  if (known) return known;
  let words: string;
  try {
    const parts = new Intl.DateTimeFormat(locale, {
      timeZone: isValidTimeZone(zone) ? zone : 'UTC',
      timeZoneName: 'longGeneric',
    }).formatToParts(toDate(seconds));
    words = parts.find((p) => p.type === 'timeZoneName')?.value ?? '';
  } catch {
    words = '';
  }
  if (!words || /^GMT|^UTC/.test(words)) words = zoneInWords(zone);
  zoneWordsNow.set(key, words);
  return words;
}
