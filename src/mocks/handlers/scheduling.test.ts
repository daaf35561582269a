import { TZDate } from '@date-fns/tz';
import { describe, expect, it } from 'vitest';
import { db, nowSeconds } from '../db';
import { issuePair } from '../lib/auth';

const BASE = 'http://localhost/api_v3';
const DAY = 86_400;

function headers(userId = 'usr_patient'): Record<string, string> {
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

function addIntake(id: string, owner = 'usr_patient', roomCode = 'general') {
  const t = nowSeconds();
  db.intakes.set(id, {
    id,
    created: t,
    modified: t,
    type: '2',
    reason_for_visit: 'Test reason',
    attachments: [],
    visit_id: null,
    room_code: roomCode,
    member_id: owner,
    _owner: owner,
  });
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
    const { body } = await availability(`${window()}&room_code=general&consultation_id=cons_general_30`);
    const byProvider = (id: string) =>
      body.data.slots.filter((s) => body.data.slot_data[s.slot_id]?.provider_id === id);
    const okafor = byProvider('usr_provider').map((s) => wallTime(s.slot_start, 'America/New_York'));
    const lindqvist = byProvider('usr_nurse').map((s) => wallTime(s.slot_start, 'Europe/London'));
    expect(okafor.length).toBeGreaterThan(0);
    expect(lindqvist.length).toBeGreaterThan(0);
    expect(okafor.every((time) => time >= '08:00' && time <= '16:30')).toBe(true);
    expect(lindqvist.every((time) => time >= '08:00' && time <= '17:30')).toBe(true);
  });

  it('filters by consultation, provider and the patient\u2019s state', async () => {
    const quick = await availability(`${window()}&room_code=general&consultation_id=cons_general_15`);
    expect(quick.body.data.slots.length).toBeGreaterThan(0);
    expect(quick.body.data.slots.every((s) => s.slot_end - s.slot_start === 15 * 60)).toBe(true);
    const nurse = await availability(`${window()}&room_code=general&provider_id=usr_nurse`);
    expect(
      nurse.body.data.slots.every((s) => nurse.body.data.slot_data[s.slot_id]?.provider_id === 'usr_nurse'),
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
    const session = body.data.slots.find((s) => s.group_id === 'grp_okafor_class');
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
    const dst = [...db.slots.values()].filter((s) => s.group_id === 'grp_okafor_dst');
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
    addIntake('int_book');
    const before = await availability(`${window()}&room_code=general&consultation_id=cons_general_30`);
    const slot = before.body.data.slots[0];
    if (!slot) throw new Error('no slot');
    const { status, body } = await bookSlot(slot, 'int_book');
    expect(status).toBe(200);
    expect(body.data).toMatchObject({ type: 2, status: 10, start: slot.slot_start, end: slot.slot_end });
    expect(body.data.intake?.id).toBe('int_book');
    const stored = db.visits.get(body.data.id);
    expect(stored?._slot_id).toBe(slot.slot_id);
    expect(stored?.provider_id).toBe(before.body.data.slot_data[slot.slot_id]?.provider_id);
    expect(db.intakes.get('int_book')?.visit_id).toBe(body.data.id);
    const after = await availability(`${window()}&room_code=general&consultation_id=cons_general_30`);
    expect(after.body.data.slots.map((s) => s.slot_id)).not.toContain(slot.slot_id);
  });

  it('answers a retry for the same intake with the same visit', async () => {
    addIntake('int_retry');
    const { body } = await availability(`${window()}&room_code=general`);
    const [first, second] = body.data.slots;
    if (!first || !second) throw new Error('no slots');
    const a = await bookSlot(first, 'int_retry');
    const b = await bookSlot(first, 'int_retry');
    const c = await bookSlot(second, 'int_retry');
    expect(b.body.data.id).toBe(a.body.data.id);
    expect(c.body.data.id).toBe(a.body.data.id);
    expect([...db.visits.values()].filter((v) => v.intake_id === 'int_retry')).toHaveLength(1);
  });

  it('refuses a full slot with 409 in the {error, message} shape', async () => {
    addIntake('int_a');
    addIntake('int_b', 'usr_patient2');
    const { body } = await availability(`${window()}&room_code=general&consultation_id=cons_general_30`);
    const slot = body.data.slots[0];
    if (!slot) throw new Error('no slot');
    const providerId = body.data.slot_data[slot.slot_id]?.provider_id ?? '';
    const query = {
      slot_start: slot.slot_start,
      slot_end: slot.slot_end,
      room_code: 'general',
      type: 2,
      provider_id: providerId,
    };
    expect((await book({ ...query, intake_id: 'int_a' })).status).toBe(200);
    const loser = await book({ ...query, intake_id: 'int_b' }, headers('usr_patient2'));
    expect(loser.status).toBe(409);
    expect(loser.body).toEqual({
      error: 'slot_unavailable',
      message: 'That time is no longer available. Please choose another time.',
    });
    expect(db.intakes.get('int_b')?.visit_id).toBeNull();
  });

  it('gives the last place of a group session to exactly one of two simultaneous bookings', async () => {
    addIntake('int_tab1');
    addIntake('int_tab2');
    const { body } = await availability(`${window()}&room_code=general&consultation_id=cons_general_group`);
    const session = body.data.slots[0];
    if (!session) throw new Error('no session');
    expect(session.slot_available).toBe(1);
    const results = await Promise.all([bookSlot(session, 'int_tab1'), bookSlot(session, 'int_tab2')]);
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
    addIntake('int_derm', 'usr_patient', 'dermatology');
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
    addIntake('int_other', 'usr_patient2');
    const { body } = await availability(`${window()}&room_code=general`);
    const slot = body.data.slots[0];
    if (!slot) throw new Error('no slot');
    const { status } = await bookSlot(slot, 'int_other');
    expect(status).toBe(400);
    expect(db.intakes.get('int_other')?.visit_id).toBeNull();
  });
});

describe('POST /visits/{id} (version 2)', () => {
  async function booked(intakeId = 'int_move') {
    addIntake(intakeId);
    const { body } = await availability(`${window()}&room_code=general&consultation_id=cons_general_30`);
    const [first, second] = body.data.slots.filter(
      (s) => body.data.slot_data[s.slot_id]?.provider_id === 'usr_provider',
    );
    if (!first || !second) throw new Error('no slots');
    const visit = (
      await book({
        slot_start: first.slot_start,
        slot_end: first.slot_end,
        room_code: 'general',
        type: 2,
        intake_id: intakeId,
        provider_id: 'usr_provider',
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
    const { body } = await availability(`${window()}&room_code=general&consultation_id=cons_general_30`);
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
    addIntake('int_rival', 'usr_patient2');
    await book(
      {
        slot_start: second.slot_start,
        slot_end: second.slot_end,
        room_code: 'general',
        type: 2,
        intake_id: 'int_rival',
        provider_id: 'usr_provider',
      },
      headers('usr_patient2'),
    );
    const refused = await update(
      visit.id,
      `version=2&slot_start=${second.slot_start}&provider_id=usr_provider`,
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
    const { body } = await availability(`${window()}&room_code=general&consultation_id=cons_general_30`);
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
    expect((await update(visit.id, 'version=2&status=40', headers('usr_patient2'))).status).toBe(403);
    expect((await update('vis_nope', 'version=2&status=40')).status).toBe(404);
    expect((await update('vis_completed', 'version=2&status=40')).status).toBe(400);
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
  const listSlots = (query: string, as = headers('usr_provider')) =>
    call<SlotBody[]>(`/slots?${query}`, { headers: as });
  const remove = (path: string, as = headers('usr_provider')) =>
    call<{ slot_deleted: number; group_deleted: number }>(path, { method: 'DELETE', headers: as });

  it('lists slots in the window with their group, provider and account, filtered as asked', async () => {
    const { status, body } = await listSlots(
      `${window()}&status=10&provider_id=usr_provider&room_code=general`,
    );
    expect(status).toBe(200);
    expect(body.data.length).toBeGreaterThan(0);
    expect(body.data.every((s) => s.provider_id === 'usr_provider')).toBe(true);
    expect(body.data[0]?.group?.timezone).toBe('America/New_York');
    expect(body.data[0]?.provider?.rooms.map((r) => r.code)).toContain('general');
    expect(body.data[0]?.account?.code).toBe('demo');
    const groups = await listSlots(`${window()}&type=group`);
    expect(new Set(groups.body.data.map((s) => s.group_id))).toEqual(new Set(['grp_okafor_class']));
    const london = await listSlots(`${window()}&states_serviced=CA`);
    expect(london.body.data.some((s) => s.provider_id === 'usr_nurse')).toBe(false);
    const nursing = await listSlots(`${window()}&specialty_id=nursing`);
    expect(new Set(nursing.body.data.map((s) => s.provider_id))).toEqual(new Set(['usr_nurse']));
    expect((await listSlots('status=10')).status).toBe(400);
    expect((await listSlots(`${window()}&type=many`)).status).toBe(400);
  });

  it('lists open slots with a place left across a provider\u2019s rooms', async () => {
    const { status, body } = await call<SlotBody[]>('/slots/available', { headers: headers('usr_derm') });
    expect(status).toBe(200);
    // Dermatology's doctor shares no room with a slot-holding provider except the nurse (dermatology).
    expect(new Set(body.data.map((s) => s.provider_id))).toEqual(new Set(['usr_nurse']));
  });

  it('deletes one slot, then a whole group, answering the counts; the picker stops offering them', async () => {
    const { body } = await listSlots(`${window()}&provider_id=usr_provider`);
    const slot = body.data.find((s) => s.group_id === 'grp_okafor_quick');
    if (!slot) throw new Error('no slot');
    const one = await remove(`/slots/${slot.id}`);
    expect(one.body.data).toEqual({ slot_deleted: 1, group_deleted: 0 });
    expect(db.slots.has(slot.id)).toBe(false);
    const left = [...db.slots.values()].filter((s) => s.group_id === 'grp_okafor_quick').length;
    const group = await remove('/slots/groups/grp_okafor_quick');
    expect(group.body.data).toEqual({ slot_deleted: left, group_deleted: 1 });
    expect(db.slotGroups.has('grp_okafor_quick')).toBe(false);
    const quick = await availability(`${window()}&room_code=general&consultation_id=cons_general_15`);
    expect(quick.body.data.slots.some((s) => s.group_id === 'grp_okafor_quick')).toBe(false);
  });

  it('lets only the slot\u2019s provider delete it: a patient and another provider get 403', async () => {
    const { body } = await listSlots(`${window()}&provider_id=usr_provider`);
    const slot = body.data[0];
    if (!slot) throw new Error('no slot');
    expect((await remove(`/slots/${slot.id}`, headers('usr_patient'))).status).toBe(403);
    expect((await remove(`/slots/${slot.id}`, headers('usr_nurse'))).status).toBe(403);
    expect((await remove('/slots/groups/grp_okafor_weekdays', headers('usr_patient'))).body).toEqual({
      error: 'forbidden',
      message: 'Only the provider of these slots can delete them',
    });
    expect((await remove('/slots/nope')).status).toBe(404);
    expect(db.slots.has(slot.id)).toBe(true);
  });
});
