import { afterEach, describe, expect, it, vi } from 'vitest';
import { db } from '../db.ts';
import { issuePair, setMockConfig } from '../lib/auth.ts';
import { setMockProfile } from '../lib/profile.ts';
import { SEED_USERS, SEED_VISITS } from '../seed/ids.ts';

const BASE = 'http://localhost/api_v3';
const ADMIN = { 'X-ApiToken': 'demo-admin-token', 'X-AccountCode': 'demo' };

async function call(path: string, init: RequestInit = {}) {
  const response = await fetch(`${BASE}${path}`, init);
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}
const json = (body: unknown, headers: Record<string, string> = ADMIN) => ({
  method: 'POST',
  headers: { ...headers, 'Content-Type': 'application/json' },
  body: JSON.stringify(body),
});

describe('GET /visits/{id}/recordings/{recording_id} (ADMIN)', () => {
  it('answers the recording unwrapped with a link that expires after the configured time', async () => {
    setMockConfig({ recordingUrlSeconds: 30 });
    const before = Math.floor(Date.now() / 1000);
    const { status, body } = await call(`/visits/${SEED_VISITS.pedsRecorded}/recordings/502`, {
      headers: ADMIN,
    });
    expect(status).toBe(200);
    expect(body).not.toHaveProperty('data');
    expect(body).toMatchObject({ id: 502, visit_id: SEED_VISITS.pedsRecorded });
    const path = body.path as { url: string; expiry: number };
    expect(path.url).toMatch(/^https:\/\/recordings\.example\.test\/demo\/vis_peds_recorded\/502\.mp4\?/);
    expect(path.expiry - before).toBeGreaterThanOrEqual(30);
    expect(path.expiry - before).toBeLessThanOrEqual(31);
    const again = await call(`/visits/${SEED_VISITS.pedsRecorded}/recordings/502`, { headers: ADMIN });
    expect((again.body.path as { url: string }).url).not.toBe(path.url);
  });

  it('is strict about the admin scheme and the clinic', async () => {
    const user = issuePair(SEED_USERS.admin).access.token;
    const path = `/visits/${SEED_VISITS.pedsRecorded}/recordings/502`;
    expect((await call(path)).status).toBe(401);
    expect((await call(path, { headers: { ...ADMIN, 'X-ApiToken': 'nope' } })).status).toBe(401);
    const asUser = await call(path, { headers: { ...ADMIN, 'X-ApiToken': user } });
    expect(asUser).toMatchObject({ status: 403, body: { error: 'forbidden' } });
    expect((await call(path, { headers: { 'X-ApiToken': 'demo-admin-token' } })).status).toBe(400);
    db.accounts.set('other', { ...db.accounts.get('demo')!, code: 'other' });
    const other = await call(path, { headers: { ...ADMIN, 'X-AccountCode': 'other' } });
    // The admin token belongs to `demo`: with another clinic's code it is refused.
    expect(other).toMatchObject({ status: 403, body: { error: 'forbidden' } });
    expect(
      (await call(`/visits/${SEED_VISITS.pedsRecorded}/recordings/999`, { headers: ADMIN })).status,
    ).toBe(404);
  });
});

describe('POST /webhooks/events (ADMIN)', () => {
  const envelope = {
    version: '1.0',
    id: 'd-1',
    type: 'visit.message.created',
    created: 1_700_000_000,
    account_code: 'demo',
    data: { visit_id: 'v', message_id: 'm', actor_type: 'patient', ts: 1_700_000_000 },
  };

  it('acknowledges a valid envelope and keeps it', async () => {
    expect(await call('/webhooks/events', json(envelope))).toEqual({ status: 200, body: { data: true } });
    expect([...db.webhookReceipts.values()][0]).toMatchObject({ envelope });
  });

  it('refuses a bad envelope, another clinic’s envelope and a user token', async () => {
    const { id: _id, ...withoutId } = envelope;
    expect(await call('/webhooks/events', json(withoutId))).toMatchObject({
      status: 400,
      body: { code: 400 },
    });
    const noMessage = { ...envelope, data: { ...envelope.data, message_id: undefined } };
    expect((await call('/webhooks/events', json(noMessage))).status).toBe(400);
    expect((await call('/webhooks/events', json({ ...envelope, account_code: 'other' }))).status).toBe(400);
    const user = issuePair(SEED_USERS.admin).access.token;
    expect((await call('/webhooks/events', json(envelope, { ...ADMIN, 'X-ApiToken': user }))).status).toBe(
      403,
    );
    expect(db.webhookReceipts.size).toBe(0);
  });
});

describe('PUT /rooms/{code} (ADMIN)', () => {
  const put = (code: string, body: unknown, headers = ADMIN) =>
    call(`/rooms/${code}`, { ...json(body, headers), method: 'PUT' });

  it('closes a room with a message and reopens it', async () => {
    const closed = await put('general', {
      operation_settings: { is_closed: true, close_msg: 'Back Monday' },
    });
    expect(closed.status).toBe(200);
    expect(db.rooms.get('general')?.operation_settings).toMatchObject({
      is_closed: true,
      close_msg: 'Back Monday',
    });
    await put('general', { operation_settings: { is_closed: false } });
    expect(db.rooms.get('general')?.operation_settings).toMatchObject({ is_closed: false, close_msg: '' });
  });

  it('validates the body and the scheme', async () => {
    expect((await put('general', { operation_settings: { is_closed: true } })).status).toBe(400);
    expect((await put('general', { operation_settings: { is_closed: 'yes' } })).status).toBe(400);
    expect((await put('general', {})).status).toBe(400);
    expect((await put('nowhere', { operation_settings: { is_closed: false } })).status).toBe(404);
    const user = issuePair(SEED_USERS.admin).access.token;
    expect(
      (await put('general', { operation_settings: { is_closed: false } }, { ...ADMIN, 'X-ApiToken': user }))
        .status,
    ).toBe(403);
    expect(db.rooms.get('general')?.operation_settings?.is_closed).not.toBe(true);
  });
});

describe('PUT /rooms/{code} (ADMIN) with a partial room', () => {
  const put = (code: string, body: unknown, headers = ADMIN) =>
    call(`/rooms/${code}`, { ...json(body, headers), method: 'PUT' });
  const consultation = () => db.rooms.get('after-hours')?.payment?.consultations?.[0];

  it('stores the edited hours, closing message and consultation and answers the room', async () => {
    const before = structuredClone(consultation());
    const { status, body } = await put('after-hours', {
      operation_settings: {
        is_open_all_time: false,
        closed_days: ['Sunday', 'Monday'],
        close_msg: ' Back soon. ',
      },
      payment: {
        consultations: [{ ...before, description: 'Evening visit', duration: 25, amount: 12.5 }],
      },
    });
    expect(status).toBe(200);
    expect(body.data).toMatchObject({
      code: 'after-hours',
      operation_settings: { closed_days: ['Monday', 'Sunday'], close_msg: 'Back soon.', is_closed: true },
    });
    const room = db.rooms.get('after-hours');
    expect(room?.operation_settings).toMatchObject({
      is_open_all_time: false,
      closed_days: ['Monday', 'Sunday'],
      close_msg: 'Back soon.',
      is_closed: true,
    });
    expect(consultation()).toEqual({ ...before, description: 'Evening visit', duration: 25, amount: 12.5 });
  });

  it('leaves out what was not sent, and makes an open-all-time room have no closed days', async () => {
    const before = structuredClone(db.rooms.get('general'));
    expect((await put('general', { operation_settings: { is_open_all_time: true } })).status).toBe(400);
    const open = await put('general', { operation_settings: { is_open_all_time: true, closed_days: [] } });
    expect(open.status).toBe(200);
    const room = db.rooms.get('general');
    expect(room?.operation_settings).toEqual({
      ...before?.operation_settings,
      is_open_all_time: true,
      closed_days: [],
    });
    expect(room?.payment).toEqual(before?.payment);
  });

  it.each([
    [
      'duration 4',
      { duration: 4 },
      'payment.consultations.0.duration: must be a whole number of minutes from 5 to 240',
    ],
    ['duration 241', { duration: 241 }, 'payment.consultations.0.duration'],
    ['duration 7.5', { duration: 7.5 }, 'payment.consultations.0.duration'],
    ['duration as text', { duration: '30' }, 'payment.consultations.0.duration'],
    [
      'a negative price',
      { amount: -1 },
      'payment.consultations.0.amount: must be 0 or more with at most two decimals',
    ],
    ['three decimals', { amount: 1.005 }, 'payment.consultations.0.amount'],
    ['an empty description', { description: '  ' }, 'payment.consultations.0.description'],
    ['201 characters', { description: 'x'.repeat(201) }, 'payment.consultations.0.description'],
    ['a line break', { description: 'a\nb' }, 'payment.consultations.0.description'],
    ['another room’s consultation', { id: 'nope' }, 'payment.consultations.0.id'],
  ])('refuses %s, naming the field, and stores nothing', async (_, change, message) => {
    const before = structuredClone(db.rooms.get('after-hours'));
    const { status, body } = await put('after-hours', {
      operation_settings: { close_msg: 'Changed' },
      payment: { consultations: [{ ...before?.payment?.consultations?.[0], ...change }] },
    });
    expect(status).toBe(400);
    expect(body).toMatchObject({ code: 400 });
    expect(String(body.message)).toContain(message);
    expect(db.rooms.get('after-hours')).toEqual(before);
  });

  it('refuses fields it does not edit, unknown days, and an empty message on a closed room', async () => {
    const before = structuredClone(db.rooms.get('after-hours'));
    expect((await put('after-hours', { name: 'New name' })).body.message).toBe(
      'name: cannot be changed here',
    );
    expect((await put('after-hours', { operation_settings: { closed_days: ['Funday'] } })).status).toBe(400);
    expect(
      (await put('after-hours', { operation_settings: { closed_days: ['Monday', 'Monday'] } })).status,
    ).toBe(400);
    expect((await put('after-hours', { operation_settings: { close_msg: '' } })).body.message).toBe(
      'operation_settings.close_msg: is required while the room is closed',
    );
    expect((await put('after-hours', { payment: { currency: 'eur' } })).status).toBe(400);
    expect(db.rooms.get('after-hours')).toEqual(before);
  });

  it('is bound to the admin token and the clinic', async () => {
    const before = structuredClone(db.rooms.get('general'));
    const body = { operation_settings: { closed_days: [] } };
    const user = issuePair(SEED_USERS.admin).access.token;
    expect((await put('general', body, { ...ADMIN, 'X-ApiToken': user })).status).toBe(403);
    expect((await put('general', body, { ...ADMIN, 'X-ApiToken': 'nope' })).status).toBe(401);
    db.accounts.set('other', { ...db.accounts.get('demo')!, code: 'other' });
    expect((await put('general', body, { ...ADMIN, 'X-AccountCode': 'other' })).status).toBe(403);
    expect(db.rooms.get('general')).toEqual(before);
  });
});

describe('the admin token with another clinic’s X-AccountCode', () => {
  it('is refused, and sees and changes nothing of this clinic', async () => {
    db.accounts.set('other', { ...db.accounts.get('demo')!, code: 'other' });
    const OTHER = { ...ADMIN, 'X-AccountCode': 'other' };
    const users = await call('/users', { headers: OTHER });
    expect(users.status).toBe(403);
    const visits = await call('/visits?fields=recordings&with_recordings_only=1', { headers: OTHER });
    expect(visits.status).toBe(403);
    const add = await call(`/users/${SEED_USERS.peds}/rooms`, json({ code: 'dermatology' }, OTHER));
    expect(add.status).toBe(403);
    const remove = await call(`/users/${SEED_USERS.provider}/rooms/general`, {
      method: 'DELETE',
      headers: OTHER,
    });
    expect(remove.status).toBe(403);
    const close = await call('/rooms/general', {
      ...json({ operation_settings: { is_closed: true, close_msg: 'x' } }, OTHER),
      method: 'PUT',
    });
    expect(close.status).toBe(403);
    expect(db.users.get(SEED_USERS.peds)?.rooms?.map((r) => r.code)).toEqual(['pediatrics']);
    expect(db.users.get(SEED_USERS.provider)?.rooms?.map((r) => r.code)).toContain('general');
    expect(db.rooms.get('general')?.operation_settings?.is_closed).not.toBe(true);
  });
});

describe('GET /webhooks/deliveries (ADMIN, extension)', () => {
  afterEach(() => {
    setMockProfile(null);
    vi.unstubAllEnvs();
  });

  it('answers the address and this clinic’s deliveries, newest first, tests included', async () => {
    vi.stubEnv('MOCK_WEBHOOK_URL', 'https://hooks.example/x');
    db.webhookDeliveries.set('dlv_1', {
      id: 'dlv_1',
      account_code: 'demo',
      type: 'visit.message.created',
      sent: 100,
      status: 500,
      attempt: 3,
    });
    db.webhookDeliveries.set('dlv_2', {
      id: 'dlv_2',
      account_code: 'other',
      type: 'x',
      sent: 300,
      status: 200,
      attempt: 1,
    });
    db.webhookReceipts.set('whr_1', {
      id: 'whr_1',
      received: 200,
      account_code: 'demo',
      envelope: { id: 'test-1', type: 'visit.message.created' },
    });
    expect(await call('/webhooks/deliveries', { headers: ADMIN })).toEqual({
      status: 200,
      body: {
        data: {
          endpoint_url: 'https://hooks.example/x',
          deliveries: [
            { id: 'test-1', type: 'visit.message.created', sent: 200, status: 200, attempt: 1 },
            { id: 'dlv_1', type: 'visit.message.created', sent: 100, status: 500, attempt: 3 },
          ],
        },
      },
    });
  });

  it('is strict about the admin token and the clinic, and absent on the spec profile', async () => {
    const user = issuePair(SEED_USERS.admin).access.token;
    expect((await call('/webhooks/deliveries')).status).toBe(401);
    expect((await call('/webhooks/deliveries', { headers: { ...ADMIN, 'X-ApiToken': user } })).status).toBe(
      403,
    );
    db.accounts.set('other', { ...db.accounts.get('demo')!, code: 'other' });
    expect(
      (await call('/webhooks/deliveries', { headers: { ...ADMIN, 'X-AccountCode': 'other' } })).status,
    ).toBe(403);
    setMockProfile('spec');
    expect((await call('/webhooks/deliveries', { headers: ADMIN })).status).toBe(404);
  });
});
