/**
 * Calendar exports of an appointment: an iCalendar (.ics) file and a Google Calendar link. Times
 * are written in UTC (`…Z`), which every calendar reads without a VTIMEZONE block; the event's
 * `UID` is stable per visit and `SEQUENCE` grows with every change, so a re-imported file
 * updates the same event. Nothing that names the patient goes into either.
 */

export interface CalendarEvent {
  visitId: string;
  /** Clinic domain or account code; makes the UID globally unique. */
  domain: string;
  start: number;
  end: number;
  title: string;
  description: string;
  location?: string;
  /** Grows with every change of the visit (reschedule, cancel). */
  sequence: number;
  /** Last change (UNIX seconds), written as DTSTAMP. */
  stamp: number;
  isCancelled?: boolean;
  isTentative?: boolean;
  /** The viewer's zone, a hint for Google Calendar's display. */
  zone?: string;
}

/** 20261124T143000Z */
export function icsUtc(seconds: number): string {
  return new Date(seconds * 1000)
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');
}

/**
 * TEXT escaping (RFC 5545 3.3.11): backslash, semicolon and comma escaped, and every line break
 * (CRLF, a lone LF, a lone CR) written as `\n`; a bare CR would otherwise end the content line.
 */
function escapeText(value: string): string {
  return value
    .replace(/\\/g, '\\\\')
    .replace(/;/g, '\\;')
    .replace(/,/g, '\\,')
    .replace(/\r\n|\r|\n/g, '\\n');
}

/** Folds content lines longer than 75 octets (RFC 5545 3.1), never splitting a character. */
function fold(line: string): string {
  const encoder = new TextEncoder();
  const parts: string[] = [];
  let current = '';
  for (const char of line) {
    const limit = parts.length === 0 ? 75 : 74;
    if (encoder.encode(current + char).length > limit) {
      parts.push(current);
      current = char;
    } else {
      current += char;
    }
  }
  parts.push(current);
  return parts.join('\r\n ');
}

export function uidOf(event: Pick<CalendarEvent, 'visitId' | 'domain'>): string {
  return `visit-${event.visitId}@${event.domain}`;
}

/** The .ics text, CRLF line endings. */
export function buildIcs(event: CalendarEvent): string {
  const status = event.isCancelled ? 'CANCELLED' : event.isTentative ? 'TENTATIVE' : 'CONFIRMED';
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Telehealth portal//Appointments//EN',
    'CALSCALE:GREGORIAN',
    `METHOD:${event.isCancelled ? 'CANCEL' : 'PUBLISH'}`,
    'BEGIN:VEVENT',
    `UID:${uidOf(event)}`,
    `SEQUENCE:${Math.max(0, Math.floor(event.sequence))}`,
    `DTSTAMP:${icsUtc(event.stamp)}`,
    `DTSTART:${icsUtc(event.start)}`,
    `DTEND:${icsUtc(event.end)}`,
    `SUMMARY:${escapeText(event.title)}`,
    `DESCRIPTION:${escapeText(event.description)}`,
    ...(event.location ? [`LOCATION:${escapeText(event.location)}`] : []),
    `STATUS:${status}`,
    'END:VEVENT',
    'END:VCALENDAR',
  ];
  return `${lines.map(fold).join('\r\n')}\r\n`;
}

/** "Add to Google Calendar" link (the event template form). */
export function googleCalendarUrl(event: CalendarEvent): string {
  const params = new URLSearchParams({
    action: 'TEMPLATE',
    text: event.title,
    dates: `${icsUtc(event.start)}/${icsUtc(event.end)}`,
    details: event.description,
  });
  if (event.location) params.set('location', event.location);
  if (event.zone) params.set('ctz', event.zone);
  return `https://calendar.google.com/calendar/render?${params.toString()}`;
}
