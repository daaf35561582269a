import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { db, type UserRecord } from '@telehealth/mock/db';
import { handlers } from '@telehealth/mock/handlers/index';
import { issuePair } from '@telehealth/mock/lib/auth';
import { server as mswServer } from '@telehealth/mock/node';
import { startMockServer } from '@telehealth/mock/server';
import { SEED_INTAKES, SEED_USERS } from '@telehealth/mock/seed/ids';
import { buildIntake } from '../builders';

/**
 * The permission matrix: every endpoint of the mock × every kind of caller, over real HTTP on the
 * standalone server. Requests name the records of `demo`'s patient `usr_patient`. A class is
 * what the caller must get: `pass` = authorization let it through (2xx, or a 400/409/422 about
 * the request itself, never 401/403/404), `401`, `403`, `404`, `deny` = 403 or 404.
 */
type Caller = 'own' | 'other' | 'guest' | 'provider' | 'foreign' | 'admin' | 'adminForeign' | 'none';
type Class = 'pass' | '401' | '403' | '404' | 'deny';
const CALLERS: Caller[] = ['own', 'other', 'guest', 'provider', 'foreign', 'admin', 'adminForeign', 'none'];

const ADMIN_TOKEN = 'demo-admin-token';

let http: Server;
let origin = '';

beforeAll(async () => {
  // Real sockets: the in-process interception would answer before the server saw the request.
  mswServer.close();
  http = await startMockServer(0);
  origin = `http://127.0.0.1:${(http.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => http.close(() => resolve())));

function addUser(id: string, from: string, patch: Partial<UserRecord>): string {
  const base = db.users.get(from) as UserRecord;
  db.users.set(id, { ...base, id, code: id, email: `${id}@example.test`, rooms: [], ...patch });
  return issuePair(id).access.token;
}

function credentials(caller: Caller): { token?: string; account: string } {
  // The demo patients also belong to demo-quick (seed); the matrix's patient belongs to demo only.
  for (const id of [SEED_USERS.patient, SEED_USERS.patient2]) db.users.get(id)!.clinics = ['demo'];
  switch (caller) {
    case 'own':
      return { token: issuePair(SEED_USERS.patient).access.token, account: 'demo' };
    case 'other':
      return { token: issuePair(SEED_USERS.patient2).access.token, account: 'demo' };
    case 'guest':
      return { token: addUser('usr_guest_m', SEED_USERS.patient2, { type: 200 }), account: 'demo' };
    case 'provider':
      return { token: issuePair(SEED_USERS.provider).access.token, account: 'demo' };
    case 'foreign':
      return {
        token: addUser('usr_quick_m', SEED_USERS.provider, {
          account_code: 'demo-quick',
          clinics: ['demo-quick'],
        }),
        account: 'demo-quick',
      };
    case 'admin':
      return { token: ADMIN_TOKEN, account: 'demo' };
    case 'adminForeign':
      return { token: ADMIN_TOKEN, account: 'demo-quick' };
    case 'none':
      return { account: 'demo' };
  }
}

/** Ids of `usr_patient`'s records in the fresh seed. */
function ids() {
  const visit = [...db.visits.values()].find((v) => v.member_id === SEED_USERS.patient);
  const file = [...db.files.values()].find(
    (f) => f._owner === SEED_USERS.patient && f.meta?.category !== 'user_avatar',
  );
  const intake = [...db.intakes.values()].find(
    (i) => i._owner === SEED_USERS.patient || i.member_id === SEED_USERS.patient,
  );
  const source = [...db.paymentSources.values()].find((s) => s._owner === SEED_USERS.patient);
  const endpoint = [...db.endpoints.values()].find((e) => e.user_id === SEED_USERS.patient);
  const notification = [...db.notifications.values()].find((n) => n.user_id === SEED_USERS.patient);
  const slot = [...db.slots.values()].find((s) => s.account_code === 'demo');
  const group = [...db.slotGroups.values()].find((g) => g.account_code === 'demo');
  return {
    user: SEED_USERS.patient,
    visit: visit?.id ?? 'none',
    file: file?.id ?? 'none',
    intake: intake?.id ?? 'none',
    source: source?.id ?? 'none',
    endpoint: endpoint?.id ?? 'none',
    notification: String(notification?.id ?? 'none'),
    slot: slot?.id ?? 'none',
    group: group?.id ?? 'none',
  };
}

// Rows: one per handler, `METHOD path` exactly as registered, then the class for each caller in
// CALLERS order (own, other, guest, provider, foreign, admin, adminForeign, none); `control` marks
// development controls (`/__mock`), which no deployment has and the matrix does not call.
const MATRIX: Record<string, Class[] | 'control'> = {
  // Catch-alls: the fault injector in front of everything, and 404 for paths no spec names.
  '/.+/ *': 'control',
  '/.+/ /.*/': 'control',
  '/.+/ */api_v3/*': 'control',
  '/.+/ */messaging/api/*': 'control',
  '/.+/ */survey/*': 'control',
  'DELETE */api_v3/billing/sources/:id': ['pass', 'deny', 'deny', '404', '404', '401', '401', '401'],
  'DELETE */api_v3/endpoints/:id': ['pass', 'deny', 'deny', '404', '404', '401', '401', '401'],
  'DELETE */api_v3/files/:id': ['pass', 'deny', 'deny', '403', '404', '403', '403', '401'],
  'DELETE */api_v3/slots/:id': ['403', 'deny', 'deny', 'pass', '404', '401', '401', '401'],
  'DELETE */api_v3/slots/groups/:groupId': ['403', 'deny', 'deny', 'pass', '404', '401', '401', '401'],
  'DELETE */api_v3/users/:id/erx/pharmacies/:code': [
    '404',
    'deny',
    'deny',
    '403',
    '404',
    '401',
    '401',
    '401',
  ],
  'DELETE */api_v3/users/:id/insurances/:cardType': [
    '404',
    'deny',
    'deny',
    '404',
    '404',
    '404',
    '403',
    '401',
  ],
  'DELETE */api_v3/users/:id/rooms/:roomCode': ['403', 'deny', 'deny', '403', '403', '404', '403', '401'],
  'GET */__mock/clock': 'control',
  'GET */__mock/faults': 'control',
  'GET */__mock/health': 'control',
  'GET */__mock/measurements': 'control',
  'GET */__mock/personas': 'control',
  'GET */__mock/push/deliveries': 'control',
  'GET */__mock/scheduling/groups/:id': 'control',
  'GET */__mock/scheduling/places': 'control',
  'GET */__mock/stats': 'control',
  'GET */api_v3/accounts/:code': ['pass', 'pass', 'pass', 'pass', 'pass', 'pass', 'pass', 'pass'],
  'GET */api_v3/auth': ['pass', 'pass', 'pass', 'pass', 'pass', 'pass', 'pass', 'pass'],
  'GET */api_v3/availability': ['pass', 'pass', 'pass', 'pass', 'pass', '401', '401', '401'],
  'GET */api_v3/billing/settings': ['pass', 'pass', 'pass', 'pass', 'pass', '401', '401', '401'],
  'GET */api_v3/billing/sources': ['pass', 'pass', 'pass', 'pass', 'pass', '401', '401', '401'],
  'GET */api_v3/billing/sources/:id': ['pass', 'deny', 'deny', '404', '404', '401', '401', '401'],
  'GET */api_v3/emr/schema': ['pass', 'pass', 'pass', 'pass', 'pass', '401', '401', '401'],
  'GET */api_v3/endpoints': ['pass', 'pass', 'pass', 'pass', 'pass', '401', '401', '401'],
  'GET */api_v3/endpoints/:id': ['pass', 'deny', 'deny', '404', '404', '401', '401', '401'],
  'GET */api_v3/files': ['pass', 'pass', 'pass', 'pass', 'pass', 'pass', '403', '401'],
  'GET */api_v3/files/:id': ['pass', 'deny', 'deny', 'pass', '404', 'pass', '403', '401'],
  'GET */api_v3/files/view/:id': ['403', 'deny', 'deny', '403', '403', '403', '403', '401'],
  'GET */api_v3/insurances/list/:list': ['pass', 'pass', 'pass', 'pass', 'pass', 'pass', '403', '401'],
  'GET */api_v3/intakes/:id': ['pass', 'deny', 'deny', '403', '404', '401', '401', '401'],
  'GET */api_v3/me': ['pass', 'pass', 'pass', 'pass', 'pass', '401', '401', '401'],
  'GET */api_v3/notifications': ['pass', 'pass', 'pass', 'pass', 'pass', '401', '401', '401'],
  'GET */api_v3/notifications/badge': ['pass', 'pass', 'pass', 'pass', 'pass', '401', '401', '401'],
  'GET */api_v3/reports/claims': ['403', 'deny', 'deny', 'pass', 'pass', 'pass', '403', '401'],
  'GET */api_v3/rooms': ['pass', 'pass', 'pass', 'pass', 'pass', 'pass', 'pass', 'pass'],
  'GET */api_v3/rooms/:code': ['pass', 'pass', 'pass', 'pass', '404', 'pass', '404', 'pass'],
  'GET */api_v3/rooms/:code/providers': ['pass', 'pass', 'pass', 'pass', '404', 'pass', '404', 'pass'],
  'GET */api_v3/rooms/:code/providers/:id': ['pass', 'pass', 'pass', 'pass', '404', 'pass', '404', 'pass'],
  'GET */api_v3/rooms/:code/queue': ['pass', 'pass', 'pass', 'pass', '404', 'pass', '404', 'pass'],
  'GET */api_v3/settings': ['pass', 'pass', 'pass', 'pass', 'pass', '401', '401', '401'],
  'GET */api_v3/settings/*': ['404', 'deny', 'deny', '404', '404', '401', '401', '401'],
  'GET */api_v3/slots': ['pass', 'pass', 'pass', 'pass', 'pass', '401', '401', '401'],
  'GET */api_v3/slots/available': ['pass', 'pass', 'pass', 'pass', 'pass', '401', '401', '401'],
  'GET */api_v3/users': ['403', 'deny', 'deny', '403', '403', 'pass', '403', '401'],
  'GET */api_v3/users/:id': ['pass', 'deny', 'deny', 'pass', '404', '401', '401', '401'],
  'GET */api_v3/users/:id/emr': ['pass', 'deny', 'deny', 'pass', '404', '401', '401', '401'],
  'GET */api_v3/users/:id/erx/pharmacies': ['pass', 'deny', 'deny', 'pass', '404', '401', '401', '401'],
  'GET */api_v3/users/:id/erx/prescriptions': ['pass', 'deny', 'deny', 'pass', '404', '401', '401', '401'],
  'GET */api_v3/users/:id/insurances': ['pass', 'deny', 'deny', 'pass', '404', 'pass', '403', '401'],
  'GET */api_v3/users/:id/insurances/:cardType': ['404', 'deny', 'deny', '404', '404', '404', '403', '401'],
  'GET */api_v3/users/:id/insurances/primary/eligibility': [
    '404',
    'deny',
    'deny',
    '404',
    '404',
    '404',
    '403',
    '401',
  ],
  'GET */api_v3/visits': ['pass', 'pass', 'pass', 'pass', 'pass', 'pass', '403', '401'],
  'GET */api_v3/visits/:id': ['pass', 'deny', 'deny', 'pass', '404', 'pass', '403', '401'],
  'GET */api_v3/visits/:id/recordings/:recordingId': [
    '403',
    'deny',
    'deny',
    '403',
    '403',
    '404',
    '403',
    '401',
  ],
  'GET */messaging/api/visits/:id/messages': ['pass', 'deny', 'deny', 'pass', '404', '401', '401', 'pass'],
  'GET */survey/surveys/:code/responses': ['pass', 'pass', 'pass', 'pass', 'pass', '401', '401', '401'],
  'POST */__mock/clock': 'control',
  'POST */__mock/personas/:key/sign-in': 'control',
  'POST */__mock/push/test': 'control',
  'POST */__mock/reset': 'control',
  'POST */__mock/rooms/:code/walkins': 'control',
  'POST */__mock/tokens': 'control',
  'POST */__mock/visits/:id/reply': 'control',
  'POST */__mock/visits/:id/seed-messages': 'control',
  'POST */__mock/visits/:id/status': 'control',
  'POST */api_v3/billing/invoices/process': ['pass', 'pass', 'pass', 'pass', 'pass', '401', '401', '401'],
  'POST */api_v3/billing/sources': ['pass', 'pass', 'pass', 'pass', 'pass', '401', '401', '401'],
  'POST */api_v3/endpoints': ['pass', 'pass', 'pass', 'pass', 'pass', '401', '401', '401'],
  'POST */api_v3/files': ['pass', 'pass', 'pass', 'pass', 'pass', 'pass', '403', '401'],
  'POST */api_v3/files/:id': ['pass', 'deny', 'deny', 'pass', '404', 'pass', '403', '401'],
  'POST */api_v3/health': ['pass', 'pass', 'pass', 'pass', 'pass', '401', '401', '401'],
  'POST */api_v3/intakes': ['pass', 'pass', 'pass', 'pass', 'pass', '401', '401', '401'],
  'POST */api_v3/intakes/:id': ['pass', 'deny', 'deny', '403', '404', '401', '401', '401'],
  'POST */api_v3/me': ['pass', 'pass', 'pass', 'pass', 'pass', '401', '401', '401'],
  'POST */api_v3/notifications/badge': ['pass', 'pass', 'pass', 'pass', 'pass', '401', '401', '401'],
  'POST */api_v3/rooms': ['403', 'deny', 'deny', '403', '403', 'pass', '403', '401'],
  'POST */api_v3/tokens/refresh': ['pass', 'pass', 'pass', 'pass', 'pass', 'pass', 'pass', 'pass'],
  'POST */api_v3/users/:id/devices': ['pass', 'deny', 'deny', '403', '404', '401', '401', '401'],
  'POST */api_v3/users/:id/emr/:name': ['pass', 'deny', 'deny', '403', '404', '401', '401', '401'],
  'POST */api_v3/users/:id/erx/pharmacies': ['pass', 'deny', 'deny', '403', '404', '401', '401', '401'],
  'POST */api_v3/users/:id/insurances/:cardType': [
    'pass',
    'deny',
    'deny',
    'pass',
    '404',
    'pass',
    '403',
    '401',
  ],
  'POST */api_v3/users/:id/insurances/import': ['pass', 'deny', 'deny', 'pass', '404', 'pass', '403', '401'],
  'POST */api_v3/users/:id/insurances/primary/eligibility/check': [
    'pass',
    'deny',
    'deny',
    'pass',
    '404',
    'pass',
    '403',
    '401',
  ],
  'POST */api_v3/users/:id/rooms': ['403', 'deny', 'deny', '403', '403', 'pass', '403', '401'],
  'POST */api_v3/users/logout': ['pass', 'pass', 'pass', 'pass', 'pass', '401', '401', '401'],
  'POST */api_v3/users/reset_password': ['pass', 'pass', 'pass', 'pass', 'pass', 'pass', 'pass', 'pass'],
  'POST */api_v3/users/sso': ['401', '401', '401', '401', '401', '401', '401', '401'],
  'POST */api_v3/visits': ['pass', 'pass', 'pass', 'pass', 'pass', '401', '401', '401'],
  'POST */api_v3/visits/:id': ['pass', 'deny', 'deny', 'pass', '404', '401', '401', '401'],
  'POST */api_v3/visits/add_econsult': ['pass', 'pass', 'pass', 'pass', 'pass', '401', '401', '401'],
  'POST */api_v3/visits/add_walkin': ['pass', 'pass', 'pass', 'pass', 'pass', '401', '401', '401'],
  'GET */api_v3/webhooks/deliveries': ['403', 'deny', 'deny', '403', '403', 'pass', '403', '401'],
  'POST */api_v3/webhooks/events': ['403', 'deny', 'deny', '403', '403', 'pass', '403', '401'],
  'POST */messaging/api/visits/:id/messages': ['pass', 'deny', 'deny', 'pass', '404', '401', '401', 'pass'],
  'PUT */__mock/faults': 'control',
  'PUT */__mock/recordings/url-lifetime': 'control',
  'PUT */api_v3/billing/sources/:id': ['pass', 'deny', 'deny', '404', '404', '401', '401', '401'],
  'PUT */api_v3/notifications/:id': ['pass', 'deny', 'deny', '404', '404', '401', '401', '401'],
  'PUT */api_v3/rooms/:code': ['403', 'deny', 'deny', '403', '403', 'pass', '403', '401'],
};

function concrete(key: string): { method: string; url: string } {
  const [method, pattern] = key.split(' ') as [string, string];
  const id = ids();
  const path = pattern
    .replace(/^\*/, '')
    .replace('/users/:id', `/users/${id.user}`)
    .replace('/visits/:id', `/visits/${id.visit}`)
    .replace('/files/view/:id', `/files/view/${id.file}`)
    .replace('/files/:id', `/files/${id.file}`)
    .replace('/intakes/:id', `/intakes/${id.intake}`)
    .replace('/billing/sources/:id', `/billing/sources/${id.source}`)
    .replace('/endpoints/:id', `/endpoints/${id.endpoint}`)
    .replace('/notifications/:id', `/notifications/${id.notification}`)
    .replace('/slots/groups/:groupId', `/slots/groups/${id.group}`)
    .replace('/slots/:id', `/slots/${id.slot}`)
    .replace(':recordingId', '1')
    .replace(':code/providers/:id', `general/providers/${SEED_USERS.provider}`)
    .replace('/accounts/:code', '/accounts/demo')
    .replace('/rooms/:code', '/rooms/general')
    .replace('/surveys/:code', '/surveys/general')
    .replace('/insurances/list/:list', '/insurances/list/carriers')
    .replace(':cardType', 'primary')
    .replace(':roomCode', 'general')
    .replace(':name', 'allergies')
    .replace('/pharmacies/:code', '/pharmacies/ph1')
    .replace('/settings/*', '/settings/theme');
  return { method, url: `${origin}${path}` };
}

function classOf(status: number): Class {
  if (status === 401) return '401';
  if (status === 403) return '403';
  if (status === 404) return '404';
  return 'pass';
}

function matches(expected: Class, status: number): boolean {
  const actual = classOf(status);
  if (expected === 'deny') return actual === '403' || actual === '404';
  if (expected === 'pass') return actual === 'pass' && status < 500;
  return actual === expected;
}

describe('permission matrix (standalone server)', () => {
  it('lists every handler the mock registers', () => {
    const registered = handlers.map((h) => {
      const info = h.info as { method?: unknown; path?: unknown };
      return `${String(info.method)} ${String(info.path)}`;
    });
    expect(registered.filter((key) => !(key in MATRIX))).toEqual([]);
    expect(Object.keys(MATRIX).filter((key) => !registered.includes(key))).toEqual([]);
  });

  const rows = Object.entries(MATRIX).filter((row): row is [string, Class[]] => row[1] !== 'control');
  it.each(rows)('%s', async (key, expected) => {
    const seen: string[] = [];
    const wrong: string[] = [];
    for (const [index, caller] of CALLERS.entries()) {
      const { method, url } = concrete(key);
      const { token, account } = credentials(caller);
      const headers: Record<string, string> = { 'X-AccountCode': account, 'X-ApiKey': 'demo-api-key' };
      if (token) headers['X-ApiToken'] = token;
      const response = await fetch(url, { method, headers, redirect: 'manual' });
      await response.arrayBuffer();
      seen.push(`${caller}:${response.status}`);
      if (!matches(expected[index] as Class, response.status)) wrong.push(`${caller} got ${response.status}`);
    }
    expect(wrong, seen.join(' ')).toEqual([]);
  });
});

describe('invoices are bound to the clinic of their intake (standalone server)', () => {
  /** What `POST /billing/invoices/process` answers each caller for an intake id, status and body. */
  async function invoiceAnswers(intakeId: string): Promise<Record<Caller, string>> {
    const answers = {} as Record<Caller, string>;
    for (const caller of CALLERS) {
      const { token, account } = credentials(caller);
      const headers: Record<string, string> = {
        'X-AccountCode': account,
        'Content-Type': 'application/json',
      };
      if (token) headers['X-ApiToken'] = token;
      const response = await fetch(`${origin}/api_v3/billing/invoices/process`, {
        method: 'POST',
        headers,
        body: JSON.stringify({ intake_id: intakeId }),
      });
      const body = (await response.json()) as { data?: { paid?: boolean }; code?: number; message?: string };
      answers[caller] = body.data
        ? `${response.status} paid=${String(body.data.paid)}`
        : `${response.status} ${JSON.stringify(body)}`;
    }
    return answers;
  }

  it("shows a paid invoice to the patient and their clinic's staff, and to nobody else anything but not found", async () => {
    // The seeded appointment of `usr_patient` in `demo` was paid (seed/billing.ts).
    const paid = await invoiceAnswers(SEED_INTAKES.upcoming);
    const notFound = `404 ${JSON.stringify({ code: 404, message: 'Intake not found' })}`;
    expect(paid).toEqual({
      own: '200 paid=true',
      other: notFound,
      guest: notFound,
      provider: '200 paid=true',
      foreign: notFound,
      admin: '401 {"code":401,"message":"Invalid or missing API token"}',
      adminForeign: '401 {"code":401,"message":"Invalid or missing API token"}',
      none: '401 {"code":401,"message":"Invalid or missing API token"}',
    });
    // An id that does not exist gets the very same answer as one of someone else's.
    const missing = await invoiceAnswers('int_0123456789abcdef0123456789abcdef');
    for (const caller of ['other', 'guest', 'foreign'] as const) expect(missing[caller]).toBe(paid[caller]);
    expect(missing.own).toBe(notFound);
    expect(db.charges.get('ch_seed_upcoming')?.status).toBe('succeeded');
  });
});

/** One request over real HTTP as `userId` in `demo`; the answer's status, body and error code. */
async function as(userId: string, method: string, path: string, body?: unknown) {
  const headers: Record<string, string> = {
    'X-AccountCode': 'demo',
    'X-ApiToken': issuePair(userId).access.token,
  };
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  const response = await fetch(`${origin}/api_v3${path}`, {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const json = (await response.json().catch(() => null)) as {
    data?: unknown;
    error?: string;
    message?: string;
  } | null;
  return { status: response.status, json };
}

describe('identity is the user id only', () => {
  it('gives nothing of usr_patient to a caller whose SSO code is "usr_patient"', async () => {
    addUser('usr_lookalike_m', SEED_USERS.patient2, { type: 200, code: SEED_USERS.patient });
    const t = Math.floor(Date.now() / 1000);
    const theirVisit = [...db.visits.values()].find(
      (v) => v.member_id === SEED_USERS.patient && v.room_code === 'general' && v.account_code === 'demo',
    );
    if (!theirVisit) throw new Error('no visit of usr_patient in general');
    const intake = (id: string, roomCode: string, visitId: string | null) =>
      db.intakes.set(
        id,
        buildIntake({ id, now: t, reason_for_visit: 'Mine', visit_id: visitId, room_code: roomCode }),
      );
    intake('int_id_new', 'general', null);
    intake('int_id_visit', 'general', theirVisit.id);
    intake('int_id_ec', 'after-hours', null);
    const visitsBefore = db.visits.size;
    const notFound = (id: string) => ({ error: 'bad_request', message: `Intake ${id} not found` });
    const me = 'usr_lookalike_m';

    const availability = await as(
      me,
      'GET',
      `/availability?start=${t}&end=${t + 86_400 * 7}&intake_id=int_id_new`,
    );
    expect([availability.status, availability.json]).toEqual([400, notFound('int_id_new')]);
    const booking = await as(
      me,
      'POST',
      `/visits?slot_start=${t + 86_400}&slot_end=${t + 88_200}&room_code=general&type=2&intake_id=int_id_new`,
    );
    expect([booking.status, booking.json]).toEqual([400, notFound('int_id_new')]);
    for (const id of ['int_id_new', 'int_id_visit']) {
      const walkin = await as(
        me,
        'POST',
        `/visits/add_walkin?intake_id=${id}&visit_data_id=${id}&room_code=general`,
      );
      expect([walkin.status, walkin.json]).toEqual([400, notFound(id)]);
    }
    const econsult = await as(me, 'POST', '/visits/add_econsult', {
      intake_id: 'int_id_ec',
      room_code: 'after-hours',
    });
    expect([econsult.status, econsult.json]).toEqual([400, notFound('int_id_ec')]);
    expect([403, 404]).toContain((await as(me, 'GET', '/intakes/int_id_new')).status);
    expect([403, 404]).toContain((await as(me, 'POST', '/intakes/int_id_new')).status);
    expect((await as(me, 'POST', '/billing/invoices/process', { intake_id: 'int_id_new' })).status).toBe(404);
    expect([403, 404]).toContain((await as(me, 'GET', `/visits/${theirVisit.id}`)).status);
    expect((await as(me, 'GET', '/visits')).json?.data).toEqual([]);

    expect(db.visits.size).toBe(visitsBefore);
    expect(db.intakes.get('int_id_new')?.visit_id).toBeNull();
    expect(db.intakes.get('int_id_visit')?.visit_id).toBe(theirVisit.id);
    expect(db.intakes.get('int_id_ec')?.visit_id).toBeNull();
  });
});

describe('the colleague rule on every path that changes a visit', () => {
  it('refuses take, start, complete, cancel and reschedule of a visit a colleague has, with 409 visit_taken', async () => {
    const t = Math.floor(Date.now() / 1000);
    const appointment = [...db.visits.values()].find(
      (v) =>
        v.type === 2 && v.status === 20 && v.provider_id === SEED_USERS.provider && v.room_code === 'general',
    );
    const walkin = [...db.visits.values()].find(
      (v) =>
        v.type === 1 && v.subtype !== 4 && v.status === 10 && v.room_code === 'general' && !v.provider_id,
    );
    if (!appointment || !walkin) throw new Error('no confirmed appointment or waiting walk-in in the seed');
    expect(
      (
        await as(
          SEED_USERS.provider,
          'POST',
          `/visits/${walkin.id}?version=2&provider_id=${SEED_USERS.provider}`,
        )
      ).status,
    ).toBe(200);
    const offered = await as(
      SEED_USERS.nurse,
      'GET',
      `/availability?start=${t}&end=${t + 30 * 86_400}&room_code=general&provider_id=${SEED_USERS.nurse}`,
    );
    const slot = (offered.json?.data as { slots: { slot_start: number; slot_end: number }[] }).slots[0];
    if (!slot) throw new Error('no open time of usr_nurse');
    const message = `${db.users.get(SEED_USERS.provider)?.full_name} has already taken this visit.`;
    for (const visit of [appointment, walkin]) {
      const before = JSON.stringify(db.visits.get(visit.id));
      for (const query of [
        `provider_id=${SEED_USERS.nurse}`,
        'status=25',
        'status=30',
        'status=40&reason=Double%20booked',
        `slot_start=${slot.slot_start}&slot_end=${slot.slot_end}`,
        `slot_start=${slot.slot_start}&slot_end=${slot.slot_end}&provider_id=${SEED_USERS.nurse}`,
      ]) {
        const answer = await as(SEED_USERS.nurse, 'POST', `/visits/${visit.id}?version=2&${query}`);
        expect([query, answer.status, answer.json], visit.id).toEqual([
          query,
          409,
          { error: 'visit_taken', message },
        ]);
      }
      expect(JSON.stringify(db.visits.get(visit.id))).toBe(before);
    }
  });
});
