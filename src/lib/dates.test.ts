import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  calendarDateIn,
  formatDateTime,
  formatRange,
  formatTime,
  isValidTimeZone,
  zoneInWords,
  zoneLabel,
} from './dates';

describe('dates', () => {
  it('shows the same instant in the viewer’s zone with the zone labelled', () => {
    const instant = Date.UTC(2026, 10, 24, 14, 30) / 1000;
    expect(formatDateTime(instant, 'America/New_York')).toBe('Tue, Nov 24, 2026, 9:30 AM EST');
    expect(formatDateTime(instant, 'Pacific/Auckland')).toBe('Wed, Nov 25, 2026, 3:30 AM GMT+13');
  });

  it('labels daylight saving correctly on both sides of the US change (2026-11-01)', () => {
    const before = Date.UTC(2026, 10, 1, 5, 30) / 1000; // 1:30 EDT
    const after = Date.UTC(2026, 10, 1, 6, 30) / 1000; // 1:30 EST
    expect(formatTime(before, 'America/New_York')).toBe(formatTime(after, 'America/New_York'));
    expect(zoneLabel(before, 'America/New_York')).toBe('EDT');
    expect(zoneLabel(after, 'America/New_York')).toBe('EST');
  });

  it('falls back to UTC for an unknown zone instead of throwing', () => {
    expect(isValidTimeZone('Mars/Olympus')).toBe(false);
    expect(formatTime(0, 'Mars/Olympus')).toBe('12:00 AM');
  });

  it('formats any instant in any supported zone without throwing', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 4102444800 }),
        fc.constantFrom('UTC', 'America/New_York', 'Pacific/Auckland', 'Asia/Kolkata'),
        (t, zone) => {
          expect(formatRange(t, t + 1800, zone)).toContain(zoneLabel(t + 1800, zone));
        },
      ),
    );
  });
});

describe('zoneInWords', () => {
  it.each([
    ['America/New_York', 'Eastern Time'],
    ['America/Los_Angeles', 'Pacific Time'],
    ['Asia/Kolkata', 'India Standard Time'],
  ])('names %s as people say it', (zone, words) => {
    expect(zoneInWords(zone)).toBe(words);
  });

  it('never shows an IANA name, even for a zone without a generic name', () => {
    for (const zone of ['Asia/Kolkata', 'Pacific/Chatham', 'UTC', 'Not/A_Zone']) {
      expect(zoneInWords(zone)).not.toMatch(/\//);
    }
  });
});

describe('calendarDateIn', () => {
  it('is the date on the wall in that zone, across the date line', () => {
    // 2026-11-26 03:30 UTC: still the 25th in New York, already the 26th in Kolkata.
    const at = Date.UTC(2026, 10, 26, 3, 30) / 1000;
    expect(calendarDateIn(at, 'America/New_York')).toBe('2026-11-25');
    expect(calendarDateIn(at, 'Asia/Kolkata')).toBe('2026-11-26');
    expect(calendarDateIn(at, 'Pacific/Chatham')).toBe('2026-11-26');
  });
});
