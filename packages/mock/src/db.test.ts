import { describe, expect, it } from 'vitest';
import {
  db,
  nextId,
  resetDb,
  restoreDb,
  serializeDb,
  SNAPSHOT_VERSION,
  utcDay,
  type VisitRecord,
} from './db.ts';
import { appendMessage } from './handlers/messages.ts';

/** Every index of the live database agrees with a full scan of its collection. */
function expectIndexesConsistent() {
  const scan = <T extends { id: string }>(values: Iterable<T>, key: (r: T) => unknown, want: string) =>
    [...values]
      .filter((r) => key(r) === want)
      .map((r) => r.id)
      .sort();
  const sorted = (list: { id: string }[]) => list.map((r) => r.id).sort();
  for (const visitId of db.messages.keysOf('visit')) {
    const thread = db.messages.by('visit', visitId);
    expect(sorted(thread)).toEqual(scan(db.messages.values(), (m) => m.visit_id, visitId));
    const times = thread.map((m) => m.created);
    expect(times).toEqual([...times].sort((a, b) => a - b));
  }
  for (const member of db.visits.keysOf('member'))
    expect(sorted(db.visits.by('member', member))).toEqual(
      scan(db.visits.values(), (v) => v.member_id, member),
    );
  for (const room of db.visits.keysOf('room'))
    expect(sorted(db.visits.by('room', room))).toEqual(scan(db.visits.values(), (v) => v.room_code, room));
  for (const member of db.intakes.keysOf('member'))
    expect(sorted(db.intakes.by('member', member))).toEqual(
      scan(db.intakes.values(), (i) => i.member_id, member),
    );
  for (const owner of db.files.keysOf('owner'))
    expect(sorted(db.files.by('owner', owner))).toEqual(scan(db.files.values(), (f) => f._owner, owner));
  for (const key of db.slots.keysOf('providerDay')) {
    const [provider, day] = key.split(':');
    expect(sorted(db.slots.by('providerDay', key))).toEqual(
      scan(
        db.slots.values(),
        (s) => `${String(s.provider_id)}:${utcDay(Number(s.start))}`,
        `${provider}:${day}`,
      ),
    );
  }
}

const anyVisit = (): VisitRecord => {
  const visit = [...db.visits.values()].find((v) => db.users.has(v.member_id));
  if (!visit) throw new Error('the seed has no visit with a patient');
  return visit;
};

describe('the typed mock database', () => {
  it('builds its indexes from the seed', () => {
    resetDb();
    expect(db.messages.keysOf('visit').length).toBeGreaterThan(0);
    expect(db.visits.keysOf('member').length).toBeGreaterThan(0);
    expect(db.visits.keysOf('room').length).toBeGreaterThan(0);
    expect(db.files.keysOf('owner').length).toBeGreaterThan(0);
    expect(db.slots.keysOf('providerDay').length).toBeGreaterThan(0);
    expectIndexesConsistent();
  });

  it('keeps the indexes consistent after writes, deletes and a reset', () => {
    const visit = anyVisit();
    const author = db.users.get(visit.member_id)!;
    const before = db.messages.countBy('visit', visit.id);
    const message = appendMessage(visit, author, 'Hello', { quiet: true });
    expect(db.messages.lastBy('visit', visit.id)).toBe(message);
    expect(db.messages.countBy('visit', visit.id)).toBe(before + 1);
    // An out-of-order message lands at its place in the thread, not at the end.
    const early = appendMessage(visit, author, 'Early', { quiet: true, created: 1 });
    expect(db.messages.by('visit', visit.id)[0]).toBe(early);

    const moved = { ...visit, id: nextId('vis'), room_code: 'room-for-index-test', member_id: 'usr_index' };
    db.visits.set(moved.id, moved);
    expect(db.visits.by('room', 'room-for-index-test')).toEqual([moved]);
    db.visits.set(moved.id, { ...moved, room_code: 'another-room' });
    expect(db.visits.by('room', 'room-for-index-test')).toEqual([]);
    db.visits.delete(moved.id);
    expect(db.visits.by('member', 'usr_index')).toEqual([]);

    const file = [...db.files.values()][0]!;
    db.files.delete(file.id);
    expect(db.files.by('owner', String(file._owner)).map((f) => f.id)).not.toContain(file.id);
    expectIndexesConsistent();

    resetDb();
    expect(db.visits.by('member', 'usr_index')).toEqual([]);
    expect(db.messages.by('visit', visit.id).some((m) => m.content === 'Early')).toBe(false);
    expectIndexesConsistent();
  });

  it('gives every reset a fresh copy of the seed: a price changed in one test is back in the next', () => {
    resetDb();
    const price = () => db.rooms.get('general')?.payment?.consultations?.[0]?.amount;
    const seeded = price();
    expect(seeded).toBeGreaterThan(0);
    const consultation = db.rooms.get('general')?.payment?.consultations?.[0];
    if (consultation) consultation.amount = 0;
    expect(price()).toBe(0);
    resetDb();
    expect(price()).toBe(seeded);
  });

  it('restores a snapshot into typed collections with their indexes rebuilt', () => {
    resetDb();
    const visit = anyVisit();
    appendMessage(visit, db.users.get(visit.member_id)!, 'Kept across reloads', { quiet: true });
    const text = serializeDb();
    const count = db.messages.countBy('visit', visit.id);
    resetDb();
    expect(restoreDb(text)).toBe(true);
    expect(db.messages.countBy('visit', visit.id)).toBe(count);
    expect(db.messages.lastBy('visit', visit.id)?.content).toBe('Kept across reloads');
    expect(db.visits.by('member', visit.member_id).map((v) => v.id)).toContain(visit.id);
    expectIndexesConsistent();
  });

  it('refuses an unreadable, old-shape or incomplete snapshot and leaves the database as it was', () => {
    resetDb();
    const before = serializeDb();
    const good = JSON.parse(before) as { version: number; db: Record<string, unknown> };
    const withoutMessages = { ...good, db: { ...good.db, messages: undefined } };
    const oldShape = good.db; // the unversioned form of earlier builds
    for (const text of [
      'not json',
      'null',
      JSON.stringify(oldShape),
      JSON.stringify({ ...good, version: SNAPSHOT_VERSION - 1 }),
      JSON.stringify(withoutMessages),
      JSON.stringify({ ...good, db: { ...good.db, visits: { __map: [['v', 'x', 'y']] } } }),
    ]) {
      expect(restoreDb(text)).toBe(false);
    }
    expect(serializeDb()).toBe(before);
  });
});
