import { describe, expect, it } from 'vitest';
import { db } from '@telehealth/mock/db';
import { sessionFor } from '../../render';
import { SEED_ENDPOINTS, SEED_USERS, seedNotification } from '@telehealth/mock/seed/ids';

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

describe('a test push in development (not in the spec)', () => {
  const control = (path: string, init?: RequestInit) => fetch(`http://mock.test/__mock${path}`, init);

  it('a browser registered as type 40 with a messaging token gets the test push beside the phone; the list shows it', async () => {
    const browser = await call('POST', '/endpoints', {
      form: { key: 'fcm-web-token-of-this-browser', type: '40' },
    });
    expect(browser.status).toBe(200);
    const browserId = (browser.body.data as { id: string }).id;

    const sent = await control('/push/test', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ user_id: SEED_USERS.patient }),
    });
    expect(sent.status).toBe(200);
    const { notification_id, deliveries } = (await sent.json()) as {
      notification_id: string;
      deliveries: { endpoint_id: string; type: number; arn: string }[];
    };
    // One push per Apple or Google device; the type-10 endpoint is not a push device.
    expect(deliveries.map((d) => d.endpoint_id).sort()).toEqual(
      [SEED_ENDPOINTS.apple, SEED_ENDPOINTS.android, browserId].sort(),
    );
    expect(deliveries.every((d) => d.type === 30 || d.type === 40)).toBe(true);
    expect([...db.pushDeliveries.values()]).toHaveLength(3);
    const list = (await call('GET', '/notifications?size=1')).body.data as { id: string; title: string }[];
    expect(list[0]).toMatchObject({ id: notification_id, title: 'A test notification from the clinic' });

    const log = (await (await control(`/push/deliveries?user_id=${SEED_USERS.patient}`)).json()) as {
      data: unknown[];
    };
    expect(log.data).toHaveLength(3);
  });

  it('needs a known user', async () => {
    const missing = await control('/push/test', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({}),
    });
    expect(missing.status).toBe(400);
    const unknown = await control('/push/test', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ user_id: 'usr_nobody' }),
    });
    expect(unknown.status).toBe(404);
    expect(db.pushDeliveries.size).toBe(0);
  });
});
