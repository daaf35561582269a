import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { db, type UserRecord } from './db';
import { handlers } from './handlers';
import { issuePair } from './lib/auth';
import { server as mswServer } from './node';
import { startMockServer } from './server';

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
  for (const id of ['usr_patient', 'usr_patient2']) db.users.get(id)!.clinics = ['demo'];
  switch (caller) {
    case 'own':
      return { token: issuePair('usr_patient').access.token, account: 'demo' };
    case 'other':
      return { token: issuePair('usr_patient2').access.token, account: 'demo' };
    case 'guest':
      return { token: addUser('usr_guest_m', 'usr_patient2', { type: 200 }), account: 'demo' };
    case 'provider':
      return { token: issuePair('usr_provider').access.token, account: 'demo' };
    case 'foreign':
      return {
        token: addUser('usr_quick_m', 'usr_provider', {
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
  const visit = [...db.visits.values()].find((v) => v.member_id === 'usr_patient');
  const file = [...db.files.values()].find(
    (f) => f._owner === 'usr_patient' && f.meta?.category !== 'user_avatar',
  );
  const intake = [...db.intakes.values()].find(
    (i) => i._owner === 'usr_patient' || i.member_id === 'usr_patient',
  );
  const source = [...db.paymentSources.values()].find((s) => s._owner === 'usr_patient');
  const endpoint = [...db.endpoints.values()].find((e) => e.user_id === 'usr_patient');
  const notification = [...db.notifications.values()].find((n) => n.user_id === 'usr_patient');
  const slot = [...db.slots.values()].find((s) => s.account_code === 'demo');
  const group = [...db.slotGroups.values()].find((g) => g.account_code === 'demo');
  return {
    user: 'usr_patient',
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
  'GET */__mock/scheduling/groups/:id': 'control',
  'GET */__mock/scheduling/places': 'control',
  'GET */__mock/stats': 'control',
  'GET */api_v3/accounts/:code': ['pass', 'pass', 'pass', 'pass', 'pass', 'pass', 'pass', 'pass'],
  'GET */api_v3/auth': ['pass', 'pass', 'pass', 'pass', 'pass', 'pass', 'pass', 'pass'],
  'GET */api_v3/availability': ['pass', 'pass', 'pass', 'pass', 'pass', '401', '401', '401'],
  'GET */api_v3/billing/settings': ['pass', 'pass', 'pass', 'pass', 'pass', '401', '401', '401'],
  'GET */api_v3/billing/sources': ['pass', 'pass', 'pass', 'pass', 'pass', '401', '401', '401'],
  'GET */api_v3/billing/sources/:id': ['pass', 'deny', 'deny', '404', '404', '401', '401', '401'],
  'GET */api_v3/endpoints': ['pass', 'pass', 'pass', 'pass', 'pass', '401', '401', '401'],
  'GET */api_v3/endpoints/:id': ['pass', 'deny', 'deny', '404', '404', '401', '401', '401'],
  'GET */api_v3/files': ['pass', 'pass', 'pass', 'pass', 'pass', 'pass', '403', '401'],
  'GET */api_v3/files/:id': ['pass', 'deny', 'deny', 'pass', '404', 'pass', '403', '401'],
  'GET */api_v3/files/view/:id': ['403', 'deny', 'deny', '403', '403', '403', '403', '403'],
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
    .replace(':code/providers/:id', 'general/providers/usr_provider')
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
