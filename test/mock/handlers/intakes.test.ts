import { describe, expect, it } from 'vitest';
import { db } from '@telehealth/mock/db';
import { payIntake } from '../../payments';
import { sessionFor, type PersonaCode } from '../../render';
import { SEED_CONSULTATIONS, SEED_INTAKES, SEED_USERS, SEED_VISITS } from '@telehealth/mock/seed/ids';

const API = 'http://mock.test/api_v3';

type Body = { data?: Record<string, unknown>; error?: string; code?: number; message?: string };

async function call(
  method: string,
  path: string,
  options: { as?: PersonaCode | null; form?: Record<string, string>; account?: boolean } = {},
) {
  const as = options.as === undefined ? 'demo-patient' : options.as;
  const headers: Record<string, string> = {};
  if (as) headers['X-ApiToken'] = sessionFor(as).token.token;
  if (options.account !== false) headers['X-AccountCode'] = 'demo';
  let body: string | undefined;
  if (options.form) {
    headers['Content-Type'] = 'application/x-www-form-urlencoded';
    body = new URLSearchParams(options.form).toString();
  }
  const response = await fetch(`${API}${path}`, { method, headers, body });
  return { status: response.status, body: (await response.json()) as Body };
}

const create = (query: string, form?: Record<string, string>, as?: PersonaCode | null) =>
  call('POST', `/intakes?${query}`, { form, as });

describe('POST /intakes', () => {
  it('creates an intake with the named fields and keeps custom fields, answering {id}', async () => {
    const { status, body } = await create(
      'room_code=general&type=1&reason_for_visit=Sore%20throat&location=ny&phone=555-0100',
      {
        'symptoms.symptoms.severity': 'mild',
        consent_accepted: '1',
      },
    );
    expect(status).toBe(200);
    const id = String(body.data?.id);
    expect(Object.keys(body.data ?? {})).toEqual(['id']);
    const record = db.intakes.get(id);
    expect(record).toMatchObject({
      room_code: 'general',
      type: '1',
      reason_for_visit: 'Sore throat',
      location: 'NY',
      phone: '555-0100',
      visit_id: null,
      member_id: SEED_USERS.patient,
      'symptoms.symptoms.severity': 'mild',
      consent_accepted: '1',
    });
  });

  it.each([
    ['', 'room_code is required'],
    ['room_code=nowhere', 'room_code nowhere is not a room of this clinic'],
    ['room_code=general&location=New%20York', 'location must be a two-letter state code'],
    ['room_code=general&type=3', 'type must be 1 (walk-in) or 2 (scheduled)'],
    ['room_code=general&type=walkin', 'type must be an integer'],
    [
      `room_code=general&provider_id=${SEED_USERS.patient}`,
      `provider_id ${SEED_USERS.patient} is not a provider of this clinic`,
    ],
    ['room_code=general&member_id=demo-patient-2', 'member_id must be the signed-in patient'],
  ])('refuses %s with 400 {error, message}', async (query, message) => {
    const before = db.intakes.size;
    const { status, body } = await create(query);
    expect(status).toBe(400);
    expect(body).toEqual({ error: 'bad_request', message });
    expect(db.intakes.size).toBe(before);
  });

  it('refuses a custom field that would overwrite a field of the intake', async () => {
    const { status, body } = await create('room_code=general', { visit_id: 'vis_fake' });
    expect(status).toBe(400);
    expect(body.message).toMatch(/visit_id is a field of the intake/);
  });

  it('answers 401 in the {error, message} shape without a token', async () => {
    const { status, body } = await create('room_code=general', undefined, null);
    expect(status).toBe(401);
    expect(body).toMatchObject({ error: 'unauthorized' });
  });
});

describe('POST /intakes/{id}', () => {
  it('updates only the fields given; an empty custom value clears it; provider_id 0 means first available', async () => {
    const id = String(
      (await create('room_code=general&reason_for_visit=First', { 'a.b.c': 'x', keep: 'me' })).body.data?.id,
    );
    await call('POST', `/intakes/${id}?provider_id=${SEED_USERS.provider}`);
    expect(db.intakes.get(id)?.provider).toBe(SEED_USERS.provider);

    const { status, body } = await call('POST', `/intakes/${id}?location=ca&provider_id=0`, {
      form: { 'a.b.c': '' },
    });
    expect(status).toBe(200);
    expect(body.data).toEqual({ id });
    expect(db.intakes.get(id)).toMatchObject({
      reason_for_visit: 'First',
      location: 'CA',
      provider: null,
      'a.b.c': '',
      keep: 'me',
    });
  });

  it('lists uploaded files named in attachment_ids on the intake', async () => {
    const id = String((await create('room_code=dermatology')).body.data?.id);
    db.files.set('file_a', {
      id: 'file_a',
      name: 'arm.jpg',
      size: 1234,
      ext: 'jpg',
      creator: { id: SEED_USERS.patient },
      meta: { category: 'intake_attachment', target: { id, type: 'intake' } },
    });
    await call('POST', `/intakes/${id}`, { form: { attachment_ids: 'file_a' } });
    const { body } = await call('GET', `/intakes/${id}`);
    expect(body.data?.attachments).toEqual([{ _id: 'file_a', name: 'arm.jpg', size: 1234, ext: 'jpg' }]);
  });

  it('refuses someone else’s intake with 403 and an unknown one with 404', async () => {
    const id = String((await create('room_code=general')).body.data?.id);
    expect((await call('POST', `/intakes/${id}?reason_for_visit=x`, { as: 'demo-patient-2' })).status).toBe(
      403,
    );
    expect(db.intakes.get(id)?.reason_for_visit).toBe('');
    const missing = await call('POST', '/intakes/int_nope?reason_for_visit=x');
    expect(missing).toEqual({ status: 404, body: { error: 'not_found', message: 'Intake not found' } });
  });
});

describe('GET /intakes/{id}', () => {
  it('returns the intake with its custom fields to its owner only', async () => {
    const id = String(
      (await create('room_code=general&reason_for_visit=Cough', { 'x.y.z': '42' })).body.data?.id,
    );
    const mine = await call('GET', `/intakes/${id}`);
    expect(mine.status).toBe(200);
    expect(mine.body.data).toMatchObject({ id, reason_for_visit: 'Cough', 'x.y.z': '42', visit_id: null });
    expect(Object.keys(mine.body.data ?? {}).some((k) => k.startsWith('_'))).toBe(false);
    expect((await call('GET', `/intakes/${id}`, { as: 'demo-patient-2' })).status).toBe(403);
  });

  it('reads a seeded intake whose provider is not assigned', async () => {
    const { status, body } = await call('GET', `/intakes/${SEED_INTAKES.pending}`);
    expect(status).toBe(200);
    expect(body.data).toMatchObject({ id: SEED_INTAKES.pending, visit_id: SEED_VISITS.pending });
  });
});

describe('intake ids and paid intakes', () => {
  it('gives new intakes unguessable ids with the usual prefix', async () => {
    const first = String((await create('room_code=general')).body.data?.id);
    const second = String((await create('room_code=general')).body.data?.id);
    for (const id of [first, second]) expect(id).toMatch(/^int_[0-9a-f]{32}$/);
    expect(first).not.toBe(second);
    expect(db.intakes.has(first) && db.intakes.has(second)).toBe(true);
  });

  it('keeps the consultation of a paid intake: another one is refused, the same one saves', async () => {
    const id = String(
      (await create('room_code=general', { consultation_id: SEED_CONSULTATIONS.generalGroup })).body.data?.id,
    );
    const headers = { 'X-ApiToken': sessionFor('demo-patient').token.token, 'X-AccountCode': 'demo' };
    await payIntake(id, headers, API);

    const changed = await call('POST', `/intakes/${id}?reason_for_visit=Later`, {
      form: { consultation_id: SEED_CONSULTATIONS.generalStandard },
    });
    expect(changed).toEqual({
      status: 409,
      body: {
        error: 'already_paid',
        message:
          'You have already paid for Blood pressure group session, so the consultation cannot change. Please start a new visit to choose another consultation.',
      },
    });
    expect(db.intakes.get(id)).toMatchObject({
      consultation_id: SEED_CONSULTATIONS.generalGroup,
      reason_for_visit: '',
    });
    const cleared = await call('POST', `/intakes/${id}`, { form: { consultation_id: '' } });
    expect(cleared.status).toBe(409);

    const same = await call('POST', `/intakes/${id}?reason_for_visit=Later`, {
      form: { consultation_id: SEED_CONSULTATIONS.generalGroup },
    });
    expect(same.status).toBe(200);
    expect(db.intakes.get(id)).toMatchObject({
      consultation_id: SEED_CONSULTATIONS.generalGroup,
      reason_for_visit: 'Later',
    });
  });
});
