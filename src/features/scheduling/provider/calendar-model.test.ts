import { describe, expect, it } from 'vitest';
import type { Slot } from '@telehealth/client/slots/schemas';
import type { Visit } from '@telehealth/client/visits/schemas';
import {
  calendarItems,
  hourRange,
  layoutDay,
  nowOnDay,
  shownDays,
  stepDate,
  timeRangeInWords,
  type CalendarItem,
} from './calendar-model';

const NY = 'America/New_York';
const at = (iso: string) => Date.parse(iso) / 1000;
const plain = (text: string) => text.replace(/\s/g, ' ');

function slotItem(id: string, start: string, end: string): CalendarItem {
  const slot = { id, start: at(start), end: at(end) } as Slot;
  return { kind: 'slot', id, start: slot.start, end: slot.end, slot, capacity: 1, booked: 0 };
}

const visit = (id: string, start: string, end: string, extra: Partial<Visit> = {}) =>
  ({
    id,
    provider_id: 'p1',
    type: 2,
    subtype: 3,
    status: 20,
    start: at(start),
    end: at(end),
    ...extra,
  }) as Visit;

const placement = (items: CalendarItem[], zone = NY) =>
  layoutDay(items, zone).map((p) => ({
    id: p.item.id,
    top: p.top,
    length: p.length,
    lane: p.lane,
    lanes: p.lanes,
  }));

describe('calendar layout', () => {
  it('puts overlapping blocks side by side and a block after them back to full width', () => {
    // Tuesday 2026-03-10 in New York (EDT, UTC-4).
    expect(
      placement([
        slotItem('late', '2026-03-10T13:30:00Z', '2026-03-10T14:00:00Z'),
        slotItem('early', '2026-03-10T13:00:00Z', '2026-03-10T14:00:00Z'),
        slotItem('next', '2026-03-10T14:00:00Z', '2026-03-10T14:30:00Z'),
      ]),
    ).toEqual([
      { id: 'early', top: 9 * 60, length: 60, lane: 0, lanes: 2 },
      { id: 'late', top: 9 * 60 + 30, length: 30, lane: 1, lanes: 2 },
      { id: 'next', top: 10 * 60, length: 30, lane: 0, lanes: 1 },
    ]);
  });

  it('keeps the real length of a block across the spring change (2026-03-08, New York)', () => {
    // 1:30 AM EST to 3:30 AM EDT is one hour: the clock skips 2 AM.
    const [placed] = placement([slotItem('dst', '2026-03-08T06:30:00Z', '2026-03-08T07:30:00Z')]);
    expect(placed).toMatchObject({ top: 90, length: 60 });
    expect(
      hourRange([layoutDay([slotItem('dst', '2026-03-08T06:30:00Z', '2026-03-08T07:30:00Z')], NY)]),
    ).toEqual({
      first: 1,
      last: 18,
    });
  });

  it('keeps the real length across the autumn change and sets apart blocks in the repeated hour (2026-11-01)', () => {
    // 1:30 AM EDT to 1:30 AM EST is one hour on a wall clock that shows 1:30 twice.
    expect(
      placement([
        slotItem('first-pass', '2026-11-01T05:30:00Z', '2026-11-01T06:30:00Z'),
        slotItem('second-pass', '2026-11-01T06:45:00Z', '2026-11-01T07:00:00Z'),
      ]),
    ).toEqual([
      { id: 'first-pass', top: 90, length: 60, lane: 0, lanes: 2 },
      // 1:45 AM EST: after the first block ends in real time, but drawn inside it, so beside it.
      { id: 'second-pass', top: 105, length: 15, lane: 1, lanes: 2 },
    ]);
  });

  it('cuts a block running past midnight at the end of its day and widens the hours to hold it', () => {
    const items = [slotItem('late', '2026-03-10T03:00:00Z', '2026-03-10T05:00:00Z')]; // 11 PM to 1 AM EDT
    expect(placement(items)).toEqual([{ id: 'late', top: 23 * 60, length: 60, lane: 0, lanes: 1 }]);
    expect(hourRange([layoutDay(items, NY)])).toEqual({ first: 8, last: 24 });
  });

  it('draws the now line only on the day now falls on, in the zone', () => {
    const now = at('2026-03-10T03:30:00Z'); // 11:30 PM on March 9 in New York
    expect(nowOnDay(now, '2026-03-09', NY)).toBe(23 * 60 + 30);
    expect(nowOnDay(now, '2026-03-10', NY)).toBeNull();
    expect(nowOnDay(now, '2026-03-10', 'UTC')).toBe(3 * 60 + 30);
  });
});

describe('calendar blocks', () => {
  it('folds a group session’s bookings into it, hides a booked one-place slot and keeps an open one', () => {
    const group = { id: 'g', visit_type: 'group', consultation: { id: 'c', slots: 4 } } as Slot['group'];
    const slots = [
      { id: 'session', start: at('2026-03-11T22:00:00Z'), end: at('2026-03-11T23:00:00Z'), group },
      { id: 'taken', start: at('2026-03-11T13:00:00Z'), end: at('2026-03-11T13:30:00Z') },
      { id: 'open', start: at('2026-03-11T13:30:00Z'), end: at('2026-03-11T14:00:00Z') },
    ] as Slot[];
    const visits = [
      visit('a', '2026-03-11T22:00:00Z', '2026-03-11T23:00:00Z'),
      visit('b', '2026-03-11T22:00:00Z', '2026-03-11T23:00:00Z'),
      visit('cancelled', '2026-03-11T22:00:00Z', '2026-03-11T23:00:00Z', { status: 40 }),
      visit('one', '2026-03-11T13:00:00Z', '2026-03-11T13:30:00Z'),
      visit('colleague', '2026-03-11T13:30:00Z', '2026-03-11T14:00:00Z', { provider_id: 'p2' }),
      visit('walkin', '2026-03-11T15:00:00Z', '2026-03-11T15:30:00Z', { type: 1 }),
    ];
    const items = calendarItems(visits, slots, 'p1');
    expect(items.map((i) => [i.kind, i.id])).toEqual([
      ['appointment', 'one'],
      ['slot', 'open'],
      ['appointment', 'cancelled'],
      ['session', 'session'],
    ]);
    const session = items.find((i) => i.kind === 'session');
    expect(session).toMatchObject({ capacity: 4, booked: 2 });
    expect(session?.kind === 'session' && session.visits.map((v) => v.id)).toEqual(['a', 'b']);
  });
});

describe('calendar navigation and words', () => {
  it('steps a week from its Sunday and a day from the day', () => {
    expect(shownDays('week', '2026-03-11')).toEqual({ first: '2026-03-08', length: 7 });
    expect(shownDays('day', '2026-03-11')).toEqual({ first: '2026-03-11', length: 1 });
    expect(stepDate('week', '2026-03-11', 1)).toBe('2026-03-15');
    expect(stepDate('week', '2026-03-11', -1)).toBe('2026-03-01');
    expect(stepDate('day', '2026-03-01', -1)).toBe('2026-02-28');
  });

  it('says a time range once per half of the day', () => {
    expect(plain(timeRangeInWords(at('2026-03-10T13:00:00Z'), at('2026-03-10T13:30:00Z'), NY))).toBe(
      '9:00 to 9:30 AM',
    );
    expect(plain(timeRangeInWords(at('2026-03-10T15:30:00Z'), at('2026-03-10T16:30:00Z'), NY))).toBe(
      '11:30 AM to 12:30 PM',
    );
  });
});
