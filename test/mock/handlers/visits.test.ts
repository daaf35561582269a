import { describe, expect, it } from 'vitest';
import { payIntake } from '../../payments';
import { db, nowSeconds } from '@telehealth/mock/db';
import { issuePair } from '@telehealth/mock/lib/auth';
import { chargesFor } from '@telehealth/mock/handlers/billing';
import {
  SEED_CONSULTATIONS,
  SEED_INTAKES,
  SEED_USERS,
  SEED_VISITS,
  seedQueueVisit,
} from '@telehealth/mock/seed/ids';
import { buildIntake } from '../../builders';

const ORIGIN = 'http://localhost';
const BASE = `${ORIGIN}/api_v3`;
const ADMIN = { 'X-ApiToken': 'demo-admin-token', 'X-AccountCode': 'demo' };

function userHeaders(userId: string): Record<string, string> {
  return { 'X-ApiToken': issuePair(userId).access.token, 'X-AccountCode': 'demo' };
}

interface VisitBody {
  id: string;
  status: number;
  subtype?: number;
  start?: number | null;
  member_id?: string;
  provider_id?: string | null;
  intake?: { id: string };
  recordings?: unknown;
}

async function call<T = unknown>(path: string, init: RequestInit = {}) {
  const response = await fetch(path.startsWith('http') ? path : `${BASE}${path}`, init);
  const body = (await response.json()) as { data: T; error?: string; message?: string };
  return { status: response.status, body };
}

const ids = (visits: VisitBody[]) => visits.map((v) => v.id).sort();

/** An intake as the wizard leaves it; `consultation` is the custom field the consultation step saves. */
function addIntake(id: string, owner: string, roomCode: string, consultation?: string) {
  db.intakes.set(id, buildIntake({ id, member: owner, room_code: roomCode, consultation }));
}

const walkin = (headers: Record<string, string>, query: string) =>
  call<VisitBody>(`/visits/add_walkin?${query}`, { method: 'POST', headers });
const econsult = (headers: Record<string, string>, body: unknown) =>
  call<VisitBody>('/visits/add_econsult', {
    method: 'POST',
    headers: { ...headers, 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });

describe('GET /visits', () => {
  it('answers 401 in the {error, message} shape without a token', async () => {
    const { status, body } = await call('/visits', { headers: { 'X-AccountCode': 'demo' } });
    expect(status).toBe(401);
    expect(body).toEqual({ error: 'unauthorized', message: 'Invalid or missing API token' });
  });

  it('shows a patient only their own visits, without recordings unless asked', async () => {
    const { status, body } = await call<VisitBody[]>('/visits', { headers: userHeaders(SEED_USERS.patient) });
    expect(status).toBe(200);
    expect(body.data.every((v) => v.member_id === SEED_USERS.patient)).toBe(true);
    expect(ids(body.data)).toContain(SEED_VISITS.completed);
    expect(ids(body.data)).not.toContain(seedQueueVisit(1));
    expect(body.data.some((v) => 'recordings' in v)).toBe(false);
    const other = await call<VisitBody[]>('/visits', { headers: userHeaders(SEED_USERS.patient2) });
    expect(other.body.data).toEqual([]);
  });

  it('shows a provider the visits they are assigned to or that wait in their rooms', async () => {
    const { body } = await call<VisitBody[]>('/visits', { headers: userHeaders(SEED_USERS.derm) });
    expect(ids(body.data)).toEqual([
      SEED_VISITS.econsultClosed,
      SEED_VISITS.econsultNew1,
      SEED_VISITS.econsultNew2,
      SEED_VISITS.econsultOpen,
    ]);
    const general = await call<VisitBody[]>('/visits?room_code=general', {
      headers: userHeaders(SEED_USERS.nurse),
    });
    expect(ids(general.body.data)).toContain(seedQueueVisit(1));
  });

  it('accepts the clinic admin token and filters recordings', async () => {
    const all = await call<VisitBody[]>('/visits?fields=recordings&with_recordings_only=1', {
      headers: ADMIN,
    });
    expect(all.status).toBe(200);
    expect(ids(all.body.data)).toEqual([
      SEED_VISITS.completed,
      SEED_VISITS.pedsFollowup,
      SEED_VISITS.pedsRecorded,
    ]);
    expect(all.body.data.map((v) => (v.recordings as { count?: number } | undefined)?.count)).toEqual([
      1, 1, 1,
    ]);
  });

  it('filters by start_time, end_time and status', async () => {
    const now = nowSeconds();
    const headers = userHeaders(SEED_USERS.patient);
    const upcoming = await call<VisitBody[]>(`/visits?start_time=${now}`, { headers });
    expect(ids(upcoming.body.data)).toEqual([SEED_VISITS.pending, SEED_VISITS.upcoming]);
    const past = await call<VisitBody[]>(`/visits?end_time=${now}`, { headers });
    expect(ids(past.body.data)).toEqual([
      SEED_VISITS.cancelled,
      SEED_VISITS.completed,
      SEED_VISITS.econsultClosed,
    ]);
    const inProgress = await call<VisitBody[]>('/visits?status=25', { headers });
    expect(ids(inProgress.body.data)).toEqual([SEED_VISITS.inProgress]);
  });

  it('answers 400 for a status outside the spec and a bad with_recordings_only', async () => {
    const headers = userHeaders(SEED_USERS.patient);
    const bad = await call('/visits?status=15', { headers });
    expect(bad.status).toBe(400);
    expect(bad.body).toEqual({ error: 'bad_request', message: 'status must be one of 10, 20, 25, 30 or 40' });
    expect((await call('/visits?with_recordings_only=2', { headers })).status).toBe(400);
  });
});

describe('GET /visits/{id}', () => {
  it('returns a participant the visit with its intake', async () => {
    const { status, body } = await call<VisitBody>(`/visits/${SEED_VISITS.upcoming}`, {
      headers: userHeaders(SEED_USERS.patient),
    });
    expect(status).toBe(200);
    expect(body.data.intake?.id).toBe(SEED_INTAKES.upcoming);
  });

  it('answers 403 to someone who is not a participant and 404 for an unknown visit', async () => {
    const forbidden = await call(`/visits/${SEED_VISITS.upcoming}`, {
      headers: userHeaders(SEED_USERS.patient2),
    });
    expect(forbidden.status).toBe(403);
    expect(forbidden.body).toEqual({ error: 'forbidden', message: 'Not a participant on this visit' });
    const provider = await call(`/visits/${SEED_VISITS.econsultOpen}`, {
      headers: userHeaders(SEED_USERS.peds),
    });
    expect(provider.status).toBe(403);
    const missing = await call('/visits/vis_nope', { headers: userHeaders(SEED_USERS.patient) });
    expect(missing.status).toBe(404);
    expect(missing.body).toEqual({ error: 'not_found', message: 'Visit not found' });
  });
});

describe('POST /visits/add_walkin', () => {
  it('creates one pending walk-in, links the intake and queues a visit.created event', async () => {
    addIntake('int_test', SEED_USERS.patient2, 'general', SEED_CONSULTATIONS.generalQuick);
    const headers = userHeaders(SEED_USERS.patient2);
    await payIntake('int_test', headers);
    const before = db.visits.size;
    const { status, body } = await walkin(
      headers,
      'intake_id=int_test&visit_data_id=int_test&room_code=general',
    );
    expect(status).toBe(200);
    expect(body.data).toMatchObject({
      status: 10,
      member_id: SEED_USERS.patient2,
      intake: { id: 'int_test' },
    });
    expect(db.visits.size).toBe(before + 1);
    expect(db.intakes.get('int_test')?.visit_id).toBe(body.data.id);
    expect(db.outbox).toHaveLength(1);
    expect(db.outbox[0]).toMatchObject({
      type: 'visit.created',
      account_code: 'demo',
      version: '1.0',
      data: {
        id: body.data.id,
        member_id: SEED_USERS.patient2,
        provider_id: null,
        status: '10',
        completed_by: null,
      },
    });
    // The new walk-in waits behind the three already in room general.
    const queue = await call<{ before_me: number; length: number }>('/rooms/general/queue', { headers });
    expect(queue.body.data).toMatchObject({ length: 4, before_me: 3 });
  });

  it('returns the same visit for the same intake: retries and second tabs never make a second one', async () => {
    addIntake('int_twice', SEED_USERS.patient2, 'general', SEED_CONSULTATIONS.generalQuick);
    const headers = userHeaders(SEED_USERS.patient2);
    await payIntake('int_twice', headers);
    const query = 'intake_id=int_twice&visit_data_id=int_twice&room_code=general';
    const [a, b] = await Promise.all([walkin(headers, query), walkin(headers, query)]);
    const c = await walkin(headers, query);
    expect(a.body.data.id).toBe(b.body.data.id);
    expect(c.body.data.id).toBe(a.body.data.id);
    expect([...db.visits.values()].filter((v) => v.intake_id === 'int_twice')).toHaveLength(1);
    expect(db.outbox).toHaveLength(1);
  });

  it('answers 400 for each missing required parameter', async () => {
    addIntake('int_test', SEED_USERS.patient2, 'general');
    const headers = userHeaders(SEED_USERS.patient2);
    for (const [query, missing] of [
      ['visit_data_id=x&room_code=general', 'intake_id'],
      ['intake_id=int_test&room_code=general', 'visit_data_id'],
      ['intake_id=int_test&visit_data_id=x', 'room_code'],
    ] as const) {
      const { status, body } = await walkin(headers, query);
      expect(status).toBe(400);
      expect(body).toEqual({ error: 'bad_request', message: `${missing} is required` });
    }
  });

  it("refuses someone else's intake, an unknown room, a closed room and a room without walk-ins", async () => {
    addIntake(SEED_INTAKES.other, SEED_USERS.patient, 'general');
    addIntake('int_closed', SEED_USERS.patient2, 'after-hours');
    addIntake('int_derm', SEED_USERS.patient2, 'dermatology');
    const headers = userHeaders(SEED_USERS.patient2);
    const other = await walkin(headers, `intake_id=${SEED_INTAKES.other}&visit_data_id=x&room_code=general`);
    expect(other.status).toBe(400);
    expect(other.body.message).toBe(`Intake ${SEED_INTAKES.other} not found`);
    const unknown = await walkin(headers, 'intake_id=int_closed&visit_data_id=x&room_code=nowhere');
    expect(unknown.body.message).toBe('Room nowhere not found');
    const closed = await walkin(headers, 'intake_id=int_closed&visit_data_id=x&room_code=after-hours');
    expect(closed.status).toBe(400);
    expect(closed.body.message).toBe('Room after-hours is closed and does not take walk-in visits now');
    const derm = await walkin(headers, 'intake_id=int_derm&visit_data_id=x&room_code=dermatology');
    expect(derm.body.message).toBe('Room dermatology does not take walk-in visits');
    expect(db.outbox).toHaveLength(0);
  });

  it('needs a user token: the admin token is refused', async () => {
    addIntake('int_test', SEED_USERS.patient2, 'general');
    const { status } = await walkin(ADMIN, 'intake_id=int_test&visit_data_id=x&room_code=general');
    expect(status).toBe(401);
  });
});

describe('POST /visits/add_econsult', () => {
  it('creates an unscheduled e-consult, even in a closed room, once per intake', async () => {
    addIntake('int_ec', SEED_USERS.patient2, 'after-hours', SEED_CONSULTATIONS.afterHours);
    const headers = userHeaders(SEED_USERS.patient2);
    await payIntake('int_ec', headers);
    const first = await econsult(headers, { intake_id: 'int_ec', room_code: 'after-hours' });
    expect(first.status).toBe(200);
    expect(first.body.data).toMatchObject({ subtype: 4, status: 10, start: null });
    const again = await econsult(headers, { intake_id: 'int_ec', room_code: 'after-hours' });
    expect(again.body.data.id).toBe(first.body.data.id);
    expect(db.outbox).toHaveLength(1);
    expect(db.intakes.get('int_ec')?.visit_id).toBe(first.body.data.id);
  });

  it('refuses a room without e-consults and a body that is not JSON', async () => {
    addIntake('int_gen', SEED_USERS.patient2, 'general');
    const headers = userHeaders(SEED_USERS.patient2);
    const general = await econsult(headers, { intake_id: 'int_gen', room_code: 'general' });
    expect(general.status).toBe(400);
    expect(general.body.message).toBe('Room general does not take e-consults');
    const missing = await econsult(headers, { room_code: 'general' });
    expect(missing.body).toEqual({ error: 'bad_request', message: 'intake_id is required' });
    const notJson = await call('/visits/add_econsult', { method: 'POST', headers, body: 'intake_id=x' });
    expect(notJson.status).toBe(400);
  });
});

describe('POST /__mock/visits/{id}/status (development control)', () => {
  it('moves a waiting walk-in to in progress and assigns the demo provider', async () => {
    const response = await fetch(`${ORIGIN}/__mock/visits/${SEED_VISITS.walkInWaiting}/status`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ status: 25 }),
    });
    expect(response.status).toBe(200);
    const visit = db.visits.get(SEED_VISITS.walkInWaiting);
    expect(visit).toMatchObject({ status: 25, provider_id: SEED_USERS.provider });
    expect(typeof visit?.actual_start).toBe('number');
  });

  it('refuses a status outside the spec', async () => {
    const response = await fetch(`${ORIGIN}/__mock/visits/${SEED_VISITS.walkInWaiting}/status`, {
      method: 'POST',
      body: JSON.stringify({ status: 99 }),
    });
    expect(response.status).toBe(400);
  });
});

describe('the other demo accounts (VITE_ACCOUNT_CODE=demo-quick, demo-econsult)', () => {
  it('lets the demo patient start a walk-in in quick-care and an e-consult in skin-photos', async () => {
    addIntake('int_quick', SEED_USERS.patient, 'quick-care');
    addIntake('int_photos', SEED_USERS.patient, 'skin-photos', 'cons_photos');
    const token = issuePair(SEED_USERS.patient).access.token;
    // The skin photo review costs $45: paid before the e-consult is sent.
    await payIntake('int_photos', { 'X-ApiToken': token, 'X-AccountCode': 'demo-econsult' }, BASE);
    const quick = await walkin(
      { 'X-ApiToken': token, 'X-AccountCode': 'demo-quick' },
      'intake_id=int_quick&visit_data_id=x&room_code=quick-care',
    );
    expect(quick.status).toBe(200);
    expect(db.visits.get(quick.body.data.id)?.room_code).toBe('quick-care');
    const photos = await econsult(
      { 'X-ApiToken': token, 'X-AccountCode': 'demo-econsult' },
      { intake_id: 'int_photos', room_code: 'skin-photos' },
    );
    expect(photos.status).toBe(200);
    expect(db.visits.get(photos.body.data.id)?.room_code).toBe('skin-photos');
    // A visit belongs to the clinic of its room, so that clinic can read it (and its files) back.
    expect(db.visits.get(quick.body.data.id)?.account_code).toBe('demo-quick');
    expect(db.visits.get(photos.body.data.id)?.account_code).toBe('demo-econsult');
  });

  it('still refuses a room of a clinic the patient does not belong to', async () => {
    addIntake('int_quick2', SEED_USERS.patient2, 'quick-care');
    db.users.get(SEED_USERS.patient2)!.clinics = ['demo'];
    const { status, body } = await walkin(
      { 'X-ApiToken': issuePair(SEED_USERS.patient2).access.token, 'X-AccountCode': 'demo-quick' },
      'intake_id=int_quick2&visit_data_id=x&room_code=quick-care',
    );
    // The caller is not a member of demo-quick: that clinic does not exist for them.
    expect(status).toBe(404);
    expect(body.message).toBe('Clinic not found');
  });
});

describe('payment before the visit (DESIGN.md section 4)', () => {
  const visitsOf = (intakeId: string) => [...db.visits.values()].filter((v) => v.intake_id === intakeId);

  it('refuses a walk-in for a charged consultation until its invoice is paid, then creates it', async () => {
    addIntake('int_unpaid', SEED_USERS.patient2, 'general', SEED_CONSULTATIONS.generalQuick);
    const headers = userHeaders(SEED_USERS.patient2);
    const query = 'intake_id=int_unpaid&visit_data_id=x&room_code=general';
    const refused = await walkin(headers, query);
    expect(refused.status).toBe(402);
    expect(refused.body).toEqual({
      error: 'payment_required',
      message: 'Your Quick consultation has not been paid yet. Please complete the payment step first.',
    });
    expect(visitsOf('int_unpaid')).toHaveLength(0);
    expect(db.intakes.get('int_unpaid')?.visit_id).toBeNull();
    expect(db.outbox).toHaveLength(0);

    await payIntake('int_unpaid', headers);
    const created = await walkin(headers, query);
    expect(created.status).toBe(200);
    expect(visitsOf('int_unpaid')).toHaveLength(1);
    expect(chargesFor('int_unpaid')).toHaveLength(1);
    expect(chargesFor('int_unpaid')[0]).toMatchObject({ amount: 49, status: 'succeeded' });
  });

  it('refuses an e-consult for a charged consultation until its invoice is paid', async () => {
    addIntake('int_ec_unpaid', SEED_USERS.patient, 'after-hours', SEED_CONSULTATIONS.afterHours);
    const headers = userHeaders(SEED_USERS.patient);
    const body = { intake_id: 'int_ec_unpaid', room_code: 'after-hours' };
    const refused = await econsult(headers, body);
    expect(refused.status).toBe(402);
    expect(refused.body.error).toBe('payment_required');
    expect(visitsOf('int_ec_unpaid')).toHaveLength(0);

    await payIntake('int_ec_unpaid', headers);
    const created = await econsult(headers, body);
    expect(created.status).toBe(200);
    expect(db.visits.get(created.body.data.id)).toMatchObject({ subtype: 4, intake_id: 'int_ec_unpaid' });
    expect(chargesFor('int_ec_unpaid')[0]).toMatchObject({ amount: 99 });
  });

  it('refuses a visit in a room that charges when the intake names no consultation', async () => {
    addIntake('int_no_choice', SEED_USERS.patient2, 'general');
    const refused = await walkin(
      userHeaders(SEED_USERS.patient2),
      'intake_id=int_no_choice&visit_data_id=x&room_code=general',
    );
    expect(refused.status).toBe(402);
    expect(refused.body).toEqual({
      error: 'payment_required',
      message: 'Please choose the type of consultation and pay for it before your visit is created.',
    });
    expect(visitsOf('int_no_choice')).toHaveLength(0);
  });

  it('lets a free consultation through without an invoice', async () => {
    addIntake('int_free', SEED_USERS.patient2, 'pediatrics', SEED_CONSULTATIONS.peds);
    const { status, body } = await walkin(
      userHeaders(SEED_USERS.patient2),
      'intake_id=int_free&visit_data_id=x&room_code=pediatrics',
    );
    expect(status).toBe(200);
    expect(db.visits.get(body.data.id)?.intake_id).toBe('int_free');
    expect(chargesFor('int_free')).toHaveLength(0);
  });

  it('the arrivals control queues patients whose consultation it paid, as their payment step would', async () => {
    const response = await fetch(`${ORIGIN}/__mock/rooms/general/walkins`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ count: 2 }),
    });
    expect(response.status).toBe(201);
    const { data } = (await response.json()) as { data: { ids: string[] } };
    expect(data.ids).toHaveLength(2);
    for (const id of data.ids) {
      const intakeId = String(db.visits.get(id)?.intake_id);
      expect(intakeId).toMatch(/^int_[0-9a-f]{32}$/);
      expect(chargesFor(intakeId)).toHaveLength(1);
    }
  });

  it('refuses a walk-in whose consultation is not the one paid for', async () => {
    addIntake('int_switched', SEED_USERS.patient2, 'general', SEED_CONSULTATIONS.generalGroup);
    const headers = userHeaders(SEED_USERS.patient2);
    await payIntake('int_switched', headers);
    // The stored intake now names the $89 consultation, however it got there.
    db.intakes.get('int_switched')!.consultation_id = SEED_CONSULTATIONS.generalStandard;
    const refused = await walkin(headers, 'intake_id=int_switched&visit_data_id=x&room_code=general');
    expect(refused.status).toBe(402);
    expect(refused.body).toEqual({
      error: 'payment_required',
      message:
        'You paid for Blood pressure group session, but this visit is for Standard consultation. Please start a new visit to choose another consultation.',
    });
    expect(visitsOf('int_switched')).toHaveLength(0);
    expect(chargesFor('int_switched')).toHaveLength(1);
  });
});

describe('identity is the user id only', () => {
  /** A patient whose integrator code happens to be another patient's platform id. */
  function lookalike(): Record<string, string> {
    const base = db.users.get(SEED_USERS.patient2);
    if (!base) throw new Error('no usr_patient2 in the seed');
    db.users.set('usr_lookalike', {
      ...base,
      id: 'usr_lookalike',
      code: SEED_USERS.patient,
      email: 'lookalike@example.test',
    });
    return userHeaders('usr_lookalike');
  }

  it('refuses a caller whose SSO code is another patient\u2019s id: no walk-in, no e-consult, no visit of theirs', async () => {
    // An intake of usr_patient that already has their visit (read from the seed), and a fresh one.
    const theirs = [...db.visits.values()].find(
      (v) => v.member_id === SEED_USERS.patient && v.room_code === 'general' && v.account_code === 'demo',
    );
    if (!theirs) throw new Error('no visit of usr_patient in general');
    addIntake('int_theirs', SEED_USERS.patient, 'general');
    db.intakes.get('int_theirs')!.visit_id = theirs.id;
    addIntake('int_theirs_ec', SEED_USERS.patient, 'after-hours');
    const headers = lookalike();
    const before = db.visits.size;

    // The intake already has usr_patient's visit: the walk-in call must not hand it out.
    const walk = await walkin(headers, 'intake_id=int_theirs&visit_data_id=int_theirs&room_code=general');
    expect(walk.status).toBe(400);
    expect(walk.body).toEqual({ error: 'bad_request', message: 'Intake int_theirs not found' });
    const ec = await econsult(headers, { intake_id: 'int_theirs_ec', room_code: 'after-hours' });
    expect(ec.status).toBe(400);
    expect(ec.body.message).toBe('Intake int_theirs_ec not found');

    expect(db.visits.size).toBe(before);
    expect(db.intakes.get('int_theirs')?.visit_id).toBe(theirs.id);
    expect(db.intakes.get('int_theirs_ec')?.visit_id).toBeNull();
    expect([...db.visits.values()].filter((v) => v.member_id === 'usr_lookalike')).toHaveLength(0);
    const list = await call<VisitBody[]>('/visits', { headers });
    expect(list.body.data).toEqual([]);
    expect((await call(`/visits/${theirs.id}`, { headers })).status).toBe(403);
  });
});
