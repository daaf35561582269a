import { describe, expect, it } from 'vitest';
import type { Visit } from '@telehealth/client/visits/schemas';
import { buildRows, filterRows, periodBounds, workStatusOf } from './work-list-model';

const NOW = Date.UTC(2026, 10, 25, 16, 0) / 1000;

const visit = (id: string, over: Partial<Visit> = {}): Visit => ({
  id,
  status: 20,
  type: 2,
  subtype: 3,
  provider_id: 'usr_provider',
  room_code: 'general',
  start: NOW + 3600,
  created: NOW - 86_400,
  member: { id: `m_${id}`, full_name: `Patient ${id}` },
  ...over,
});

describe('work list rows', () => {
  it('folds appointments of one provider at one start in one room into one group row', () => {
    const rows = buildRows([visit('b'), visit('a'), visit('c', { provider_id: 'usr_other' })], NOW);
    expect(rows).toHaveLength(2);
    const session = rows.find((r) => r.isGroup);
    expect(session?.visits.map((v) => v.id)).toEqual(['a', 'b']);
  });

  it('keeps a cancelled booking, a walk-in and an unassigned appointment out of a session', () => {
    const rows = buildRows(
      [visit('a'), visit('b', { status: 40 }), visit('c', { type: 1 }), visit('d', { provider_id: null })],
      NOW,
    );
    expect(rows.every((r) => !r.isGroup)).toBe(true);
    expect(rows).toHaveLength(4);
  });

  it('puts waiting first (oldest first), then in progress, upcoming (soonest first) and closed (newest first)', () => {
    const rows = buildRows(
      [
        visit('closed-old', { status: 30, start: NOW - 9000 }),
        visit('closed-new', { status: 30, start: NOW - 100 }),
        visit('later', { start: NOW + 7200 }),
        visit('sooner', { start: NOW + 60 }),
        visit('live', { status: 25, start: NOW - 600 }),
        visit('walkin', { status: 10, type: 1, start: NOW - 300, created: NOW - 300, provider_id: null }),
      ],
      NOW,
    );
    expect(rows.map((r) => r.key)).toEqual(['walkin', 'live', 'sooner', 'later', 'closed-new', 'closed-old']);
  });

  it('counts an appointment whose start has passed as waiting, not upcoming', () => {
    expect(workStatusOf(visit('a', { start: NOW - 60 }), NOW)).toBe('waiting');
    expect(workStatusOf(visit('a', { start: NOW + 60 }), NOW)).toBe('upcoming');
    expect(workStatusOf(visit('a', { status: 40 }), NOW)).toBe('closed');
  });

  it('finds a patient by any part of the name, without case or accents', () => {
    const rows = buildRows(
      [visit('a', { member: { id: 'm', full_name: 'Zoë Ångström' } }), visit('b', { start: NOW + 99 })],
      NOW,
    );
    expect(filterRows(rows, { period: 'all' }, 'angst', NOW, 'UTC').map((r) => r.key)).toEqual(['a']);
    expect(filterRows(rows, { period: 'all' }, '  ZOE ', NOW, 'UTC')).toHaveLength(1);
  });
});

describe('periods in the provider’s zone', () => {
  it.each(['America/New_York', 'Asia/Kolkata', 'Pacific/Chatham'])(
    'bounds today, the week and a date in %s',
    (zone) => {
      const today = periodBounds('today', undefined, NOW, zone)!;
      expect(today.start).toBeLessThanOrEqual(NOW);
      expect(today.end).toBeGreaterThan(NOW);
      expect(today.end - today.start).toBe(86_400);
      const week = periodBounds('week', undefined, NOW, zone)!;
      expect(week.start).toBeLessThanOrEqual(today.start);
      expect(week.end).toBeGreaterThanOrEqual(today.end);
      const day = periodBounds('date', '2026-12-02', NOW, zone)!;
      expect(new Intl.DateTimeFormat('en-CA', { timeZone: zone }).format(day.start * 1000)).toBe(
        '2026-12-02',
      );
      expect(periodBounds('all', undefined, NOW, zone)).toBeNull();
      expect(periodBounds('date', undefined, NOW, zone)).toBeNull();
    },
  );

  it('starts the week on Monday', () => {
    // Wednesday 25 November 2026 in New York: the week is Monday 23 to Sunday 29.
    const week = periodBounds('week', undefined, NOW, 'America/New_York')!;
    expect(week.start).toBe(Date.UTC(2026, 10, 23, 5, 0) / 1000);
    expect(week.end).toBe(Date.UTC(2026, 10, 30, 5, 0) / 1000);
  });
});
