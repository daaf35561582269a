import { TZDate } from '@date-fns/tz';
import { describe, expect, it } from 'vitest';
import { payIntake } from '../../payments';
import { db, nowSeconds } from '@telehealth/mock/db';
import { issuePair } from '@telehealth/mock/lib/auth';
import {
  SEED_CONSULTATIONS,
  SEED_INTAKES,
  SEED_SLOT_GROUPS,
  SEED_USERS,
  SEED_VISITS,
} from '@telehealth/mock/seed/ids';
import { buildIntake } from '../../builders';

const BASE = 'http://localhost/api_v3';
const DAY = 86_400;

function headers(userId: string = SEED_USERS.patient): Record<string, string> {
  return { 'X-ApiToken': issuePair(userId).access.token, 'X-AccountCode': 'demo' };
}

interface AvailableSlot {
  slot_id: string;
  slot_start: number;
  slot_end: number;
  slot_booked: number;
  slot_available: number;
  group_id: string | null;
}
interface Availability {
  slots: AvailableSlot[];
  slot_data: Record<
    string,
    { id: string; provider_id: string; consultation: { duration: number; slots: number } }
  >;
}
interface VisitBody {
  id: string;
  status: number;
  type: number;
  start: number;
  end: number;
  provider_id: string | null;
  intake?: { id: string };
}

async function call<T = unknown>(path: string, init: RequestInit = {}) {
  const response = await fetch(`${BASE}${path}`, init);
  const body = (await response.json()) as { data: T; error?: string; message?: string };
  return { status: response.status, body };
}

/** An intake as the wizard leaves it; `consultation` is the custom field the consultation step saves. */
function addIntake(
  id: string,
  owner: string = SEED_USERS.patient,
  roomCode = 'general',
  consultation?: string,
) {
  db.intakes.set(id, buildIntake({ id, member: owner, room_code: roomCode, consultation, type: '2' }));
}

/** The consultation a slot is offered for, read from its group in the seeded store. */
function consultationOf(slot: AvailableSlot): string {
  const groupId = db.slots.get(slot.slot_id)?.group_id;
  const id = groupId ? db.slotGroups.get(groupId)?.consultation?.id : undefined;
  if (id === undefined) throw new Error(`slot ${slot.slot_id} names no consultation`);
  return String(id);
}

/** An intake for `slot`'s consultation in `general`, paid as the payment step pays it. */
async function paidIntake(id: string, slot: AvailableSlot, owner: string = SEED_USERS.patient) {
  addIntake(id, owner, 'general', consultationOf(slot));
  await payIntake(id, headers(owner), BASE);
}

const availability = (query: string, as = headers()) =>
  call<Availability>(`/availability?${query}`, { headers: as });

function window(days = 30): string {
  const t = nowSeconds();
  return `start=${t}&end=${t + days * DAY}`;
}

const book = (query: Record<string, string | number>, as = headers()) =>
  call<VisitBody>(
    `/visits?${new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)])).toString()}`,
    { method: 'POST', headers: as },
  );

const bookSlot = (slot: AvailableSlot, intakeId: string, as = headers()) =>
  book(
    {
      slot_start: slot.slot_start,
      slot_end: slot.slot_end,
      room_code: 'general',
      type: 2,
      intake_id: intakeId,
    },
    as,
  );

const overlaps = (a: { start: number; end: number }, b: { start: number; end: number }) =>
  a.start < b.end && b.start < a.end;

/** Offered times that overlap none of the patient's active appointments (read from the db). */
function freeFor(patientId: string, slots: AvailableSlot[]): AvailableSlot[] {
  const busy = [...db.visits.values()]
    .filter((v) => v.member_id === patientId && v.type === 2 && v.status !== 30 && v.status !== 40)
    .filter((v) => typeof v.start === 'number' && typeof v.end === 'number')
    .map((v) => ({ start: Number(v.start), end: Number(v.end) }));
  return slots.filter((s) => busy.every((b) => !overlaps(b, { start: s.slot_start, end: s.slot_end })));
}

/** The group session the seed booked three places of (seed/slots.ts), read from the seed itself. */
function seededSessionId(): string {
  const onSessions = [...db.visits.values()].filter((v) =>
    String(v._slot_id).startsWith('slot_okafor_class_'),
  );
  const ids = new Set(onSessions.map((v) => String(v._slot_id)));
  expect(ids.size).toBe(1);
  expect(new Set(onSessions.map((v) => v.member_id)).size).toBe(3);
  return [...ids][0] ?? '';
}

function wallTime(seconds: number, zone: string): string {
  const date = new TZDate(seconds * 1000, zone);
  return `${String(date.getHours()).padStart(2, '0')}:${String(date.getMinutes()).padStart(2, '0')}`;
}

describe('GET /availability', () => {
  it('answers 401 in the {error, message} shape without a token', async () => {
    const { status, body } = await call(`/availability?${window()}&room_code=general`, {
      headers: { 'X-AccountCode': 'demo' },
    });
    expect(status).toBe(401);
    expect(body).toEqual({ error: 'unauthorized', message: 'Invalid or missing API token' });
  });

  it('needs start, end and a room (or an intake)', async () => {
    expect((await availability('room_code=general')).body).toEqual({
      error: 'bad_request',
      message: 'start is required',
    });
    expect((await availability(window())).body.message).toBe(
      'room_code is required unless intake_id is given',
    );
    expect((await availability(`start=10&end=5&room_code=general`)).status).toBe(400);
    expect((await availability(`start=0&end=${200 * DAY}&room_code=general`)).status).toBe(400);
  });

  it('offers future open times of the room, in order, each described in slot_data', async () => {
    const { status, body } = await availability(`${window()}&room_code=general`);
    expect(status).toBe(200);
    const starts = body.data.slots.map((s) => s.slot_start);
    expect(starts.length).toBeGreaterThan(100);
    expect([...starts].sort((a, b) => a - b)).toEqual(starts);
    expect(Math.min(...starts)).toBeGreaterThan(nowSeconds());
    for (const slot of body.data.slots) {
      const data = body.data.slot_data[slot.slot_id];
      expect(data?.id).toBe(slot.slot_id);
      expect(data?.consultation.duration).toBe((slot.slot_end - slot.slot_start) / 60);
      expect(slot.slot_available).toBeGreaterThan(0);
    }
  });

  it('keeps each group to its local hours in its own zone', async () => {
    const { body } = await availability(
      `${window()}&room_code=general&consultation_id=${SEED_CONSULTATIONS.generalStandard}`,
    );
    const byProvider = (id: string) =>
      body.data.slots.filter((s) => body.data.slot_data[s.slot_id]?.provider_id === id);
    const okafor = byProvider(SEED_USERS.provider).map((s) => wallTime(s.slot_start, 'America/New_York'));
    const lindqvist = byProvider(SEED_USERS.nurse).map((s) => wallTime(s.slot_start, 'Europe/London'));
    expect(okafor.length).toBeGreaterThan(0);
    expect(lindqvist.length).toBeGreaterThan(0);
    expect(okafor.every((time) => time >= '08:00' && time <= '16:30')).toBe(true);
    expect(lindqvist.every((time) => time >= '08:00' && time <= '17:30')).toBe(true);
  });

  it('filters by consultation, provider and the patient\u2019s state', async () => {
    const quick = await availability(
      `${window()}&room_code=general&consultation_id=${SEED_CONSULTATIONS.generalQuick}`,
    );
    expect(quick.body.data.slots.length).toBeGreaterThan(0);
    expect(quick.body.data.slots.every((s) => s.slot_end - s.slot_start === 15 * 60)).toBe(true);
    const nurse = await availability(`${window()}&room_code=general&provider_id=${SEED_USERS.nurse}`);
    expect(
      nurse.body.data.slots.every(
        (s) => nurse.body.data.slot_data[s.slot_id]?.provider_id === SEED_USERS.nurse,
      ),
    ).toBe(true);
    // Noah Lindqvist serves NY and NJ only.
    const california = await availability(`${window()}&room_code=general&location=CA`);
    expect(california.body.data.slots.some((s) => s.slot_id.includes('lindqvist'))).toBe(false);
    expect((await availability(`${window()}&room_code=general&consultation_id=nope`)).status).toBe(400);
  });

  it('leaves out booked times and counts places of a group session', async () => {
    const { body } = await availability(`${window()}&room_code=general`);
    const offered = new Set(body.data.slots.map((s) => s.slot_id));
    const booked = [...db.visits.values()].filter((v) => typeof v._slot_id === 'string' && v.status === 20);
    const oneToOne = booked.filter((v) => !String(v._slot_id).includes('class'));
    expect(oneToOne.length).toBeGreaterThan(0);
    for (const visit of oneToOne) expect(offered.has(String(visit._slot_id))).toBe(false);
    // The seed fills three places of the first group session on offer, one patient each.
    const session = body.data.slots.find((s) => s.group_id === SEED_SLOT_GROUPS.okaforClass);
    expect(session?.slot_id).toBe(seededSessionId());
    expect(session).toMatchObject({ slot_booked: 3, slot_available: 1 });
    expect(body.data.slot_data[session?.slot_id ?? '']?.consultation).toEqual({ duration: 60, slots: 4 });
  });

  it('takes the room from the intake', async () => {
    addIntake('int_pick');
    const { status, body } = await availability(`${window(7)}&intake_id=int_pick`);
    expect(status).toBe(200);
    expect(body.data.slots.length).toBeGreaterThan(0);
  });

  it('keeps the wall-clock hours on the days around a daylight-saving change', () => {
    const dst = [...db.slots.values()].filter((s) => s.group_id === SEED_SLOT_GROUPS.okaforDst);
    expect(dst.length).toBe(3 * 8);
    const times = new Set(dst.map((s) => wallTime(Number(s.start), 'America/New_York')));
    expect([...times].sort()).toEqual([
      '08:00',
      '08:30',
      '09:00',
      '09:30',
      '10:00',
      '10:30',
      '11:00',
      '11:30',
    ]);
    const offsets = new Set(
      dst.map((s) => new TZDate(Number(s.start) * 1000, 'America/New_York').getTimezoneOffset()),
    );
    expect(offsets.size).toBe(2);
  });
});

describe('POST /visits', () => {
  it('books an open slot: one visit of type 2 on the intake, and the time leaves availability', async () => {
    const before = await availability(
      `${window()}&room_code=general&consultation_id=${SEED_CONSULTATIONS.generalStandard}`,
    );
    const slot = freeFor(SEED_USERS.patient, before.body.data.slots)[0];
    if (!slot) throw new Error('no slot');
    await paidIntake('int_book', slot);
    const { status, body } = await bookSlot(slot, 'int_book');
    expect(status).toBe(200);
    expect(body.data).toMatchObject({ type: 2, status: 10, start: slot.slot_start, end: slot.slot_end });
    expect(body.data.intake?.id).toBe('int_book');
    const stored = db.visits.get(body.data.id);
    expect(stored?._slot_id).toBe(slot.slot_id);
    expect(stored?.provider_id).toBe(before.body.data.slot_data[slot.slot_id]?.provider_id);
    expect(db.intakes.get('int_book')?.visit_id).toBe(body.data.id);
    const after = await availability(
      `${window()}&room_code=general&consultation_id=${SEED_CONSULTATIONS.generalStandard}`,
    );
    expect(after.body.data.slots.map((s) => s.slot_id)).not.toContain(slot.slot_id);
  });

  it('answers a retry for the same intake with the same visit', async () => {
    const { body } = await availability(`${window()}&room_code=general`);
    const [first, second] = body.data.slots;
    if (!first || !second) throw new Error('no slots');
    await paidIntake('int_retry', first);
    const a = await bookSlot(first, 'int_retry');
    const b = await bookSlot(first, 'int_retry');
    const c = await bookSlot(second, 'int_retry');
    expect(b.body.data.id).toBe(a.body.data.id);
    expect(c.body.data.id).toBe(a.body.data.id);
    expect([...db.visits.values()].filter((v) => v.intake_id === 'int_retry')).toHaveLength(1);
  });

  it('refuses a full slot with 409 in the {error, message} shape', async () => {
    const { body } = await availability(
      `${window()}&room_code=general&consultation_id=${SEED_CONSULTATIONS.generalStandard}`,
    );
    const slot = freeFor(SEED_USERS.patient2, freeFor(SEED_USERS.patient, body.data.slots))[0];
    if (!slot) throw new Error('no slot');
    await paidIntake('int_a', slot);
    await paidIntake('int_b', slot, SEED_USERS.patient2);
    const providerId = body.data.slot_data[slot.slot_id]?.provider_id ?? '';
    const query = {
      slot_start: slot.slot_start,
      slot_end: slot.slot_end,
      room_code: 'general',
      type: 2,
      provider_id: providerId,
    };
    expect((await book({ ...query, intake_id: 'int_a' })).status).toBe(200);
    const loser = await book({ ...query, intake_id: 'int_b' }, headers(SEED_USERS.patient2));
    expect(loser.status).toBe(409);
    expect(loser.body).toEqual({
      error: 'slot_unavailable',
      message: 'That time is no longer available. Please choose another time.',
    });
    expect(db.intakes.get('int_b')?.visit_id).toBeNull();
  });

  it('gives the last place of a group session to exactly one of two simultaneous bookings', async () => {
    const { body } = await availability(
      `${window()}&room_code=general&consultation_id=${SEED_CONSULTATIONS.generalGroup}`,
    );
    const session = body.data.slots.find((s) => s.slot_id === seededSessionId());
    if (!session) throw new Error('no session');
    // Two patients: one patient holds at most one place of a session.
    await paidIntake('int_tab1', session);
    await paidIntake('int_tab2', session, SEED_USERS.patient2);
    expect(session.slot_available).toBe(1);
    const results = await Promise.all([
      bookSlot(session, 'int_tab1'),
      bookSlot(session, 'int_tab2', headers(SEED_USERS.patient2)),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
    const onSession = [...db.visits.values()].filter(
      (v) => v._slot_id === session.slot_id && v.status !== 40,
    );
    expect(onSession).toHaveLength(4);
  });

  it('refuses a time that is no open slot, another room\u2019s intake, and rooms without appointments', async () => {
    addIntake('int_odd');
    const t = nowSeconds();
    const odd = await book({
      slot_start: t + 7,
      slot_end: t + 907,
      room_code: 'general',
      type: 2,
      intake_id: 'int_odd',
    });
    expect(odd.status).toBe(400);
    expect(odd.body.error).toBe('bad_request');
    const walkinType = await book({
      slot_start: t,
      slot_end: t + 900,
      room_code: 'general',
      type: 1,
      intake_id: 'int_odd',
    });
    expect(walkinType.body.message).toBe('type must be 2 (scheduling)');
    addIntake('int_derm', SEED_USERS.patient, 'dermatology');
    const derm = await book({
      slot_start: t,
      slot_end: t + 900,
      room_code: 'dermatology',
      type: 2,
      intake_id: 'int_derm',
    });
    expect(derm.body.message).toBe('Room dermatology does not take appointments');
    const missing = await book({ slot_start: t, slot_end: t + 900, room_code: 'general', type: 2 });
    expect(missing.body.message).toBe('intake_id is required');
  });

  it('refuses someone else\u2019s intake', async () => {
    addIntake(SEED_INTAKES.other, SEED_USERS.patient2);
    const { body } = await availability(`${window()}&room_code=general`);
    const slot = body.data.slots[0];
    if (!slot) throw new Error('no slot');
    const { status } = await bookSlot(slot, SEED_INTAKES.other);
    expect(status).toBe(400);
    expect(db.intakes.get(SEED_INTAKES.other)?.visit_id).toBeNull();
  });
});

describe('POST /visits: the booked slot is the consultation paid for (DESIGN.md section 4)', () => {
  // Times free for the patient: a seeded appointment of hers may fall on the first offered time.
  const slotsFor = async (consultation: string) =>
    freeFor(
      SEED_USERS.patient,
      (await availability(`${window()}&room_code=general&consultation_id=${consultation}`)).body.data.slots,
    );
  const visitsOf = (intakeId: string) => [...db.visits.values()].filter((v) => v.intake_id === intakeId);

  it('refuses an appointment until its consultation is paid, then books it', async () => {
    const [slot] = await slotsFor(SEED_CONSULTATIONS.generalStandard);
    if (!slot) throw new Error('no slot');
    addIntake('int_unpaid', SEED_USERS.patient, 'general', SEED_CONSULTATIONS.generalStandard);
    const refused = await bookSlot(slot, 'int_unpaid');
    expect(refused.status).toBe(402);
    expect(refused.body).toEqual({
      error: 'payment_required',
      message: 'Your Standard consultation has not been paid yet. Please complete the payment step first.',
    });
    expect(visitsOf('int_unpaid')).toHaveLength(0);
    expect(db.intakes.get('int_unpaid')?.visit_id).toBeNull();

    await payIntake('int_unpaid', headers(), BASE);
    const booked = await bookSlot(slot, 'int_unpaid');
    expect(booked.status).toBe(200);
    expect(db.visits.get(booked.body.data.id)?._slot_id).toBe(slot.slot_id);
  });

  it('refuses an $89 slot on an intake that paid the $25 group session', async () => {
    const [standard] = await slotsFor(SEED_CONSULTATIONS.generalStandard);
    const [session] = await slotsFor(SEED_CONSULTATIONS.generalGroup);
    if (!standard || !session) throw new Error('no slots');
    addIntake('int_group', SEED_USERS.patient, 'general', SEED_CONSULTATIONS.generalGroup);
    const paid = await payIntake('int_group', headers(), BASE);
    expect(paid).toMatchObject({ paid: true, amount_due: 25 });

    const refused = await bookSlot(standard, 'int_group');
    expect(refused.status).toBe(402);
    expect(refused.body).toEqual({
      error: 'payment_required',
      message:
        'This time is for Standard consultation, but you chose Blood pressure group session. Please choose a time for Blood pressure group session.',
    });
    expect(visitsOf('int_group')).toHaveLength(0);

    const ok = await bookSlot(session, 'int_group');
    expect(ok.status).toBe(200);
    expect(db.visits.get(ok.body.data.id)?._slot_id).toBe(session.slot_id);
  });

  it('refuses an appointment when the intake names another consultation than the one paid for', async () => {
    const [standard] = await slotsFor(SEED_CONSULTATIONS.generalStandard);
    if (!standard) throw new Error('no slot');
    addIntake('int_switch', SEED_USERS.patient, 'general', SEED_CONSULTATIONS.generalGroup);
    await payIntake('int_switch', headers(), BASE);
    // The stored intake now names the $89 consultation, however it got there.
    db.intakes.get('int_switch')!.consultation_id = SEED_CONSULTATIONS.generalStandard;
    const refused = await bookSlot(standard, 'int_switch');
    expect(refused.status).toBe(402);
    expect(refused.body.message).toBe(
      'You paid for Blood pressure group session, but this visit is for Standard consultation. Please start a new visit to choose another consultation.',
    );
    expect(visitsOf('int_switch')).toHaveLength(0);
  });

  it('keeps a moved appointment on the consultation it was booked for', async () => {
    const [standard] = await slotsFor(SEED_CONSULTATIONS.generalStandard);
    const [session] = await slotsFor(SEED_CONSULTATIONS.generalGroup);
    if (!standard || !session) throw new Error('no slots');
    await paidIntake('int_keep', standard);
    const visit = (await bookSlot(standard, 'int_keep')).body.data;
    const moved = await call<VisitBody>(
      `/visits/${visit.id}?version=2&slot_start=${session.slot_start}&slot_end=${session.slot_end}`,
      { method: 'POST', headers: headers() },
    );
    expect(moved.status).toBe(402);
    expect(moved.body.error).toBe('payment_required');
    expect(db.visits.get(visit.id)).toMatchObject({ start: standard.slot_start, _slot_id: standard.slot_id });
  });
});

describe('POST /visits/{id} (version 2)', () => {
  async function booked(intakeId = 'int_move') {
    const { body } = await availability(
      `${window()}&room_code=general&consultation_id=${SEED_CONSULTATIONS.generalStandard}`,
    );
    const [first, second] = freeFor(SEED_USERS.patient, body.data.slots).filter(
      (s) => body.data.slot_data[s.slot_id]?.provider_id === SEED_USERS.provider,
    );
    if (!first || !second) throw new Error('no slots');
    await paidIntake(intakeId, first);
    const visit = (
      await book({
        slot_start: first.slot_start,
        slot_end: first.slot_end,
        room_code: 'general',
        type: 2,
        intake_id: intakeId,
        provider_id: SEED_USERS.provider,
      })
    ).body.data;
    return { visit, first, second };
  }
  const update = (id: string, query: string, as = headers()) =>
    call<VisitBody>(`/visits/${id}?${query}`, { method: 'POST', headers: as });

  it('moves an appointment to another open slot and frees the old time', async () => {
    const { visit, first, second } = await booked();
    const moved = await update(visit.id, `version=2&slot_start=${second.slot_start}`);
    expect(moved.status).toBe(200);
    expect(moved.body.data).toMatchObject({ id: visit.id, start: second.slot_start, end: second.slot_end });
    expect(db.visits.get(visit.id)?._slot_id).toBe(second.slot_id);
    const { body } = await availability(
      `${window()}&room_code=general&consultation_id=${SEED_CONSULTATIONS.generalStandard}`,
    );
    const offered = body.data.slots.map((s) => s.slot_id);
    expect(offered).toContain(first.slot_id);
    expect(offered).not.toContain(second.slot_id);
    // A retry of the same move answers the visit as it is.
    expect((await update(visit.id, `version=2&slot_start=${second.slot_start}`)).body.data.start).toBe(
      second.slot_start,
    );
  });

  it('refuses moving onto a taken time with 409 and leaves the appointment where it was', async () => {
    const { visit, first, second } = await booked();
    await paidIntake('int_rival', second, SEED_USERS.patient2);
    await book(
      {
        slot_start: second.slot_start,
        slot_end: second.slot_end,
        room_code: 'general',
        type: 2,
        intake_id: 'int_rival',
        provider_id: SEED_USERS.provider,
      },
      headers(SEED_USERS.patient2),
    );
    const refused = await update(
      visit.id,
      `version=2&slot_start=${second.slot_start}&provider_id=${SEED_USERS.provider}`,
    );
    expect(refused.status).toBe(409);
    expect(refused.body.error).toBe('slot_unavailable');
    expect(db.visits.get(visit.id)?.start).toBe(first.slot_start);
  });

  it('cancels with status=40, frees the place, and a second cancel changes nothing', async () => {
    const { visit, first } = await booked();
    const cancelled = await update(visit.id, 'version=2&status=40');
    expect(cancelled.status).toBe(200);
    expect(db.visits.get(visit.id)?.status).toBe(40);
    const { body } = await availability(
      `${window()}&room_code=general&consultation_id=${SEED_CONSULTATIONS.generalStandard}`,
    );
    expect(body.data.slots.map((s) => s.slot_id)).toContain(first.slot_id);
    expect((await update(visit.id, 'version=2&status=40')).status).toBe(200);
    expect((await update(visit.id, `version=2&slot_start=${first.slot_start}`)).status).toBe(400);
  });

  it('needs version 2, something to change, a participant, and refuses other statuses', async () => {
    const { visit } = await booked();
    expect((await update(visit.id, 'status=40')).body.message).toBe('version is required');
    expect((await update(visit.id, 'version=1&status=40')).status).toBe(400);
    expect((await update(visit.id, 'version=2')).status).toBe(400);
    expect((await update(visit.id, 'version=2&status=30')).status).toBe(400);
    expect((await update(visit.id, 'version=2&status=40', headers(SEED_USERS.patient2))).status).toBe(403);
    expect((await update('vis_nope', 'version=2&status=40')).status).toBe(404);
    expect((await update(SEED_VISITS.completed, 'version=2&status=40')).status).toBe(400);
    expect(db.visits.get(visit.id)?.status).toBe(10);
  });
});

describe('slots', () => {
  interface SlotBody {
    id: string;
    start: number;
    provider_id: string;
    group_id: string;
    group: { id: string; repeat_day: string[]; timezone: string } | null;
    provider: { id: string; rooms: { code: string }[] } | null;
    account: { code: string } | null;
  }
  const listSlots = (query: string, as = headers(SEED_USERS.provider)) =>
    call<SlotBody[]>(`/slots?${query}`, { headers: as });
  const remove = (path: string, as = headers(SEED_USERS.provider)) =>
    call<{ slot_deleted: number; group_deleted: number }>(path, { method: 'DELETE', headers: as });

  it('lists slots in the window with their group, provider and account, filtered as asked', async () => {
    const { status, body } = await listSlots(
      `${window()}&status=10&provider_id=${SEED_USERS.provider}&room_code=general`,
    );
    expect(status).toBe(200);
    expect(body.data.length).toBeGreaterThan(0);
    expect(body.data.every((s) => s.provider_id === SEED_USERS.provider)).toBe(true);
    expect(body.data[0]?.group?.timezone).toBe('America/New_York');
    expect(body.data[0]?.provider?.rooms.map((r) => r.code)).toContain('general');
    expect(body.data[0]?.account?.code).toBe('demo');
    const groups = await listSlots(`${window()}&type=group`);
    expect(new Set(groups.body.data.map((s) => s.group_id))).toEqual(new Set([SEED_SLOT_GROUPS.okaforClass]));
    const london = await listSlots(`${window()}&states_serviced=CA`);
    expect(london.body.data.some((s) => s.provider_id === SEED_USERS.nurse)).toBe(false);
    const nursing = await listSlots(`${window()}&specialty_id=nursing`);
    expect(new Set(nursing.body.data.map((s) => s.provider_id))).toEqual(new Set([SEED_USERS.nurse]));
    expect((await listSlots('status=10')).status).toBe(400);
    expect((await listSlots(`${window()}&type=many`)).status).toBe(400);
  });

  it('lists open slots with a place left across a provider\u2019s rooms', async () => {
    const { status, body } = await call<SlotBody[]>('/slots/available', {
      headers: headers(SEED_USERS.derm),
    });
    expect(status).toBe(200);
    // Dermatology's doctor shares no room with a slot-holding provider except the nurse (dermatology).
    expect(new Set(body.data.map((s) => s.provider_id))).toEqual(new Set([SEED_USERS.nurse]));
  });

  it('deletes one slot, then a whole group, answering the counts; the picker stops offering them', async () => {
    const { body } = await listSlots(`${window()}&provider_id=${SEED_USERS.provider}`);
    const slot = body.data.find((s) => s.group_id === SEED_SLOT_GROUPS.okaforQuick);
    if (!slot) throw new Error('no slot');
    const one = await remove(`/slots/${slot.id}`);
    expect(one.body.data).toEqual({ slot_deleted: 1, group_deleted: 0 });
    expect(db.slots.has(slot.id)).toBe(false);
    const left = [...db.slots.values()].filter((s) => s.group_id === SEED_SLOT_GROUPS.okaforQuick).length;
    const group = await remove(`/slots/groups/${SEED_SLOT_GROUPS.okaforQuick}`);
    expect(group.body.data).toEqual({ slot_deleted: left, group_deleted: 1 });
    expect(db.slotGroups.has(SEED_SLOT_GROUPS.okaforQuick)).toBe(false);
    const quick = await availability(
      `${window()}&room_code=general&consultation_id=${SEED_CONSULTATIONS.generalQuick}`,
    );
    expect(quick.body.data.slots.some((s) => s.group_id === SEED_SLOT_GROUPS.okaforQuick)).toBe(false);
  });

  it('lets only the slot\u2019s provider delete it: a patient and another provider get 403', async () => {
    const { body } = await listSlots(`${window()}&provider_id=${SEED_USERS.provider}`);
    const slot = body.data[0];
    if (!slot) throw new Error('no slot');
    expect((await remove(`/slots/${slot.id}`, headers(SEED_USERS.patient))).status).toBe(403);
    expect((await remove(`/slots/${slot.id}`, headers(SEED_USERS.nurse))).status).toBe(403);
    expect(
      (await remove(`/slots/groups/${SEED_SLOT_GROUPS.okafor}`, headers(SEED_USERS.patient))).body,
    ).toEqual({
      error: 'forbidden',
      message: 'Only the provider of these slots can delete them',
    });
    expect((await remove('/slots/nope')).status).toBe(404);
    expect(db.slots.has(slot.id)).toBe(true);
  });
});

describe('identity, colleagues, one place per patient, walk-ins (review S4, S5, S10, S11)', () => {
  const update = (id: string, query: string, as = headers()) =>
    call<VisitBody>(`/visits/${id}?${query}`, { method: 'POST', headers: as });
  const standardSlots = async (extra = '') =>
    (
      await availability(
        `${window()}&room_code=general&consultation_id=${SEED_CONSULTATIONS.generalStandard}${extra}`,
      )
    ).body.data;
  const timesOf = (s: AvailableSlot) => ({ start: s.slot_start, end: s.slot_end });
  const taken = (providerId: string) =>
    `${db.users.get(providerId)?.full_name} has already taken this visit.`;

  it('refuses booking on, and availability for, an intake of a patient whose id is the caller\u2019s SSO code', async () => {
    const base = db.users.get(SEED_USERS.patient2);
    if (!base) throw new Error('no usr_patient2');
    db.users.set('usr_lookalike', {
      ...base,
      id: 'usr_lookalike',
      code: SEED_USERS.patient,
      email: 'l@example.test',
    });
    const as = headers('usr_lookalike');
    const slot = freeFor(SEED_USERS.patient, (await standardSlots()).slots)[0];
    if (!slot) throw new Error('no slot');
    await paidIntake('int_theirs', slot);
    const offered = await availability(`${window(7)}&intake_id=int_theirs`, as);
    expect(offered.status).toBe(400);
    expect(offered.body).toEqual({ error: 'bad_request', message: 'Intake int_theirs not found' });
    const booked = await bookSlot(slot, 'int_theirs', as);
    expect(booked.status).toBe(400);
    expect(booked.body.message).toBe('Intake int_theirs not found');
    expect(db.intakes.get('int_theirs')?.visit_id).toBeNull();
    expect([...db.visits.values()].filter((v) => v.member_id === 'usr_lookalike')).toHaveLength(0);
  });

  it('refuses a provider moving a colleague\u2019s confirmed appointment onto her own slot (409 visit_taken)', async () => {
    const t = nowSeconds();
    const visit = [...db.visits.values()].find(
      (v) =>
        v.type === 2 &&
        v.status === 20 &&
        v.provider_id === SEED_USERS.provider &&
        v.room_code === 'general' &&
        Number(v.start) > t,
    );
    if (!visit) throw new Error('no confirmed appointment of usr_provider in the seed');
    const before = { start: visit.start, end: visit.end, slot: visit._slot_id };
    const [slot] = (await standardSlots(`&provider_id=${SEED_USERS.nurse}`)).slots;
    if (!slot) throw new Error('no slot of usr_nurse');
    for (const query of [
      `slot_start=${slot.slot_start}&slot_end=${slot.slot_end}&provider_id=${SEED_USERS.nurse}`,
      `slot_start=${slot.slot_start}&slot_end=${slot.slot_end}`,
    ]) {
      const refused = await update(visit.id, `version=2&${query}`, headers(SEED_USERS.nurse));
      expect(refused.status).toBe(409);
      expect(refused.body).toEqual({ error: 'visit_taken', message: taken(SEED_USERS.provider) });
    }
    expect(db.visits.get(visit.id)).toMatchObject({
      start: before.start,
      end: before.end,
      provider_id: SEED_USERS.provider,
      status: 20,
    });
    expect(db.visits.get(visit.id)?._slot_id).toBe(before.slot);
  });

  it('refuses a provider moving a walk-in a colleague has taken (409 visit_taken)', async () => {
    const walkin = [...db.visits.values()].find(
      (v) =>
        v.type === 1 &&
        v.subtype !== 4 &&
        v.status === 10 &&
        v.room_code === 'general' &&
        !v.provider_id &&
        v.member_id !== SEED_USERS.patient,
    );
    if (!walkin) throw new Error('no waiting walk-in in the seed');
    const start = walkin.start;
    expect(
      (await update(walkin.id, `version=2&provider_id=${SEED_USERS.provider}`, headers(SEED_USERS.provider)))
        .status,
    ).toBe(200);
    const [slot] = (await standardSlots(`&provider_id=${SEED_USERS.nurse}`)).slots;
    if (!slot) throw new Error('no slot of usr_nurse');
    const refused = await update(
      walkin.id,
      `version=2&slot_start=${slot.slot_start}&slot_end=${slot.slot_end}&provider_id=${SEED_USERS.nurse}`,
      headers(SEED_USERS.nurse),
    );
    expect(refused.status).toBe(409);
    expect(refused.body).toEqual({ error: 'visit_taken', message: taken(SEED_USERS.provider) });
    expect(db.visits.get(walkin.id)).toMatchObject({
      type: 1,
      start,
      provider_id: SEED_USERS.provider,
      status: 10,
    });
    expect(db.visits.get(walkin.id)?._slot_id).toBeUndefined();
  });

  it('refuses moving a waiting walk-in onto an appointment time: it stays in the queue, the time stays free', async () => {
    const waiting = (member?: string) =>
      [...db.visits.values()].find(
        (v) =>
          v.type === 1 &&
          v.subtype !== 4 &&
          v.status === 10 &&
          v.room_code === 'general' &&
          !v.provider_id &&
          (member === undefined ? v.member_id !== SEED_USERS.patient : v.member_id === member),
      );
    const own = waiting(SEED_USERS.patient);
    const others = waiting();
    if (!own || !others) throw new Error('no waiting walk-ins in the seed');
    const starts = { own: own.start, others: others.start };
    const queue = async () =>
      (await call<{ length: number }>('/rooms/general/queue', { headers: headers() })).body.data.length;
    const length = await queue();
    const data = await standardSlots();
    const slot = freeFor(SEED_USERS.patient, data.slots).find(
      (s) => data.slot_data[s.slot_id]?.provider_id === SEED_USERS.provider,
    );
    if (!slot) throw new Error('no slot');
    const message =
      'A walk-in visit waits in the queue and cannot be moved to an appointment time. To book an appointment, leave the queue and choose a time.';
    const byPatient = await update(
      own.id,
      `version=2&slot_start=${slot.slot_start}&slot_end=${slot.slot_end}`,
    );
    expect(byPatient.status).toBe(400);
    expect(byPatient.body).toEqual({ error: 'bad_request', message });
    const byProvider = await update(
      others.id,
      `version=2&slot_start=${slot.slot_start}&slot_end=${slot.slot_end}&provider_id=${SEED_USERS.provider}`,
      headers(SEED_USERS.provider),
    );
    expect(byProvider.status).toBe(400);
    expect(byProvider.body).toEqual({ error: 'bad_request', message });
    for (const [visit, start] of [
      [own, starts.own],
      [others, starts.others],
    ] as const) {
      expect(db.visits.get(visit.id)).toMatchObject({ type: 1, status: 10, start, provider_id: null });
      expect(db.visits.get(visit.id)?._slot_id).toBeUndefined();
    }
    expect(await queue()).toBe(length);
    expect((await standardSlots()).slots.map((s) => s.slot_id)).toContain(slot.slot_id);
  });

  it('gives one patient one place of a group session: a second booking is refused with 409', async () => {
    const { body } = await availability(
      `${window()}&room_code=general&consultation_id=${SEED_CONSULTATIONS.generalGroup}`,
    );
    const session = freeFor(SEED_USERS.patient, body.data.slots).find((s) => s.slot_available >= 2);
    if (!session) throw new Error('no group session with two places left');
    await paidIntake('int_place1', session);
    await paidIntake('int_place2', session);
    expect((await bookSlot(session, 'int_place1')).status).toBe(200);
    const second = await bookSlot(session, 'int_place2');
    expect(second.status).toBe(409);
    expect(second.body).toEqual({
      error: 'already_booked',
      message: 'You already have a place in this session.',
    });
    const mine = [...db.visits.values()].filter(
      (v) => v._slot_id === session.slot_id && v.member_id === SEED_USERS.patient && v.status !== 40,
    );
    expect(mine).toHaveLength(1);
    expect(db.intakes.get('int_place2')?.visit_id).toBeNull();
    const after = await availability(
      `${window()}&room_code=general&consultation_id=${SEED_CONSULTATIONS.generalGroup}`,
    );
    expect(after.body.data.slots.find((s) => s.slot_id === session.slot_id)?.slot_available).toBe(
      session.slot_available - 1,
    );
  });

  it('refuses an appointment overlapping one the patient has with another provider, on booking and on moving', async () => {
    const data = await standardSlots();
    const free = freeFor(SEED_USERS.patient, data.slots);
    const of = (id: string) => free.filter((s) => data.slot_data[s.slot_id]?.provider_id === id);
    const nurse = of(SEED_USERS.nurse);
    let pair: [AvailableSlot, AvailableSlot] | undefined;
    for (const a of of(SEED_USERS.provider)) {
      const b = nurse.find((n) => overlaps(timesOf(n), timesOf(a)));
      if (b) {
        pair = [a, b];
        break;
      }
    }
    if (!pair) throw new Error('no overlapping times of two providers in the window');
    const [mine, clash] = pair;
    const later = nurse.find((n) => n !== clash && !overlaps(timesOf(n), timesOf(mine)));
    if (!later) throw new Error('no other time of usr_nurse');
    await paidIntake('int_first', mine);
    await paidIntake('int_clash', clash);
    await paidIntake('int_later', later);
    const at = (slot: AvailableSlot, intakeId: string, providerId: string) =>
      book({
        slot_start: slot.slot_start,
        slot_end: slot.slot_end,
        room_code: 'general',
        type: 2,
        intake_id: intakeId,
        provider_id: providerId,
      });
    expect((await at(mine, 'int_first', SEED_USERS.provider)).status).toBe(200);
    const overlap = {
      error: 'appointment_overlap',
      message: `You already have an appointment with ${db.users.get(SEED_USERS.provider)?.full_name} at this time. Please choose another time.`,
    };
    const refused = await at(clash, 'int_clash', SEED_USERS.nurse);
    expect(refused.status).toBe(409);
    expect(refused.body).toEqual(overlap);
    expect(db.intakes.get('int_clash')?.visit_id).toBeNull();

    const second = await at(later, 'int_later', SEED_USERS.nurse);
    expect(second.status).toBe(200);
    const moved = await update(
      second.body.data.id,
      `version=2&slot_start=${clash.slot_start}&slot_end=${clash.slot_end}&provider_id=${SEED_USERS.nurse}`,
    );
    expect(moved.status).toBe(409);
    expect(moved.body).toEqual(overlap);
    expect(db.visits.get(second.body.data.id)).toMatchObject({
      start: later.slot_start,
      end: later.slot_end,
      _slot_id: later.slot_id,
    });
  });
});
