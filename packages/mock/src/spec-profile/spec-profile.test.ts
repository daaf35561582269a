import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { SERVER_EXTENSIONS } from '@telehealth/client/common/server-extensions';
import { db, nowSeconds } from '../db.ts';
import { chargesFor } from '../handlers/billing.ts';
import { DEV_CREDENTIALS, issuePair } from '../lib/auth.ts';
import { setMockProfile } from '../lib/profile.ts';
import * as spec from './fields.ts';
import {
  SEED_CONSULTATIONS,
  SEED_FILES,
  SEED_INTAKES,
  SEED_USERS,
  SEED_VISITS,
  seedQueuePatient,
} from '../seed/ids.ts';

/**
 * The spec profile (docs/mock-profiles.md) against the field tables of spec section 2: every
 * endpoint family answers only the fields its table names, booleans the spec types as boolean as
 * 0/1, empty optional values as null; and the operations only the full profile offers are refused.
 */

const ORIGIN = 'http://mock.test';
const API = `${ORIGIN}/api_v3`;
const ADMIN = DEV_CREDENTIALS.adminToken;
const DAY = 86_400;

type Json = Record<string, unknown>;

interface Options {
  token?: string | null;
  account?: string | null;
  json?: unknown;
  form?: Record<string, string>;
  body?: FormData;
  headers?: Record<string, string>;
}

async function call(method: string, path: string, options: Options = {}) {
  const headers: Record<string, string> = { ...options.headers };
  if (options.token) headers['X-ApiToken'] = options.token;
  const account = options.account === undefined ? 'demo' : options.account;
  if (account) headers['X-AccountCode'] = account;
  let body: BodyInit | undefined = options.body;
  if (options.json !== undefined) {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(options.json);
  } else if (options.form) {
    headers['Content-Type'] = 'application/x-www-form-urlencoded';
    body = new URLSearchParams(options.form).toString();
  }
  const url = path.startsWith('http') ? path : `${API}${path}`;
  const response = await fetch(url, { method, headers, body, redirect: 'manual' });
  const text = await response.text();
  const json = (text ? JSON.parse(text) : null) as Json | null;
  return { status: response.status, headers: response.headers, body: json ?? {}, data: json?.data };
}

const tokenOf = (userId: string) => issuePair(userId).access.token;

/**
 * What in `value` the table does not allow: a field it does not name, a field typed boolean that
 * is not 0 or 1, an empty string where an empty optional value should be null, an integer id
 * that is not a number. Empty means the value is in the spec's shape.
 */
function misfits(field: spec.Field, value: unknown, at = 'data'): string[] {
  if (value === null || value === undefined) return [];
  if (typeof field === 'string') {
    if (field === 'boolean' && value !== 0 && value !== 1)
      return [`${at}: ${JSON.stringify(value)} is not 0 or 1`];
    if (field === 'value' && value === '') return [`${at}: an empty string, not null`];
    if (field === 'integer' && typeof value !== 'number') return [`${at}: not a number`];
    if (field === 'provider-ref' && value === '') return [`${at}: an empty provider, not 0`];
    return [];
  }
  if (field.kind === 'list') {
    if (!Array.isArray(value)) return [`${at}: not a list`];
    return value.flatMap((item, i) => misfits(field.of, item, `${at}[${i}]`));
  }
  if (typeof value !== 'object' || Array.isArray(value)) return [`${at}: not an object`];
  if (field.kind === 'map')
    return Object.entries(value).flatMap(([k, v]) => misfits(field.of, v, `${at}.${k}`));
  return Object.entries(value).flatMap(([key, item]) => {
    const named = Object.hasOwn(field.fields, key) ? field.fields[key] : undefined;
    if (named !== undefined) return misfits(named, item, `${at}.${key}`);
    if (field.others && !field.others.except.includes(key) && !key.startsWith('_')) return [];
    return [`${at}.${key}: not named by the spec`];
  });
}

function expectSpecShape(field: spec.Field, value: unknown) {
  expect(value).toBeDefined();
  expect(misfits(field, value)).toEqual([]);
}

const list = (of: spec.Field): spec.Field => ({ kind: 'list', of });

/** An intake of Casey's in `general`, created through the API with a custom field or two. */
async function createIntake(token: string, custom: Record<string, string>) {
  const created = await call('POST', '/intakes?room_code=general&type=1&location=NY&phone=2125550100', {
    token,
    form: custom,
  });
  expect(created.status).toBe(200);
  return String((created.data as { id: string }).id);
}

/** Saves a test Visa for `general` and pays the intake's consultation, as the payment step does. */
async function payIntake(token: string, intakeId: string) {
  const card = await call('POST', '/billing/sources?room_code=general', {
    token,
    json: { type: 'card', token: 'tok_visa' },
  });
  expect(card.status).toBe(200);
  const paid = await call('POST', '/billing/invoices/process', {
    token,
    json: { intake_id: intakeId, create_invoice: 1 },
  });
  expect(paid.status).toBe(200);
  return paid;
}

beforeEach(() => setMockProfile('spec'));
afterEach(() => setMockProfile(null));

describe('the spec profile answers only the fields of spec section 2', () => {
  it('answers reads of every endpoint family in the shape of their field tables', async () => {
    const patient = tokenOf(SEED_USERS.patient);
    const provider = tokenOf(SEED_USERS.provider);
    const t = nowSeconds();
    const reads: [string, Options, spec.Field][] = [
      ['/me', { token: patient, account: null }, spec.user],
      [`/users/${SEED_USERS.patient}`, { token: patient }, spec.user],
      ['/accounts/demo', { account: null }, spec.account],
      ['/accounts/-', {}, spec.account],
      ['/rooms', {}, list(spec.roomListItem)],
      ['/rooms/general', {}, spec.room],
      ['/rooms/dermatology', {}, spec.room],
      ['/rooms/general/providers', {}, list(spec.roomProvider)],
      [`/rooms/general/providers/${SEED_USERS.provider}`, {}, spec.roomProviderDetail],
      ['/rooms/general/queue', { token: patient }, spec.roomQueue],
      [`/intakes/${SEED_INTAKES.upcoming}`, { token: patient }, spec.intake],
      ['/visits', { token: patient }, list(spec.visit)],
      ['/visits', { token: provider }, list(spec.visit)],
      [`/visits/${SEED_VISITS.upcoming}`, { token: patient }, spec.visit],
      [`/visits/${SEED_VISITS.econsultOpen}`, { token: patient }, spec.visit],
      ['/visits?fields=recordings&with_recordings_only=1', { token: ADMIN }, list(spec.visit)],
      [`/visits/${SEED_VISITS.pedsRecorded}/recordings/502`, { token: ADMIN }, spec.recordingDetail],
      [`/slots?start=${t}&end=${t + 14 * DAY}`, { token: provider }, list(spec.slot)],
      ['/slots/available', { token: patient }, list(spec.slot)],
      [
        `/availability?room_code=general&start=${t}&end=${t + 14 * DAY}`,
        { token: patient },
        spec.availability,
      ],
      ['/billing/settings', { token: patient }, spec.billingSettings],
      [
        '/billing/sources?room_code=general',
        { token: tokenOf(SEED_USERS.patient2) },
        list(spec.paymentSource),
      ],
      [
        `/files?target_id=${SEED_USERS.patient}&target_type=user&include_shared=1`,
        { token: patient },
        list(spec.file),
      ],
      [`/files/${SEED_FILES.vaccination}`, { token: patient }, spec.file],
      ['/insurances/list/carriers', { token: patient }, list(spec.carrier)],
      ['/insurances/list/insurers', { token: patient }, list(spec.billingReferenceItem)],
      ['/insurances/list/billing_modifiers', { token: patient }, list(spec.billingReferenceItem)],
      ['/insurances/list/procedures', { token: patient }, list(spec.billingReferenceItem)],
      ['/insurances/list/dxs', { token: patient }, list(spec.diagnosis)],
      ['/reports/claims', { token: ADMIN }, list(spec.claimRow)],
      ['/users/-/erx/prescriptions?status=Current', { token: patient }, list(spec.prescription)],
      ['/users/-/erx/pharmacies', { token: patient }, list(spec.pharmacy)],
      ['/users/-/emr', { token: patient }, spec.emrRecord],
      ['/endpoints', { token: patient, account: null }, list(spec.pushEndpoint)],
      ['/notifications?size=100', { token: patient, account: null }, list(spec.notification)],
      ['/notifications/badge', { token: patient, account: null }, 'value'],
      ['/settings', { token: patient }, 'whole'],
    ];
    for (const [path, options, table] of reads) {
      const { status, data } = await call('GET', path, options);
      expect({ path, status }).toEqual({ path, status: 200 });
      expect({ path, misfits: misfits(table, data) }).toEqual({ path, misfits: [] });
    }
  });

  it('answers list bodies with their own envelope in the shape of their tables', async () => {
    const envelopes: [string, Options, spec.Field, string][] = [
      ['/users?limit=50', { token: ADMIN }, list(spec.user), 'total_count'],
      [`/users/${seedQueuePatient(1)}/insurances`, { token: ADMIN }, list(spec.insuranceCard), 'version'],
      [`/users/${seedQueuePatient(1)}/insurances/primary`, { token: ADMIN }, spec.insuranceCard, 'version'],
      [
        `${ORIGIN}/messaging/api/visits/${SEED_VISITS.econsultOpen}/messages`,
        { token: tokenOf(SEED_USERS.patient), account: null },
        list(spec.visitMessage),
        'total_count',
      ],
      [
        `${ORIGIN}/survey/surveys/all/responses`,
        { token: tokenOf(SEED_USERS.provider), account: null },
        list(spec.surveyResponse),
        'total_count',
      ],
    ];
    for (const [path, options, table, sibling] of envelopes) {
      const { status, body } = await call('GET', path, options);
      expect({ path, status }).toEqual({ path, status: 200 });
      expect(Object.keys(body).sort()).toEqual(['data', sibling].sort());
      expect({ path, misfits: misfits(table, body.data) }).toEqual({ path, misfits: [] });
    }
  });

  it('sends the booleans the spec types as boolean as 1 and 0', async () => {
    const patient = tokenOf(SEED_USERS.patient);
    const me = (await call('GET', '/me', { token: patient, account: null })).data as Json;
    expect(me).toMatchObject({ active: 1, tos: 1 });
    const room = (await call('GET', '/rooms/general')).data as {
      active: unknown;
      public_access_room: unknown;
      visits: { walkin: { enabled: unknown } };
      payment: { consultations: Json[] };
    };
    expect([room.active, room.public_access_room, room.visits.walkin.enabled]).toEqual([1, 1, 1]);
    expect(room.payment.consultations[0]).toMatchObject({ group: 0, charge: 1, visible_to_patient: 1 });
    const file = (await call('GET', `/files/${SEED_FILES.vaccination}`, { token: patient })).data as Json;
    expect([0, 1]).toContain(file.is_deletable);
    const visit = (await call('GET', `/visits/${SEED_VISITS.upcoming}`, { token: patient })).data as Json;
    expect(visit).toMatchObject({ incharge: 0, isEditExpired: 0 });
    // The record itself keeps its booleans: only the answer is written the PHP way.
    expect(db.users.get(SEED_USERS.patient)).toMatchObject({ active: true, tos: true });
  });

  it('sends an unassigned provider as 0 and empty optional values as null', async () => {
    const token = tokenOf(SEED_USERS.patient);
    const waiting = (await call('GET', `/visits/${SEED_VISITS.walkInWaiting}`, { token })).data as Json;
    expect(waiting.provider_id).toBe(0);
    expect(db.visits.get(SEED_VISITS.walkInWaiting)?.provider_id).toBeNull();
    const room = (await call('GET', '/rooms/general')).data as { operation_settings: Json };
    expect(room.operation_settings.close_msg).toBeNull();
    expect(db.rooms.get('general')?.operation_settings?.close_msg).toBe('');
  });

  it('names no server extensions on the account, and no brand colour', async () => {
    for (const path of ['/accounts/demo', '/accounts/-']) {
      const account = (await call('GET', path)).data as Json;
      expect(account).not.toHaveProperty('portal_extensions');
      expect(account).not.toHaveProperty('brand_color');
      expect(account).toMatchObject({ code: 'demo' });
    }
  });

  it('leaves e-consults out of a room, and keeps the queue with before_me', async () => {
    const room = (await call('GET', '/rooms/dermatology')).data as { visits: Json };
    expect(Object.keys(room.visits).sort()).toEqual(['appointment', 'walkin']);
    // The room still takes e-consults: only the setting is not shown.
    expect(db.rooms.get('dermatology')?.visits?.econsult).toEqual({ enabled: true });
    const queue = (await call('GET', '/rooms/general/queue', { token: tokenOf(SEED_USERS.patient) }))
      .data as Json;
    expect(Object.keys(queue).sort()).toEqual(['average_visit_time', 'before_me', 'capacity', 'length']);
    expect(typeof queue.before_me).toBe('number');
  });

  it('leaves roles out of profiles and user lists', async () => {
    expect(db.users.get(SEED_USERS.admin)?.roles).toEqual(['clinic_admin']);
    const me = (await call('GET', '/me', { token: tokenOf(SEED_USERS.admin), account: null })).data as Json;
    expect(me).not.toHaveProperty('roles');
    expect(me).not.toHaveProperty('is_admin');
    const rows = (await call('GET', `/users?id=${SEED_USERS.admin}`, { token: ADMIN })).data as Json[];
    expect(rows[0]).toMatchObject({ id: SEED_USERS.admin });
    expect(rows[0]).not.toHaveProperty('roles');
  });

  it('leaves the visit and file targets out of notifications, also when one is marked read', async () => {
    const token = tokenOf(SEED_USERS.patient);
    const stored = [...db.notifications.values()].filter((n) => n.user_id === SEED_USERS.patient);
    expect(stored.some((n) => 'visit_id' in n || 'file_id' in n)).toBe(true);
    const answered = (await call('GET', '/notifications?size=100', { token, account: null })).data as Json[];
    expect(answered.length).toBe(Math.min(stored.length, 100));
    for (const notification of answered) {
      expect(notification).not.toHaveProperty('visit_id');
      expect(notification).not.toHaveProperty('file_id');
    }
    const target = stored.find((n) => typeof n.visit_id === 'string');
    const read = await call('PUT', `/notifications/${String(target?.id)}`, { token, account: null });
    expectSpecShape(spec.notification, read.data);
    expect(read.data).not.toHaveProperty('visit_id');
    expect(db.notifications.get(String(target?.id))).toMatchObject({ read: true, is_new: false });
  });

  it('keeps the custom fields an intake was sent, and the named fields, and nothing else', async () => {
    const token = tokenOf(SEED_USERS.patient);
    const id = await createIntake(token, { favourite_colour: 'blue', 'reason.main.onset': '' });
    const updated = await call('POST', `/intakes/${id}?reason_for_visit=Cough`, {
      token,
      form: { favourite_colour: 'green' },
    });
    expect(updated.data).toEqual({ id });
    const intake = (await call('GET', `/intakes/${id}`, { token })).data as Json;
    expectSpecShape(spec.intake, intake);
    expect(intake).toMatchObject({ id, reason_for_visit: 'Cough', favourite_colour: 'green' });
    // A custom field is kept as the caller sent it, even empty.
    expect(intake['reason.main.onset']).toBe('');
    for (const parameter of ['room_code', 'member_id', 'location', 'phone', '_owner'])
      expect(intake).not.toHaveProperty(parameter);
    expect(db.intakes.get(id)).toMatchObject({
      location: 'NY',
      room_code: 'general',
      favourite_colour: 'green',
    });
  });

  it('answers the writes of every endpoint family in the shape of their tables', async () => {
    const patient = tokenOf(SEED_USERS.patient);
    const provider = tokenOf(SEED_USERS.provider);
    const key = { 'X-ApiKey': DEV_CREDENTIALS.apiKey };

    const sso = new FormData();
    for (const [k, v] of Object.entries({
      first_name: 'Dana',
      last_name: 'Spec',
      type: '200',
      code: 'spec-1',
    }))
      sso.set(k, v);
    const signedUp = await call('POST', '/users/sso', {
      body: sso,
      headers: { ...key, 'X-ApiSecret': DEV_CREDENTIALS.apiSecret },
    });
    expectSpecShape(spec.ssoResult, signedUp.data);
    expect(signedUp.data).not.toHaveProperty('type');

    const profile = await call('POST', '/me', { token: patient, account: null, form: { city: 'Albany' } });
    expectSpecShape(spec.user, profile.data);
    expect(profile.data).not.toHaveProperty('city');
    expect(db.users.get(SEED_USERS.patient)?.city).toBe('Albany');

    const room = await call('POST', '/rooms', { token: ADMIN, json: { domain: 'demo', name: 'Spec room' } });
    expectSpecShape(spec.room, room.data);
    const closed = await call('PUT', '/rooms/general', {
      token: ADMIN,
      json: { operation_settings: { is_closed: true, close_msg: 'Back at noon' } },
    });
    expectSpecShape(spec.room, closed.data);
    const joined = await call('POST', `/users/${SEED_USERS.patient2}/rooms`, {
      token: ADMIN,
      json: { code: 'pediatrics' },
    });
    expectSpecShape(list(spec.userRoomAssociation), joined.data);

    const left = await call('DELETE', `/users/${SEED_USERS.patient2}/rooms/pediatrics`, { token: ADMIN });
    expect(left.body).toEqual({});

    const source = await call('POST', '/billing/sources?room_code=pediatrics', {
      token: patient,
      json: { type: 'card', token: 'tok_mastercard' },
    });
    expectSpecShape(spec.paymentSource, source.data);
    const sourceId = String((source.data as Json).id);
    expect(source.data).toMatchObject({ is_default: 1 });
    expectSpecShape(
      spec.paymentSource,
      (await call('GET', `/billing/sources/${sourceId}`, { token: patient })).data,
    );
    const kept = await call('PUT', `/billing/sources/${sourceId}`, {
      token: patient,
      json: { is_default: true },
    });
    expectSpecShape(spec.paymentSource, kept.data);
    expect((await call('DELETE', `/billing/sources/${sourceId}`, { token: patient })).data).toEqual([]);
    expect(db.paymentSources.has(sourceId)).toBe(false);

    const upload = new FormData();
    upload.set('file', new File([new Uint8Array([37, 80, 68, 70])], 'lab.pdf', { type: 'application/pdf' }));
    upload.set('meta.title', 'Lab results');
    const uploaded = await call('POST', '/files', { token: patient, body: upload });
    expectSpecShape(spec.file, uploaded.data);
    const fileId = String((uploaded.data as Json).id);
    expect(db.files.get(fileId)?.meta).toMatchObject({ title: 'Lab results' });
    const renamed = await call('POST', `/files/${fileId}`, { token: patient, form: { name: 'lab-2.pdf' } });
    expectSpecShape(spec.file, renamed.data);

    const insurer = ((await call('GET', '/insurances/list/insurers', { token: patient })).data as Json[])[0];
    const card = { insurer_code: String(insurer?.id), subscriber_number: 'SPEC-123', consent: true };
    const saved = await call('POST', `/users/${SEED_USERS.patient}/insurances/primary`, {
      token: patient,
      json: card,
    });
    expectSpecShape(spec.envelope(spec.insuranceCard), saved.body);
    expect(saved.data).toMatchObject({ consent: 1 });
    const imported = await call('POST', `/users/${SEED_USERS.patient}/insurances/import`, {
      token: patient,
      json: { insurances: [{ ...card, card_type: 'secondary' }] },
    });
    expectSpecShape(spec.envelope(list(spec.insuranceCard)), imported.body);
    const check = await call('POST', `/users/${SEED_USERS.patient}/insurances/primary/eligibility/check`, {
      token: patient,
    });
    expectSpecShape(spec.eligibilityJob, check.data);

    const pharmacy = await call('POST', '/users/-/erx/pharmacies', {
      token: patient,
      json: { name: 'Spec Pharmacy', code: 'spec-ph-1' },
    });
    expect(pharmacy.data).toBe(true);
    const written = await call('POST', '/users/-/emr/allergies', {
      token: patient,
      json: { data: [{ substance: 'Latex' }], data_not_reported: false },
    });
    expectSpecShape(spec.emrWriteResult('allergies'), written.data);
    expect(written.data).toEqual({ data: [{ substance: 'Latex' }] });

    const device = await call('POST', '/users/-/devices', {
      token: patient,
      headers: key,
      json: { device_id: 'th-spec', device_name: 'Thermometer', type: 'thermometer' },
    });
    expectSpecShape(spec.device, device.data);
    const reading = await call('POST', '/health', {
      token: patient,
      headers: key,
      json: {
        type: 'thermometer',
        date: '2026-01-10',
        time: nowSeconds() - 60,
        device_id: 'th-spec',
        data_type: 'temperature_body',
        data_class: 'body',
        temperature_body: '37.1',
        temperature_unit: 'cel',
      },
    });
    expectSpecShape(spec.measurementResult, reading.data);

    const endpoint = await call('POST', '/endpoints', {
      token: patient,
      account: null,
      form: { key: 'apns-spec', type: '30' },
    });
    expectSpecShape(spec.pushEndpoint, endpoint.data);
    const endpointId = String((endpoint.data as Json).id);
    expectSpecShape(
      spec.pushEndpoint,
      (await call('GET', `/endpoints/${endpointId}`, { token: patient })).data,
    );
    const removed = await call('DELETE', `/endpoints/${endpointId}`, { token: patient, account: null });
    expectSpecShape(spec.deletedPushEndpoint, removed.data);
    expect((await call('POST', '/notifications/badge', { token: patient, account: null })).data).toBe(true);

    const message = await call(
      'POST',
      `${ORIGIN}/messaging/api/visits/${SEED_VISITS.econsultOpen}/messages`,
      {
        token: patient,
        account: null,
        json: { content: 'Spec profile message' },
      },
    );
    expect(message.status).toBe(201);
    expectSpecShape(spec.visitMessage, message.data);

    const t = nowSeconds();
    const slots = (
      await call('GET', `/slots?start=${t}&end=${t + 30 * DAY}&provider_id=${SEED_USERS.provider}`, {
        token: provider,
      })
    ).data as Json[];
    const slotId = String(slots.at(-1)?.id);
    const deleted = await call('DELETE', `/slots/${slotId}`, { token: provider });
    expectSpecShape(spec.slotDeleteResult, deleted.data);
    expect(db.slots.has(slotId)).toBe(false);

    // Operations the spec names without showing them stay, answered as the full profile answers.
    expect(
      (await call('POST', '/users/reset_password', { json: { email: 'casey@example.test' } })).data,
    ).toBe(true);
    expect((await call('GET', '/emr/schema', { token: patient })).status).toBe(200);
    expect((await call('GET', '/settings/visit/time/max_wait_time', { token: patient })).status).toBe(200);
  });
});

describe('invoices on the spec profile (spec 2.9)', () => {
  it('answers a quote and a payment without payment state, and still charges an intake once', async () => {
    const token = tokenOf(SEED_USERS.patient);
    const id = await createIntake(token, { consultation_id: SEED_CONSULTATIONS.generalQuick });
    const quote = await call('POST', '/billing/invoices/process', {
      token,
      json: { intake_id: id, promo_code: 'WELCOME10' },
    });
    expect(quote.status).toBe(200);
    expect(Object.keys(quote.data as Json).sort()).toEqual([
      'amount_due',
      'consultation',
      'coupon',
      'currency',
    ]);
    expect((quote.data as Json).coupon).toEqual({ id: 'WELCOME10', percent_off: 10, valid: true });
    expect(Object.keys((quote.data as { consultation: Json }).consultation).sort()).toEqual([
      'amount',
      'description',
      'duration',
      'id',
    ]);
    const refused = await call('POST', '/billing/invoices/process', {
      token,
      json: { intake_id: id, promo_code: 'NOPE' },
    });
    expect((refused.data as { coupon: Json }).coupon).toEqual({
      id: 'NOPE',
      percent_off: null,
      valid: false,
    });

    const paid = await payIntake(token, id);
    expectSpecShape(spec.invoice, paid.data);
    for (const field of ['paid', 'invoice_id', 'charge']) expect(paid.data).not.toHaveProperty(field);
    expect(chargesFor(id)).toHaveLength(1);
    const again = await call('POST', '/billing/invoices/process', {
      token,
      json: { intake_id: id, create_invoice: 1 },
    });
    expect(again.status).toBe(200);
    expect(again.data).not.toHaveProperty('paid');
    expect(chargesFor(id)).toHaveLength(1);
  });
});

describe('operations only the full profile offers', () => {
  it('answers GET /auth with the 302 only, even when JSON is asked for', async () => {
    const sso = issuePair(SEED_USERS.patient).access.token;
    const before = db.tokens.size;
    const response = await call('GET', `/auth?sso_token=${sso}&next=/patient`, {
      account: null,
      headers: { Accept: 'application/json' },
    });
    expect(response.status).toBe(302);
    expect(response.headers.get('Location')).toBe('/patient');
    expect(response.body).toEqual({});
    // No token family of its own was made: the SSO token is the session.
    expect(db.tokens.size).toBe(before);
  });

  it('refreshes with the fields of spec 2.2 only, and keeps the refresh token usable', async () => {
    const pair = issuePair(SEED_USERS.patient);
    const refresh = () => call('POST', '/tokens/refresh', { form: { refresh_token: pair.refresh.token } });
    const first = await refresh();
    expect(first.status).toBe(200);
    expect(Object.keys(first.data as Json).sort()).toEqual([
      'expiry',
      'token',
      'user',
      'user_id',
      'user_type',
    ]);
    expectSpecShape(spec.refreshResult, first.data);
    expect(db.tokens.get(pair.access.token)?.revoked).toBe(true);
    expect(db.tokens.get(pair.refresh.token)).toMatchObject({ revoked: false });
    expect(db.tokens.get(pair.refresh.token)?.spent).toBeFalsy();
    const second = await refresh();
    expect(second.status).toBe(200);
    const token = (second.data as { token: string }).token;
    expect(db.tokens.get(token)).toMatchObject({
      kind: 'access',
      family: pair.refresh.family,
      revoked: false,
    });
    // No refresh token was issued for either refresh.
    expect(
      [...db.tokens.values()].filter((t) => t.family === pair.refresh.family && t.kind === 'refresh'),
    ).toHaveLength(1);
  });

  it('refuses status changes through POST /visits/{id}?version=2 as an unknown parameter', async () => {
    const patient = tokenOf(SEED_USERS.patient);
    const provider = tokenOf(SEED_USERS.provider);
    const attempts: [string, string][] = [
      [patient, `/visits/${SEED_VISITS.upcoming}?version=2&status=40`],
      [patient, `/visits/${SEED_VISITS.walkInWaiting}?version=2&status=40`],
      [provider, `/visits/${SEED_VISITS.walkInWaiting}?version=2&provider_id=${SEED_USERS.provider}`],
      [provider, `/visits/${SEED_VISITS.walkInWaiting}?version=2&status=25`],
      [provider, `/visits/${SEED_VISITS.econsultOpen}?version=2&status=30`],
    ];
    for (const [token, path] of attempts) {
      const { status, body } = await call('POST', path, { token });
      expect({ path, status }).toEqual({ path, status: 400 });
      expect(Object.keys(body).sort()).toEqual(['error', 'message']);
      expect(body.error).toBe('bad_request');
    }
    expect(db.visits.get(SEED_VISITS.upcoming)?.status).toBe(20);
    expect(db.visits.get(SEED_VISITS.walkInWaiting)).toMatchObject({ status: 10, provider_id: null });
    expect(db.visits.get(SEED_VISITS.econsultOpen)?.status).toBe(20);
  });

  it('still moves an appointment to another time (spec 4.4: update of an appointment)', async () => {
    const token = tokenOf(SEED_USERS.patient);
    const t = nowSeconds();
    const offered = (
      await call(
        'GET',
        `/availability?room_code=general&consultation_id=${SEED_CONSULTATIONS.generalQuick}&start=${t}&end=${t + 30 * DAY}`,
        {
          token,
        },
      )
    ).data as { slots: { slot_start: number; slot_end: number }[] };
    const busy = [...db.visits.values()].filter(
      (v) =>
        v.member_id === SEED_USERS.patient &&
        v.status !== 30 &&
        v.status !== 40 &&
        typeof v.start === 'number',
    );
    const free = offered.slots.filter((s) =>
      busy.every((v) => Number(v.start) >= s.slot_end || Number(v.end ?? v.start) <= s.slot_start),
    );
    const [first, second] = [free[0], free.find((s) => s.slot_start >= (free[0]?.slot_end ?? 0))];
    if (!first || !second) throw new Error('the seed offers no two free times');
    const id = await createIntake(token, { consultation_id: SEED_CONSULTATIONS.generalQuick });
    await payIntake(token, id);
    const booked = await call(
      'POST',
      `/visits?slot_start=${first.slot_start}&slot_end=${first.slot_end}&room_code=general&type=2&intake_id=${id}`,
      { token },
    );
    expect(booked.status).toBe(200);
    expectSpecShape(spec.visit, booked.data);
    const visitId = String((booked.data as Json).id);
    const moved = await call(
      'POST',
      `/visits/${visitId}?version=2&slot_start=${second.slot_start}&slot_end=${second.slot_end}`,
      { token },
    );
    expect(moved.status).toBe(200);
    expectSpecShape(spec.visit, moved.data);
    expect(db.visits.get(visitId)).toMatchObject({
      start: second.slot_start,
      end: second.slot_end,
      status: 10,
    });
  });

  it('answers eligibility before any check with a job of nulls, not a 404', async () => {
    const token = tokenOf(SEED_USERS.patient);
    const none = await call('GET', `/users/${SEED_USERS.patient}/insurances/primary/eligibility`, { token });
    expect(none.status).toBe(200);
    expect(none.data).toEqual({ job_id: null, status: null });
    expect(db.eligibility.has(SEED_USERS.patient)).toBe(false);
    const started = await call('POST', `/users/${seedQueuePatient(1)}/insurances/primary/eligibility/check`, {
      token: ADMIN,
    });
    expect(started.data).toMatchObject({ status: 'pending' });
    const read = await call('GET', `/users/${seedQueuePatient(1)}/insurances/primary/eligibility`, {
      token: ADMIN,
    });
    expect(read.data).toEqual(started.data);
  });

  it('creates a walk-in, but leaving the queue is refused and the visit stays waiting', async () => {
    const token = tokenOf(SEED_USERS.patient);
    const id = await createIntake(token, { consultation_id: SEED_CONSULTATIONS.generalQuick });
    await payIntake(token, id);
    const walkin = await call(
      'POST',
      `/visits/add_walkin?intake_id=${id}&visit_data_id=${id}&room_code=general`,
      {
        token,
      },
    );
    expect(walkin.status).toBe(200);
    expectSpecShape(spec.visit, walkin.data);
    expect(walkin.data).toMatchObject({ provider_id: 0, status: 10 });
    const visitId = String((walkin.data as Json).id);
    const leave = await call('POST', `/visits/${visitId}?version=2&status=40`, { token });
    expect(leave.status).toBe(400);
    expect(db.visits.get(visitId)?.status).toBe(10);
  });
});

describe('the full profile', () => {
  beforeEach(() => setMockProfile('full'));

  it('names the server extensions on the account record', async () => {
    for (const path of ['/accounts/demo', '/accounts/-']) {
      const account = (await call('GET', path)).data as Json;
      expect(account.portal_extensions).toEqual([...SERVER_EXTENSIONS]);
    }
    // Only the answer names them: the stored account does not.
    expect(db.accounts.get('demo')).not.toHaveProperty('portal_extensions');
  });

  it('keeps the extensions the spec profile leaves out', async () => {
    const patient = tokenOf(SEED_USERS.patient);
    const room = (await call('GET', '/rooms/dermatology')).data as { visits: Json; active: unknown };
    expect(room.visits.econsult).toEqual({ enabled: true });
    expect(room.active).toBe(true);
    const eligibility = await call('GET', `/users/${SEED_USERS.patient}/insurances/primary/eligibility`, {
      token: patient,
    });
    expect(eligibility.status).toBe(404);
    const pair = issuePair(SEED_USERS.patient);
    const refreshed = await call('POST', '/tokens/refresh', { form: { refresh_token: pair.refresh.token } });
    expect(refreshed.data).toHaveProperty('refresh_token');
    expect(db.tokens.get(pair.refresh.token)?.spent).toBe(true);
  });
});
