import { describe, expect, it } from 'vitest';
import { db } from '../db.ts';
import { issuePair } from '../lib/auth.ts';
import { SEED_USERS, seedQueueVisit } from '../seed/ids.ts';

const BASE = 'http://localhost/api_v3';
const ACCOUNT = { 'X-AccountCode': 'demo' };
const ADMIN = { 'X-ApiToken': 'demo-admin-token', 'X-AccountCode': 'demo' };

function userHeaders(userId: string) {
  return { 'X-ApiToken': issuePair(userId).access.token, 'X-AccountCode': 'demo' };
}

async function call(path: string, init: RequestInit & { headers?: Record<string, string> } = {}) {
  const response = await fetch(`${BASE}${path}`, init);
  const body = (await response.json()) as Record<string, unknown> & { data?: unknown };
  return { status: response.status, body };
}

const json = (value: unknown) => ({
  body: JSON.stringify(value),
  headers: { 'Content-Type': 'application/json' },
});

describe('GET /rooms (ACCOUNT)', () => {
  it('refuses a request without X-AccountCode in the {code, message} shape', async () => {
    const { status, body } = await call('/rooms');
    expect(status).toBe(400);
    expect(body).toEqual({ code: 400, message: 'X-AccountCode is required' });
  });

  it('lists only the summary fields, paged by page and limit', async () => {
    const first = await call('/rooms?page=1&limit=2', { headers: ACCOUNT });
    expect(first.status).toBe(200);
    const rooms = first.body.data as Record<string, unknown>[];
    expect(rooms).toHaveLength(2);
    expect(Object.keys(rooms[0] ?? {}).sort()).toEqual([
      'code',
      'created',
      'domain',
      'modified',
      'name',
      'slug',
    ]);
    const second = await call('/rooms?page=2&limit=2', { headers: ACCOUNT });
    const third = await call('/rooms?page=3&limit=2', { headers: ACCOUNT });
    const codes = [...rooms, ...(second.body.data as Record<string, unknown>[])].map((r) => r.code);
    expect(new Set(codes).size).toBe(4);
    expect(third.body.data).toEqual([]);
  });

  it('filters by a keyword and rejects a bad page number', async () => {
    const { body } = await call('/rooms?q=skin', { headers: ACCOUNT });
    expect((body.data as { code: string }[]).map((r) => r.code)).toEqual(['dermatology']);
    const bad = await call('/rooms?page=0', { headers: ACCOUNT });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe('page must be at least 1');
  });
});

describe('POST /rooms (ADMIN)', () => {
  it('creates a room with the admin token', async () => {
    const { status, body } = await call('/rooms', {
      method: 'POST',
      ...json({ domain: 'demo', name: 'Travel clinic' }),
      headers: { ...ADMIN, 'Content-Type': 'application/json' },
    });
    expect(status).toBe(200);
    const room = body.data as { code: string; slug: string };
    expect(room.slug).toBe('travel-clinic');
    expect(db.rooms.get(room.code)?.name).toBe('Travel clinic');
  });

  it('answers 400 naming the domain and slug when the slug is taken', async () => {
    const { status, body } = await call('/rooms', {
      method: 'POST',
      body: JSON.stringify({ domain: 'demo', name: 'Another', slug: 'general' }),
      headers: { ...ADMIN, 'Content-Type': 'application/json' },
    });
    expect(status).toBe(400);
    expect(body.message).toBe('A room with slug "general" already exists in domain "demo"');
  });

  it('requires domain and name', async () => {
    const { status, body } = await call('/rooms', {
      method: 'POST',
      body: JSON.stringify({ name: 'No domain' }),
      headers: { ...ADMIN, 'Content-Type': 'application/json' },
    });
    expect(status).toBe(400);
    expect(body.message).toBe('domain is required');
  });

  it('refuses a user token (403) and no token (401)', async () => {
    const asUser = await call('/rooms', {
      method: 'POST',
      body: JSON.stringify({ domain: 'demo', name: 'X' }),
      headers: { ...userHeaders(SEED_USERS.patient), 'Content-Type': 'application/json' },
    });
    expect(asUser.status).toBe(403);
    const anonymous = await call('/rooms', {
      method: 'POST',
      body: '{}',
      headers: { ...ACCOUNT, 'Content-Type': 'application/json' },
    });
    expect(anonymous.status).toBe(401);
  });
});

describe('GET /rooms/{code} and its providers (ACCOUNT)', () => {
  it('returns the detail without mock-only fields and with providers computed from users', async () => {
    const { status, body } = await call('/rooms/general', { headers: ACCOUNT });
    expect(status).toBe(200);
    const room = body.data as Record<string, unknown>;
    expect(room.name).toBe('General practice');
    expect(room).not.toHaveProperty('_queue');
    expect(room.provider_ids).toEqual(expect.arrayContaining([SEED_USERS.provider, SEED_USERS.nurse]));
  });

  it('answers 404 for an unknown room', async () => {
    const { status, body } = await call('/rooms/nope', { headers: ACCOUNT });
    expect(status).toBe(404);
    expect(body).toEqual({ code: 404, message: 'Room nope not found' });
  });

  it('lists providers with list fields and a detail with the extra fields', async () => {
    const list = await call('/rooms/dermatology/providers', { headers: ACCOUNT });
    const providers = list.body.data as Record<string, unknown>[];
    expect(providers.map((p) => p.id).sort()).toEqual([SEED_USERS.derm, SEED_USERS.nurse]);
    expect(providers[0]).not.toHaveProperty('educational_training');
    const detail = await call(`/rooms/dermatology/providers/${SEED_USERS.derm}`, { headers: ACCOUNT });
    expect(detail.body.data).toMatchObject({ id: SEED_USERS.derm });
    expect(detail.body.data).toHaveProperty('educational_training');
    expect(detail.body.data).toHaveProperty('personal_interests');
    const elsewhere = await call(`/rooms/dermatology/providers/${SEED_USERS.peds}`, { headers: ACCOUNT });
    expect(elsewhere.status).toBe(404);
  });

  it('needs X-AccountCode on providers and queue', async () => {
    expect((await call('/rooms/general/providers')).status).toBe(400);
    expect((await call('/rooms/general/queue')).status).toBe(400);
  });
});

describe('GET /rooms/{code}/queue', () => {
  it('counts the walk-ins ahead of the caller, and the whole queue without a user', async () => {
    const mine = await call('/rooms/general/queue', { headers: userHeaders(SEED_USERS.patient) });
    expect(mine.body.data).toEqual({ length: 3, capacity: 20, average_visit_time: 600, before_me: 2 });
    const anyone = await call('/rooms/general/queue', { headers: ACCOUNT });
    expect(anyone.body.data).toMatchObject({ length: 3, before_me: 3 });
  });

  it('moves the caller up when someone ahead is seen', async () => {
    const ahead = db.visits.get(seedQueueVisit(1));
    if (ahead) ahead.status = 25;
    const mine = await call('/rooms/general/queue', { headers: userHeaders(SEED_USERS.patient) });
    expect(mine.body.data).toMatchObject({ length: 2, before_me: 1 });
  });
});

describe('user-room association (ADMIN)', () => {
  it('associates a user with a room, making it the default when asked', async () => {
    const { status, body } = await call(`/users/${SEED_USERS.peds}/rooms`, {
      method: 'POST',
      body: JSON.stringify({ code: 'general', default: true }),
      headers: { ...ADMIN, 'Content-Type': 'application/json' },
    });
    expect(status).toBe(200);
    const rooms = body.data as { code: string; default: boolean }[];
    expect(rooms.find((r) => r.code === 'general')?.default).toBe(true);
    expect(rooms.find((r) => r.code === 'pediatrics')?.default).toBe(false);
    const providers = await call('/rooms/general/providers', { headers: ACCOUNT });
    expect((providers.body.data as { id: string }[]).map((p) => p.id)).toContain(SEED_USERS.peds);
  });

  it('answers 400 without a code, 404 for an unknown user, 403 for a user token', async () => {
    const noCode = await call(`/users/${SEED_USERS.peds}/rooms`, {
      method: 'POST',
      body: '{}',
      headers: { ...ADMIN, 'Content-Type': 'application/json' },
    });
    expect(noCode.status).toBe(400);
    const unknown = await call('/users/nobody/rooms', {
      method: 'POST',
      body: JSON.stringify({ code: 'general' }),
      headers: { ...ADMIN, 'Content-Type': 'application/json' },
    });
    expect(unknown.status).toBe(404);
    const asUser = await call(`/users/${SEED_USERS.peds}/rooms`, {
      method: 'POST',
      body: JSON.stringify({ code: 'general' }),
      headers: { ...userHeaders(SEED_USERS.provider), 'Content-Type': 'application/json' },
    });
    expect(asUser.status).toBe(403);
  });

  it('removes an association with an empty object, and 404s when there is none', async () => {
    const removed = await call(`/users/${SEED_USERS.nurse}/rooms/dermatology`, {
      method: 'DELETE',
      headers: ADMIN,
    });
    expect(removed.status).toBe(200);
    expect(removed.body).toEqual({});
    expect((db.users.get(SEED_USERS.nurse)?.rooms as { code: string }[]).map((r) => r.code)).toEqual([
      'general',
    ]);
    const again = await call(`/users/${SEED_USERS.nurse}/rooms/dermatology`, {
      method: 'DELETE',
      headers: ADMIN,
    });
    expect(again.status).toBe(404);
    const asUser = await call(`/users/${SEED_USERS.nurse}/rooms/general`, {
      method: 'DELETE',
      headers: userHeaders(SEED_USERS.nurse),
    });
    expect(asUser.status).toBe(403);
  });
});

describe('room codes are unique per clinic (S15)', () => {
  const quickRoom = () => [...db.rooms.values()].find((r) => r.account_code === 'demo-quick');

  it('creates a room whose code and slug another clinic uses, without a word about that room', async () => {
    const theirs = quickRoom();
    expect(theirs).toBeDefined();
    const before = structuredClone(theirs);
    const code = String(theirs?.code);
    const created = await call('/rooms', {
      method: 'POST',
      ...json({ domain: 'demo', name: 'Our quick room', code, slug: String(theirs?.slug) }),
      headers: { ...ADMIN, 'Content-Type': 'application/json' },
    });
    expect(created.status).toBe(200);
    expect(created.body.data).toMatchObject({ code, name: 'Our quick room', account_code: 'demo' });
    // Each clinic reads its own room under the same code; theirs is untouched.
    const ours = await call(`/rooms/${code}`, { headers: ACCOUNT });
    expect(ours.body.data).toMatchObject({ name: 'Our quick room', account_code: 'demo' });
    const other = await call(`/rooms/${code}`, { headers: { 'X-AccountCode': 'demo-quick' } });
    expect(other.body.data).toMatchObject({ name: before?.name, account_code: 'demo-quick' });
    expect(quickRoom()).toEqual(before);
    expect([...db.rooms.values()].filter((r) => r.code === code)).toHaveLength(2);
  });

  it('takes intakes in the room of the caller’s clinic when another clinic had its code first', async () => {
    const code = String(quickRoom()?.code);
    await call('/rooms', {
      method: 'POST',
      ...json({ domain: 'demo', name: 'Our quick room', code, slug: 'our-quick-room' }),
      headers: { ...ADMIN, 'Content-Type': 'application/json' },
    });
    const made = await call(`/intakes?room_code=${code}&type=1`, {
      method: 'POST',
      headers: userHeaders(SEED_USERS.patient),
    });
    expect(made.status).toBe(200);
    const id = String((made.body.data as { id?: unknown }).id);
    expect(db.intakes.get(id)).toMatchObject({ room_code: code, _account_code: 'demo' });
    expect((await call(`/intakes/${id}`, { headers: userHeaders(SEED_USERS.patient) })).status).toBe(200);
    const elsewhere = await call(`/intakes/${id}`, {
      headers: { ...userHeaders(SEED_USERS.patient), 'X-AccountCode': 'demo-quick' },
    });
    expect(elsewhere.status).toBe(404);
  });

  it('still refuses a code the same clinic already uses', async () => {
    const before = db.rooms.size;
    const { status, body } = await call('/rooms', {
      method: 'POST',
      ...json({ domain: 'demo', name: 'Second general', code: 'general', slug: 'second-general' }),
      headers: { ...ADMIN, 'Content-Type': 'application/json' },
    });
    expect(status).toBe(400);
    expect(body.message).toBe('A room with code "general" already exists');
    expect(db.rooms.size).toBe(before);
  });
});
