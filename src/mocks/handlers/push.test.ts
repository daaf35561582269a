import { describe, expect, it } from 'vitest';
import { db } from '@/mocks/db';
import { sessionFor } from '~test/render';
import { SEED_ENDPOINTS, SEED_USERS, seedNotification } from '../seed/ids';

const API = 'http://mock.test/api_v3';

async function call(
  method: string,
  path: string,
  options: { token?: string | null; form?: Record<string, string> } = {},
) {
  const token = options.token === undefined ? sessionFor('demo-patient').token.token : options.token;
  const response = await fetch(`${API}${path}`, {
    method,
    headers: {
      ...(token ? { 'X-ApiToken': token } : {}),
      ...(options.form ? { 'Content-Type': 'application/x-www-form-urlencoded' } : {}),
    },
    body: options.form ? new URLSearchParams(options.form).toString() : undefined,
  });
  return {
    status: response.status,
    body: (await response.json()) as { data?: unknown; code?: number; message?: string },
  };
}

describe('push endpoints mock (spec 4.14)', () => {
  it('registers Apple and Google endpoints only, and re-registering the same key returns the same endpoint', async () => {
    const apple = await call('POST', '/endpoints', { form: { key: 'device-a', type: '30' } });
    expect(apple.status).toBe(200);
    expect(apple.body.data).toMatchObject({ key: 'device-a', type: 30, user_id: SEED_USERS.patient });
    expect((apple.body.data as { arn: string }).arn).toContain('APNS');
    const again = await call('POST', '/endpoints', { form: { key: 'device-a', type: '30' } });
    expect((again.body.data as { id: string }).id).toBe((apple.body.data as { id: string }).id);
    expect((await call('POST', '/endpoints', { form: { key: 'x', type: '10' } })).status).toBe(400);
    expect((await call('POST', '/endpoints', { form: { type: '40' } })).status).toBe(400);
    expect((await call('POST', '/endpoints', { form: { key: 'x' } })).status).toBe(400);
    expect((await call('POST', '/endpoints', { form: { key: 'x', type: '40' }, token: null })).status).toBe(
      401,
    );
  });

  it('lists with a type filter and reads, deletes only the caller’s own endpoints', async () => {
    const all = (await call('GET', '/endpoints')).body.data as { id: string; type: number }[];
    expect(all.map((e) => e.type).sort()).toEqual([10, 30, 40]);
    const google = (await call('GET', '/endpoints?type=40')).body.data as { id: string }[];
    expect(google.map((e) => e.id)).toEqual([SEED_ENDPOINTS.android]);
    expect((await call('GET', '/endpoints?type=10')).status).toBe(400);
    expect((await call('GET', `/endpoints/${SEED_ENDPOINTS.apple}`)).body.data).toMatchObject({
      id: SEED_ENDPOINTS.apple,
    });
    const stranger = sessionFor('demo-patient-2').token.token;
    expect((await call('GET', `/endpoints/${SEED_ENDPOINTS.apple}`, { token: stranger })).status).toBe(404);
    expect((await call('DELETE', `/endpoints/${SEED_ENDPOINTS.apple}`, { token: stranger })).status).toBe(
      404,
    );
    expect(await call('DELETE', `/endpoints/${SEED_ENDPOINTS.apple}`)).toEqual({
      status: 200,
      body: { data: { id: SEED_ENDPOINTS.apple } },
    });
    expect(db.endpoints.has(SEED_ENDPOINTS.apple)).toBe(false);
  });
});

describe('notifications mock (spec 4.14)', () => {
  it('pages newest first with size (default 10) and last (ms, strictly before)', async () => {
    const first = (await call('GET', '/notifications')).body.data as { id: string; mtime: number }[];
    expect(first).toHaveLength(10);
    expect(first.map((n) => n.mtime)).toEqual([...first.map((n) => n.mtime)].sort((a, b) => b - a));
    const oldest = Math.min(...first.map((n) => n.mtime));
    const rest = (await call('GET', `/notifications?last=${oldest}`)).body.data as {
      id: string;
      mtime: number;
    }[];
    expect(rest).toHaveLength(4);
    expect(rest.every((n) => n.mtime < oldest)).toBe(true);
    expect((await call('GET', '/notifications?size=3')).body.data).toHaveLength(3);
    expect((await call('GET', '/notifications?size=0')).status).toBe(400);
  });

  it('keeps the badge equal to the number of new notifications through read and reset', async () => {
    expect((await call('GET', '/notifications/badge')).body.data).toBe(6);
    const read = await call('PUT', '/notifications/ntf_1');
    expect(read.body.data).toMatchObject({ id: seedNotification(1), read: true, is_new: false });
    expect((await call('GET', '/notifications/badge')).body.data).toBe(5);
    expect((await call('POST', '/notifications/badge')).body.data).toBe(true);
    expect((await call('GET', '/notifications/badge')).body.data).toBe(0);
    expect(db.notifications.get(seedNotification(2))).toMatchObject({ is_new: false, read: false });
    const stranger = sessionFor('demo-patient-2').token.token;
    expect((await call('PUT', '/notifications/ntf_2', { token: stranger })).status).toBe(404);
  });
});
