import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { db, nowSeconds, resetDb, type VisitRecord } from '../db';
import { advanceMockClock, resetMockClock } from '../lib/clock';
import { offeredSlots } from '../handlers/scheduling';
import { SEED_CONSULTATIONS, SEED_SLOT_GROUPS } from './ids';

/**
 * The seed and availability agree by construction, whatever the day and hour: the mock's own
 * clock is pinned to each instant below (a whole week hour by hour, both daylight-saving changes
 * in New York and London, year end, a leap day), the database is seeded there, and what the seed
 * booked is checked against what availability offers at that moment. `test/clocks/matrix.ts`
 * moves the process's clock as well.
 */
const HOUR = 3600;
const DAY = 24 * HOUR;

const utc = (text: string) => Date.parse(`${text}Z`) / 1000;

function instants(): number[] {
  const list: number[] = [];
  // A week from Monday 00:10 UTC, every hour (so every hour of every weekday in New York and London).
  const monday = utc('2026-11-23T00:10:00');
  for (let h = 0; h < 7 * 24; h += 1) list.push(monday + h * HOUR);
  // The days around each daylight-saving change, every three hours.
  for (const change of [
    '2026-10-25T01:00:00',
    '2026-11-01T06:00:00',
    '2027-03-14T07:00:00',
    '2027-03-28T01:00:00',
  ]) {
    for (let h = -36; h <= 36; h += 3) list.push(utc(change) + h * HOUR);
  }
  list.push(
    utc('2026-12-31T23:30:00'),
    utc('2027-01-01T04:30:00'),
    utc('2028-02-29T12:00:00'),
    utc('2028-03-01T04:30:00'),
  );
  return list;
}

/** Seeds at `seconds` with the mock's clock there (the host's clock stays where it is). */
function seedAt(seconds: number): void {
  resetDb(seconds * 1000);
  advanceMockClock(seconds * 1000 - Date.now());
}

const active = (v: VisitRecord) => v.status !== 40 && v.status !== 50;

/** What went wrong at each instant, by property: the database is seeded once per instant for all three. */
const failures = { session: [] as string[], dst: [] as string[], overlap: [] as string[] };

beforeAll(() => {
  instants().forEach((at, i) => {
    seedAt(at);
    const label = new Date(at * 1000).toISOString();
    checkGroupSession(label);
    checkDstDays(label);
    if (i % 4 === 0) checkNoOverlap(label);
  });
  resetMockClock();
});

afterAll(() => resetMockClock());

function checkGroupSession(label: string): void {
  const t = nowSeconds();
  const offered = offeredSlots({ roomCode: 'general', accountCode: 'demo', start: t, end: t + 30 * DAY });
  const sessions = offeredSlots({
    roomCode: 'general',
    accountCode: 'demo',
    start: t,
    end: t + 30 * DAY,
    consultationId: SEED_CONSULTATIONS.generalGroup,
  });
  const onSession = [...db.visits.values()].filter((v) =>
    String(v._slot_id).startsWith('slot_okafor_class_'),
  );
  const sessionIds = new Set(onSession.map((v) => v._slot_id));
  if (sessionIds.size !== 1 || onSession.length !== 3)
    failures.session.push(`${label}: ${onSession.length} places seeded`);
  else if (sessions[0]?.id !== onSession[0]?._slot_id)
    failures.session.push(`${label}: the seeded session is not the first offered`);
  if (new Set(onSession.map((v) => v.member_id)).size !== onSession.length)
    failures.session.push(`${label}: a patient holds two places`);
  const offeredIds = new Set(offered.map((s) => s.id));
  for (const visit of db.visits.values()) {
    const slotId = String(visit._slot_id ?? '');
    if (!slotId || !active(visit) || slotId.startsWith('slot_okafor_class_')) continue;
    if (offeredIds.has(slotId)) failures.session.push(`${label}: booked ${slotId} is still offered`);
  }
}

function checkDstDays(label: string): void {
  for (const group of [SEED_SLOT_GROUPS.okaforDst, SEED_SLOT_GROUPS.lindqvistDst]) {
    const count = [...db.slots.values()].filter((s) => s.group_id === group).length;
    if (count !== 3 * 8) failures.dst.push(`${label}: ${group} has ${count} slots`);
  }
}

function checkNoOverlap(label: string): void {
  const timed = [...db.visits.values()].filter(
    (v) => active(v) && v.type === 2 && typeof v.start === 'number' && typeof v.end === 'number',
  );
  for (const a of timed) {
    for (const b of timed) {
      if (a.id >= b.id || a.member_id !== b.member_id) continue;
      if ((a.start as number) < (b.end as number) && (b.start as number) < (a.end as number)) {
        failures.overlap.push(`${label}: ${a.id} and ${b.id}`);
      }
    }
  }
}

describe('the seed agrees with availability at any moment', () => {
  it('books three places, one patient each, of the first group session on offer, which keeps one place', () => {
    expect(failures.session).toEqual([]);
  });

  it('seeds all three days around the next daylight-saving change ahead of now', () => {
    expect(failures.dst).toEqual([]);
  });

  it('never gives one patient two overlapping appointments (every fourth instant)', () => {
    expect(failures.overlap).toEqual([]);
  });
});
