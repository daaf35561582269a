import { describe, expect, it } from 'vitest';
import { db } from '../db.ts';
import { issuePair } from './auth.ts';
import { SEED_USERS, SEED_VISITS, seedQueueVisit } from '../seed/ids.ts';

const API = 'http://mock.test/api_v3';
const KEYSECRET = { 'X-ApiKey': 'demo-api-key', 'X-ApiSecret': 'demo-api-secret', 'X-AccountCode': 'demo' };

async function sso(fields: Record<string, string>) {
  const form = new FormData();
  for (const [k, v] of Object.entries({ type: '600', ...fields })) form.set(k, v);
  const response = await fetch(`${API}/users/sso`, { method: 'POST', headers: KEYSECRET, body: form });
  return { status: response.status, body: (await response.json()) as { message?: string } };
}

async function upload(name: string, fields: Record<string, string> = {}) {
  const form = new FormData();
  form.set('file', new File(['hello'], name, { type: 'text/plain' }), name);
  for (const [k, v] of Object.entries(fields)) form.set(k, v);
  const token = issuePair(SEED_USERS.patient).access.token;
  const response = await fetch(`${API}/files`, {
    method: 'POST',
    headers: { 'X-ApiToken': token, 'X-AccountCode': 'demo' },
    body: form,
  });
  return { status: response.status, body: (await response.json()) as { message?: string } };
}

describe('bounds on stored free text (D16)', () => {
  it('refuses a first name over 100 characters through SSO, naming the field', async () => {
    const before = db.users.size;
    const result = await sso({ first_name: 'a'.repeat(101), last_name: 'B' });
    expect(result.status).toBe(400);
    expect(result.body.message).toMatch(/first_name/);
    expect(db.users.size).toBe(before);
  });

  it.each(['A\u0000b', 'A\r\nb', 'A\nb'])('refuses NUL and line breaks in a name (%j)', async (name) => {
    const result = await sso({ first_name: name, last_name: 'B' });
    expect(result.status).toBe(400);
    expect(result.body.message).toMatch(/first_name/);
  });

  it('refuses a room name over 100 characters', async () => {
    const response = await fetch(`${API}/rooms`, {
      method: 'POST',
      headers: {
        'X-ApiToken': 'demo-admin-token',
        'X-AccountCode': 'demo',
        'Content-Type': 'application/json',
      },
      body: JSON.stringify({ domain: 'demo', name: 'r'.repeat(101) }),
    });
    expect(response.status).toBe(400);
    expect(((await response.json()) as { message: string }).message).toMatch(/name/);
  });

  it('refuses a file name over 255 characters and a description over 2,000', async () => {
    const longName = await upload(`${'n'.repeat(300)}.txt`);
    expect(longName.status).toBe(400);
    expect(longName.body.message).toMatch(/name/);
    const longDescription = await upload('ok.txt', { 'meta.description': 'd'.repeat(2001) });
    expect(longDescription.status).toBe(400);
    expect(longDescription.body.message).toMatch(/meta\.description/);
    expect((await upload('ok.txt', { 'meta.description': 'd'.repeat(2000) })).status).toBe(200);
  });
});

const patientToken = () => issuePair(SEED_USERS.patient).access.token;
const providerToken = () => issuePair(SEED_USERS.provider).access.token;
const json = (token: string, extra: Record<string, string> = {}) => ({
  'X-ApiToken': token,
  'X-AccountCode': 'demo',
  'Content-Type': 'application/json',
  ...extra,
});

interface WriteCase {
  /** The field the refusal must name. */
  field: string;
  /** A one-line field (names, codes): line breaks are refused too. */
  oneLine: boolean;
  send: (value: string) => Promise<Response>;
  /** A picture of what the endpoint stores, compared before and after. */
  stored: () => unknown;
}

/** One row per write endpoint that stores text the older bounds did not cover (S13). */
const WRITES: Record<string, WriteCase> = {
  'POST /users/{id}/emr/{name}': {
    field: 'data.0.substance',
    oneLine: true,
    send: (value) =>
      fetch(`${API}/users/-/emr/allergies`, {
        method: 'POST',
        headers: json(patientToken()),
        body: JSON.stringify({ data: [{ substance: value }], data_not_reported: false }),
      }),
    stored: () => db.emr.get(`${SEED_USERS.patient}:allergies`),
  },
  'POST /users/{id}/emr/{name} (an entry’s other keys)': {
    field: 'data.0.reaction',
    oneLine: false,
    send: (value) =>
      fetch(`${API}/users/-/emr/allergies`, {
        method: 'POST',
        headers: json(patientToken()),
        body: JSON.stringify({ data: [{ substance: 'Pollen', reaction: value }], data_not_reported: false }),
      }),
    stored: () => db.emr.get(`${SEED_USERS.patient}:allergies`),
  },
  'POST /users/{id}/emr/social_history': {
    field: 'data.marital_status',
    oneLine: true,
    send: (value) =>
      fetch(`${API}/users/-/emr/social_history`, {
        method: 'POST',
        headers: json(patientToken()),
        body: JSON.stringify({ data: { marital_status: value }, data_not_reported: false }),
      }),
    stored: () => db.emr.get(`${SEED_USERS.patient}:social_history`),
  },
  'POST /users/{id}/erx/pharmacies': {
    field: 'name',
    oneLine: true,
    send: (value) =>
      fetch(`${API}/users/-/erx/pharmacies`, {
        method: 'POST',
        headers: json(patientToken()),
        body: JSON.stringify({ name: value, code: 'ph-bounds' }),
      }),
    stored: () => [...db.pharmacies.values()],
  },
  'POST /users/{id}/erx/pharmacies (extra)': {
    field: 'extra.note',
    oneLine: false,
    send: (value) =>
      fetch(`${API}/users/-/erx/pharmacies`, {
        method: 'POST',
        headers: json(patientToken()),
        body: JSON.stringify({ name: 'Corner Pharmacy', code: 'ph-bounds', extra: { note: value } }),
      }),
    stored: () => [...db.pharmacies.values()],
  },
  'POST /users/{id}/devices': {
    field: 'device_name',
    oneLine: true,
    send: (value) =>
      fetch(`${API}/users/-/devices`, {
        method: 'POST',
        headers: json(patientToken(), { 'X-ApiKey': 'demo-api-key' }),
        body: JSON.stringify({ device_id: 'therm-9', device_name: value, type: 'thermometer' }),
      }),
    stored: () => [...db.devices.values()],
  },
  'POST /health': {
    field: 'noise_unit',
    oneLine: true,
    send: (value) =>
      fetch(`${API}/health`, {
        method: 'POST',
        headers: json(patientToken(), { 'X-ApiKey': 'demo-api-key' }),
        body: JSON.stringify({
          type: 'blood_pressure_monitor',
          date: '2024-01-02',
          time: 1_704_200_000,
          device_id: 'bp-1001',
          data_type: 'bp',
          data_class: 'body',
          hp: 120,
          lp: 80,
          noise_unit: value,
        }),
      }),
    stored: () => db.measurements.size,
  },
  'POST /endpoints': {
    field: 'key',
    oneLine: true,
    send: (value) =>
      fetch(`${API}/endpoints`, {
        method: 'POST',
        headers: { 'X-ApiToken': patientToken(), 'Content-Type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ key: value, type: '30' }).toString(),
      }),
    stored: () => [...db.endpoints.values()],
  },
  'POST /rooms': {
    field: 'code',
    oneLine: true,
    send: (value) =>
      fetch(`${API}/rooms`, {
        method: 'POST',
        headers: json('demo-admin-token'),
        body: JSON.stringify({ domain: 'demo', name: 'Bounds room', code: value }),
      }),
    stored: () => db.rooms.size,
  },
  'PUT /rooms/{code}': {
    field: 'operation_settings.close_msg',
    oneLine: false,
    send: (value) =>
      fetch(`${API}/rooms/general`, {
        method: 'PUT',
        headers: json('demo-admin-token'),
        body: JSON.stringify({ operation_settings: { is_closed: true, close_msg: `Closed ${value}` } }),
      }),
    stored: () => structuredClone(db.rooms.get('general')?.operation_settings),
  },
  'POST /visits/{id} (a provider cancels)': {
    field: 'reason',
    oneLine: false,
    send: (value) =>
      fetch(
        `${API}/visits/${seedQueueVisit(2)}?version=2&status=40&${new URLSearchParams({ reason: value })}`,
        {
          method: 'POST',
          headers: { 'X-ApiToken': providerToken(), 'X-AccountCode': 'demo' },
        },
      ),
    stored: () => structuredClone(db.visits.get(seedQueueVisit(2))),
  },
  'POST /api/visits/{id}/messages': {
    field: 'content',
    oneLine: false,
    send: (value) =>
      fetch(`http://mock.test/messaging/api/visits/${SEED_VISITS.econsultOpen}/messages`, {
        method: 'POST',
        headers: { 'X-ApiToken': patientToken(), 'Content-Type': 'application/json' },
        body: JSON.stringify({ content: `Hello ${value}` }),
      }),
    stored: () => db.messages.size,
  },
  'POST /users/{id}/insurances/{card_type}': {
    field: 'guarantor_first_name',
    oneLine: true,
    send: (value) =>
      fetch(`${API}/users/${SEED_USERS.patient}/insurances/primary`, {
        method: 'POST',
        headers: json(patientToken()),
        body: JSON.stringify({ guarantor_first_name: value }),
      }),
    stored: () => structuredClone(db.insuranceCards.get(`${SEED_USERS.patient}:primary`)),
  },
};

const BAD_VALUES: [string, string, boolean][] = [
  ['a NUL', 'Ab\u0000c', false],
  ['a line break', 'Ab\nc', true],
  ['a 1 MB string', 'a'.repeat(1024 * 1024), false],
];

const CASES = Object.entries(WRITES).flatMap(([endpoint, write]) =>
  BAD_VALUES.filter(([, , onlyOneLine]) => !onlyOneLine || write.oneLine).map(
    ([what, value]) => [endpoint, what, value, write] as const,
  ),
);

describe('one bounds table for every stored text field (S13)', () => {
  it.each(CASES)(
    '%s refuses %s with 400 naming the field, and stores nothing',
    async (_, __, value, write) => {
      const before = JSON.stringify(write.stored());
      const response = await write.send(value);
      expect(response.status).toBe(400);
      const body = (await response.json()) as { message?: string };
      expect(body.message).toMatch(new RegExp(`^${write.field.replace(/\./g, '\\.')}: must`));
      expect(JSON.stringify(write.stored())).toBe(before);
    },
  );

  it.each(Object.entries(WRITES))('%s still accepts a plain value', async (_, write) => {
    const response = await write.send('Plain text');
    expect(response.status).toBeLessThan(300);
  });
});
