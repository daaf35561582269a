import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  addDays,
  addMonths,
  dayInWords,
  dayKeyOf,
  dayKeys,
  daysBetween,
  dayWindow,
  displayTime,
  groupByDay,
  monthDays,
  monthInWords,
  monthOf,
  monthWeeks,
  parseDisplayed,
  partOfDay,
  shortDayInWords,
  startOfDay,
  weekStartOf,
  weekdayOf,
} from './days';

/**
 * Property tests of the scheduling calendar over zones with daylight-saving changes of 1 hour,
 * 30 minutes (Lord Howe) and 45-minute offsets (Chatham), and one without (Kolkata). Run under
 * several process time zones by `npm run test:dates`: nothing here may depend on the machine's zone.
 */
const ZONES = [
  'America/New_York',
  'America/Los_Angeles',
  'Europe/London',
  'Asia/Kolkata',
  'Australia/Lord_Howe',
  'Pacific/Chatham',
] as const;

const MIN = 60;
const HOUR = 3600;
const FROM = Date.UTC(2025, 0, 1) / 1000;
const TO = Date.UTC(2028, 0, 1) / 1000;

/** Instants of the offset changes of a zone between 2025 and 2028 (found by scanning days). */
function transitions(zone: string): number[] {
  const found: number[] = [];
  let key = dayKeyOf(FROM, zone);
  for (let i = 0; i < 365 * 3; i += 1) {
    const next = addDays(key, 1);
    const { start, end } = dayWindow(key, 1, zone);
    if (end - start !== 24 * HOUR) {
      // Binary search the minute the offset changes on that day.
      let lo = start;
      let hi = end;
      const offset = (t: number) =>
        new Date(t * 1000)
          .toLocaleString('en-US', { timeZone: zone, timeZoneName: 'longOffset' })
          .split(' ')
          .pop();
      const first = offset(lo);
      while (hi - lo > MIN) {
        const mid = lo + Math.floor((hi - lo) / 2 / MIN) * MIN;
        if (offset(mid) === first) lo = mid;
        else hi = mid;
      }
      found.push(hi);
    }
    key = next;
  }
  return found;
}

const TRANSITIONS = new Map(ZONES.map((zone) => [zone, transitions(zone)]));

const zone = fc.constantFrom(...ZONES);
/** A minute-aligned instant, often within a day and a half of a daylight-saving change. */
const instantIn = (z: string) => {
  const changes = TRANSITIONS.get(z as (typeof ZONES)[number]) ?? [];
  const anywhere = fc.integer({ min: FROM / MIN, max: TO / MIN }).map((m) => m * MIN);
  if (changes.length === 0) return anywhere;
  const nearChange = fc
    .tuple(fc.constantFrom(...changes), fc.integer({ min: -36 * 60, max: 36 * 60 }))
    .map(([change, minutes]) => change + minutes * MIN);
  return fc.oneof(anywhere, nearChange);
};
const zoneAndInstant = zone.chain((z) => instantIn(z).map((t) => [z, t] as const));

describe('scheduling calendar (process TZ ' + (process.env.TZ ?? 'default') + ')', () => {
  it('finds daylight-saving changes in every zone that has them', () => {
    for (const z of ZONES) {
      if (z === 'Asia/Kolkata') expect(TRANSITIONS.get(z)).toEqual([]);
      else expect(TRANSITIONS.get(z)?.length).toBe(6);
    }
  });

  it('every displayed time reads back as the same instant', () => {
    fc.assert(
      fc.property(zoneAndInstant, ([z, t]) => {
        expect(parseDisplayed(dayKeyOf(t, z), displayTime(t, z), z)).toBe(t);
      }),
      { numRuns: 400 },
    );
  });

  it('a day starts at its first instant: the second before belongs to the day before', () => {
    fc.assert(
      fc.property(zoneAndInstant, ([z, t]) => {
        const key = dayKeyOf(t, z);
        const start = startOfDay(key, z);
        expect(dayKeyOf(start, z)).toBe(key);
        expect(dayKeyOf(start - 1, z)).toBe(addDays(key, -1));
        expect(start).toBeLessThanOrEqual(t);
        const length = startOfDay(addDays(key, 1), z) - start;
        expect(length).toBeGreaterThanOrEqual(22 * HOUR);
        expect(length).toBeLessThanOrEqual(26 * HOUR);
      }),
      { numRuns: 300 },
    );
  });

  it('the availability window covers exactly the displayed days', () => {
    fc.assert(
      fc.property(
        zoneAndInstant,
        fc.integer({ min: 1, max: 14 }),
        fc.integer({ min: 0, max: 10_000 }),
        ([z, t], n, probe) => {
          const first = dayKeyOf(t, z);
          const keys = dayKeys(first, n);
          const { start, end } = dayWindow(first, n, z);
          // Inside: on one of the days; just outside: on the neighbouring days.
          const inside = start + (probe % Math.max(1, end - start));
          expect(keys).toContain(dayKeyOf(inside, z));
          expect(dayKeyOf(end - 1, z)).toBe(keys[keys.length - 1]);
          expect(dayKeyOf(start - 1, z)).toBe(addDays(first, -1));
          expect(dayKeyOf(end, z)).toBe(addDays(first, n));
        },
      ),
      { numRuns: 300 },
    );
  });

  it('puts every slot in the window on exactly one day, its own, in time order, and drops none', () => {
    fc.assert(
      fc.property(
        zoneAndInstant,
        fc.integer({ min: 1, max: 7 }),
        fc.uniqueArray(fc.integer({ min: 0, max: 8 * 24 * 4 }), { maxLength: 60 }),
        ([z, t], n, quarters) => {
          const first = dayKeyOf(t, z);
          const keys = dayKeys(first, n);
          const { start, end } = dayWindow(first, n, z);
          const slots = quarters.map((q) => ({ slot_start: start - 12 * HOUR + q * 15 * MIN }));
          const byDay = groupByDay(slots, (s) => s.slot_start, keys, z);
          const shown = [...byDay.values()].flat();
          const inWindow = slots.filter((s) => s.slot_start >= start && s.slot_start < end);
          expect(shown).toHaveLength(inWindow.length);
          expect(new Set(shown).size).toBe(shown.length);
          for (const [key, list] of byDay) {
            for (const s of list) expect(dayKeyOf(s.slot_start, z)).toBe(key);
            expect(list.map((s) => s.slot_start)).toEqual(
              [...list.map((s) => s.slot_start)].sort((a, b) => a - b),
            );
          }
        },
      ),
      { numRuns: 200 },
    );
  });

  it('steps days and weeks on the calendar, whatever the zone does', () => {
    fc.assert(
      fc.property(zoneAndInstant, fc.integer({ min: -400, max: 400 }), ([z, t], n) => {
        const key = dayKeyOf(t, z);
        expect(daysBetween(key, addDays(key, n))).toBe(n);
        expect(addDays(addDays(key, n), -n)).toBe(key);
        expect(weekdayOf(weekStartOf(key))).toBe(0);
        expect(daysBetween(weekStartOf(key), key)).toBeLessThan(7);
      }),
      { numRuns: 300 },
    );
  });

  it('shows the 2026 US fall-back hour twice, told apart by the zone label', () => {
    const z = 'America/New_York';
    const firstOneThirty = Date.UTC(2026, 10, 1, 5, 30) / 1000;
    const secondOneThirty = firstOneThirty + HOUR;
    expect(displayTime(firstOneThirty, z)).toMatch(/^1:30\sAM EDT$/);
    expect(displayTime(secondOneThirty, z)).toMatch(/^1:30\sAM EST$/);
    expect(parseDisplayed('2026-11-01', displayTime(secondOneThirty, z), z)).toBe(secondOneThirty);
    expect(dayWindow('2026-11-01', 1, z).end - dayWindow('2026-11-01', 1, z).start).toBe(25 * HOUR);
  });

  it('lays a month out in rows from the locale’s first weekday, every day once and in its weekday column', () => {
    fc.assert(
      fc.property(zoneAndInstant, fc.integer({ min: 0, max: 6 }), ([z, t], first) => {
        const key = dayKeyOf(t, z);
        const weeks = monthWeeks(key, first);
        expect(weeks.every((week) => week.length === 7)).toBe(true);
        expect(weeks.flat().filter(Boolean)).toEqual(monthDays(key));
        for (const week of weeks) {
          week.forEach((day, column) => {
            if (day) expect(weekdayOf(day)).toBe((first + column) % 7);
          });
        }
        expect(weekdayOf(weekStartOf(key, first))).toBe(first);
        expect(daysBetween(weekStartOf(key, first), key)).toBeLessThan(7);
        expect(monthDays(key)[0]).toBe(monthOf(key));
      }),
      { numRuns: 200 },
    );
  });

  it('steps months on the calendar, keeping the day inside the month', () => {
    expect(addMonths('2027-01-31', 1)).toBe('2027-02-28');
    expect(addMonths('2028-01-31', 1)).toBe('2028-02-29');
    expect(addMonths('2026-12-24', 1)).toBe('2027-01-24');
    expect(addMonths('2027-01-24', -1)).toBe('2026-12-24');
    fc.assert(
      fc.property(zoneAndInstant, fc.integer({ min: -24, max: 24 }), ([z, t], n) => {
        const key = dayKeyOf(t, z);
        const moved = addMonths(key, n);
        const months = (k: string) => Number(k.slice(0, 4)) * 12 + Number(k.slice(5, 7));
        expect(months(moved) - months(key)).toBe(n);
        expect(Number(moved.slice(8))).toBeLessThanOrEqual(Number(key.slice(8)));
      }),
      { numRuns: 200 },
    );
  });

  it('names days and months in words from the key alone, whatever the process zone', () => {
    expect(dayInWords('2026-12-03')).toBe('Thursday, December 3');
    expect(dayInWords('2026-12-03', true)).toBe('Thursday, December 3, 2026');
    expect(shortDayInWords('2027-03-14')).toBe('Sun, Mar 14');
    expect(monthInWords('2027-03-01')).toBe('March 2027');
  });

  it('tells morning, afternoon and evening by the zone’s wall clock, across the March change', () => {
    const z = 'America/New_York';
    // 14 March 2027: clocks go from 2:00 to 3:00 AM EDT.
    const at = (hourUtc: number) => Date.UTC(2027, 2, 14, hourUtc) / 1000;
    expect(partOfDay(at(12), z)).toBe('morning'); // 8:00 AM EDT
    expect(partOfDay(at(15) + 59 * 60, z)).toBe('morning'); // 11:59 AM EDT
    expect(partOfDay(at(16), z)).toBe('afternoon'); // 12:00 PM EDT
    expect(partOfDay(at(20) + 59 * 60, z)).toBe('afternoon'); // 4:59 PM EDT
    expect(partOfDay(at(21), z)).toBe('evening'); // 5:00 PM EDT
    fc.assert(
      fc.property(zoneAndInstant, ([z2, t]) => {
        const [, h, ampm] = /^(\d+):\d{2}\s([AP]M)/.exec(displayTime(t, z2)) ?? [];
        const hour = (Number(h) % 12) + (ampm === 'PM' ? 12 : 0);
        expect(partOfDay(t, z2)).toBe(hour < 12 ? 'morning' : hour < 17 ? 'afternoon' : 'evening');
      }),
      { numRuns: 300 },
    );
  });
});
