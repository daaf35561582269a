/**
 * Times are UNIX seconds in data and shown in the viewer's profile time zone (IANA), with the
 * zone labelled beside every appointment time. Formatting goes through Intl only.
 */

export const browserTimeZone = (): string => Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';

export function isValidTimeZone(zone: unknown): zone is string {
  if (typeof zone !== 'string' || !zone) return false;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
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

const formatters = new Map<string, Intl.DateTimeFormat>();
function formatter(zone: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${zone}|${JSON.stringify(options)}`;
  let f = formatters.get(key);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', { ...options, timeZone: isValidTimeZone(zone) ? zone : 'UTC' });
    formatters.set(key, f);
  }
  return f;
}

const toDate = (seconds: number) => new Date(seconds * 1000);

/** "Tue, Nov 24, 2026" */
export function formatDate(seconds: number, zone: string): string {
  return formatter(zone, { weekday: 'short', month: 'short', day: 'numeric', year: 'numeric' }).format(
    toDate(seconds),
  );
}

/** "9:30 AM" */
export function formatTime(seconds: number, zone: string): string {
  return formatter(zone, { hour: 'numeric', minute: '2-digit' }).format(toDate(seconds));
}

/** The zone's short name at that instant: "EST", "GMT+13". */
export function zoneLabel(seconds: number, zone: string): string {
  const parts = formatter(zone, { timeZoneName: 'short', hour: 'numeric' }).formatToParts(toDate(seconds));
  return parts.find((p) => p.type === 'timeZoneName')?.value ?? zone;
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
  if (s < 60) return `${s} second${s === 1 ? '' : 's'}`;
  const m = Math.round(s / 60);
  if (m < 60) return `${m} minute${m === 1 ? '' : 's'}`;
  const h = Math.floor(m / 60);
  const rest = m % 60;
  return rest ? `${h} h ${rest} min` : `${h} hour${h === 1 ? '' : 's'}`;
}
