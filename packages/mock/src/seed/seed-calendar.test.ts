import { afterEach, describe, expect, it } from 'vitest';
import { db, nowSeconds, resetDb, type VisitRecord } from '../db.ts';
import { advanceMockClock, resetMockClock } from '../lib/clock.ts';
import { offeredSlots } from '../handlers/scheduling.ts';
import { SEED_CONSULTATIONS, SEED_SLOT_GROUPS } from './ids.ts';

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

interface InstantGroup {
  name: string;
  instants: number[];
}

/** The instants, in groups small enough for one test each (a slow machine stays far from the limit). */
function instantGroups(): InstantGroup[] {
  const groups: InstantGroup[] = [];
  // A week from Monday 00:10 UTC, every hour (so every hour of every weekday in New York and London).
  const monday = utc('2026-11-23T00:10:00');
  ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'].forEach((day, d) => {
    const instants = Array.from({ length: 24 }, (_, h) => monday + (d * 24 + h) * HOUR);
    groups.push({ name: `every hour of a ${day} (UTC)`, instants });
  });
  // The days around each daylight-saving change, every three hours.
  for (const [name, change] of [
    ['London, October 2026', '2026-10-25T01:00:00'],
    ['New York, November 2026', '2026-11-01T06:00:00'],
    ['New York, March 2027', '2027-03-14T07:00:00'],
    ['London, March 2027', '2027-03-28T01:00:00'],
  ] as const) {
    const instants = Array.from({ length: 25 }, (_, i) => utc(change) + (i * 3 - 36) * HOUR);
    groups.push({ name: `every three hours around the clock change (${name})`, instants });
  }
  groups.push({
    name: 'year end and a leap day',
    instants: [
      utc('2026-12-31T23:30:00'),
      utc('2027-01-01T04:30:00'),
      utc('2028-02-29T12:00:00'),
      utc('2028-03-01T04:30:00'),
    ],
  });
  return groups;
}

/** Seeds at `seconds` with the mock's clock there (the host's clock stays where it is). */
function seedAt(seconds: number): void {
  resetDb(seconds * 1000);
  advanceMockClock(seconds * 1000 - Date.now());
}

const active = (v: VisitRecord) => v.status !== 40 && v.status !== 50;

/** What went wrong, by property. */
interface Failures {
  session: string[];
  dst: string[];
  overlap: string[];
}

function checkGroupSession(label: string, failures: Failures): void {
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

function checkDstDays(label: string, failures: Failures): void {
  for (const group of [SEED_SLOT_GROUPS.okaforDst, SEED_SLOT_GROUPS.lindqvistDst]) {
    const count = [...db.slots.values()].filter((s) => s.group_id === group).length;
    if (count !== 3 * 8) failures.dst.push(`${label}: ${group} has ${count} slots`);
  }
}

function checkNoOverlap(label: string, failures: Failures): void {
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

/**
 * At each instant: the first group session on offer has three places booked, one patient each, and
 * keeps one; the three days around the next clock change are seeded; no patient has two overlapping
 * appointments (checked at every fourth instant). Seeded once per instant for all three.
 */
describe('the seed agrees with availability', () => {
  afterEach(() => resetMockClock());

  it.each(instantGroups().map((group) => [group.name, group.instants] as const))(
    'at %s',
    (_name, instants) => {
      const failures: Failures = { session: [], dst: [], overlap: [] };
      instants.forEach((at, i) => {
        seedAt(at);
        const label = new Date(at * 1000).toISOString();
        checkGroupSession(label, failures);
        checkDstDays(label, failures);
        if (i % 4 === 0) checkNoOverlap(label, failures);
      });
      expect(failures).toEqual({ session: [], dst: [], overlap: [] });
    },
  );
});
