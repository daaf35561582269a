import { describe, expect, it } from 'vitest';
import { buildIcs, googleCalendarUrl, icsUtc, uidOf, type CalendarEvent } from './calendar-export';

const event: CalendarEvent = {
  visitId: 'vis_1',
  domain: 'demo',
  start: Date.UTC(2026, 10, 24, 14, 30) / 1000,
  end: Date.UTC(2026, 10, 24, 15, 0) / 1000,
  title: 'Video appointment, General practice',
  description: 'With Dr. Samira Okafor; join from the portal, a few minutes early. Commas, semicolons; fine.',
  location: 'https://demo.rooms.example.test/general',
  sequence: 0,
  stamp: Date.UTC(2026, 10, 22, 12, 0) / 1000,
  zone: 'America/New_York',
};

function unfold(text: string): string[] {
  return text.replace(/\r\n /g, '').split('\r\n');
}

describe('calendar export', () => {
  it('writes a valid VEVENT in UTC with a stable UID and escaped text', () => {
    const ics = buildIcs(event);
    expect(ics.endsWith('\r\n')).toBe(true);
    expect(ics.split('\r\n').every((line) => new TextEncoder().encode(line).length <= 75)).toBe(true);
    const lines = unfold(ics);
    expect(lines).toContain('DTSTART:20261124T143000Z');
    expect(lines).toContain('DTEND:20261124T150000Z');
    expect(lines).toContain('UID:visit-vis_1@demo');
    expect(lines).toContain('SEQUENCE:0');
    expect(lines).toContain('STATUS:CONFIRMED');
    expect(lines.find((l) => l.startsWith('DESCRIPTION:'))).toBe(
      'DESCRIPTION:With Dr. Samira Okafor\\; join from the portal\\, a few minutes early. Commas\\, semicolons\\; fine.',
    );
    expect(lines[0]).toBe('BEGIN:VCALENDAR');
    expect(lines.at(-2)).toBe('END:VCALENDAR');
  });

  it('escapes CRLF, a lone LF and a lone CR as \\n, and backslash, semicolon and comma (RFC 5545 3.3.11)', () => {
    const ics = buildIcs({ ...event, description: 'one\r\ntwo\nthree\rfour \\ a;b,c' });
    expect(unfold(ics).find((l) => l.startsWith('DESCRIPTION:'))).toBe(
      'DESCRIPTION:one\\ntwo\\nthree\\nfour \\\\ a\\;b\\,c',
    );
    // No bare CR or LF anywhere but the CRLF line ends.
    expect(ics.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/);
  });

  it('keeps the UID and raises SEQUENCE when the appointment moves or is cancelled', () => {
    const moved = unfold(
      buildIcs({ ...event, start: event.start + 3600, end: event.end + 3600, sequence: 3 }),
    );
    expect(moved).toContain(`UID:${uidOf(event)}`);
    expect(moved).toContain('SEQUENCE:3');
    const cancelled = unfold(buildIcs({ ...event, sequence: 4, isCancelled: true }));
    expect(cancelled).toContain('STATUS:CANCELLED');
    expect(cancelled).toContain('METHOD:CANCEL');
  });

  it('formats UTC stamps without separators', () => {
    expect(icsUtc(0)).toBe('19700101T000000Z');
  });

  it('links to a Google Calendar event template with the same instants', () => {
    const url = new URL(googleCalendarUrl(event));
    expect(url.origin).toBe('https://calendar.google.com');
    expect(url.searchParams.get('action')).toBe('TEMPLATE');
    expect(url.searchParams.get('dates')).toBe('20261124T143000Z/20261124T150000Z');
    expect(url.searchParams.get('ctz')).toBe('America/New_York');
  });
});
