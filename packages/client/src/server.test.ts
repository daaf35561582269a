import { afterEach, describe, expect, it } from 'vitest';
import { ApiError } from './errors.ts';
import { configureAuth, configureClient } from './http.ts';
import { allNotifications, allUsers, threadMessages } from './pages.ts';
import { authLink, connectServer, memoryTokenStore } from './server.ts';
import { listUsers } from './users/requests.ts';
import { postVisitMessage } from './messages/requests.ts';

/** The address a fetch call was given. */
const urlOf = (input: RequestInfo | URL): string => (input instanceof Request ? input.url : input.toString());

/**
 * The integrator's edges with a fetch passed in (no server): reads tried again with backoff and
 * `Retry-After`, writes never; the paged lists; the /auth link.
 */
const BASE = { apiBaseUrl: 'https://api.test/api_v3', messagesBaseUrl: 'https://api.test/messaging' };
const DEMO = { ...BASE, accountCode: 'demo', apiKey: 'key' };

type Answer = { status: number; body?: unknown; headers?: Record<string, string> } | Error;

/** A fetch that answers from a script and records each URL. */
function scripted(answers: Answer[] | ((url: URL) => Answer)) {
  const urls: URL[] = [];
  const fetch: typeof globalThis.fetch = (input) => {
    const url = new URL(urlOf(input));
    urls.push(url);
    const answer = typeof answers === 'function' ? answers(url) : answers.shift();
    if (!answer) throw new Error('no answer left');
    if (answer instanceof Error) return Promise.reject(answer);
    return Promise.resolve(
      new Response(answer.body === undefined ? null : JSON.stringify(answer.body), {
        status: answer.status,
        headers: { 'Content-Type': 'application/json', ...answer.headers },
      }),
    );
  };
  return { fetch, urls };
}

const waits: number[] = [];
const sleep = (ms: number): Promise<void> => {
  waits.push(ms);
  return Promise.resolve();
};

const users = (from: number, count: number) =>
  Array.from({ length: count }, (_, i) => ({
    id: `usr_${from + i}`,
    first_name: 'P',
    last_name: `${from + i}`,
  }));

afterEach(() => {
  waits.length = 0;
  configureClient({ fetch: undefined, send: undefined });
  configureAuth(null);
});

describe('reads tried again, writes never', () => {
  it('tries a read again after 503 and a lost connection, waiting longer each time', async () => {
    const { fetch, urls } = scripted([
      { status: 503 },
      new TypeError('connection reset'),
      { status: 200, body: { data: users(0, 1), total_count: 1 } },
    ]);
    connectServer({ ...DEMO, adminToken: 'admin', fetch, retry: { attempts: 3, baseDelayMs: 100, sleep } });
    const list = await listUsers({});
    expect(list.data).toHaveLength(1);
    expect(urls).toHaveLength(3);
    expect(waits).toHaveLength(2);
    expect(waits[0]).toBeGreaterThanOrEqual(100);
    expect(waits[1]).toBeGreaterThanOrEqual(200);
  });

  it('waits what Retry-After says on 429, and gives the 429 back when it asks for too long', async () => {
    const first = scripted([
      { status: 429, headers: { 'Retry-After': '2' } },
      { status: 200, body: { data: [], total_count: 0 } },
    ]);
    connectServer({ ...DEMO, adminToken: 'admin', fetch: first.fetch, retry: { attempts: 3, sleep } });
    await listUsers({});
    expect(waits).toEqual([2000]);

    const second = scripted([
      { status: 429, headers: { 'Retry-After': '3600' }, body: { code: 429, message: 'Slow down' } },
    ]);
    connectServer({ ...DEMO, adminToken: 'admin', fetch: second.fetch, retry: { attempts: 3, sleep } });
    const refused = await listUsers({}).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(ApiError);
    expect(refused).toMatchObject({ status: 429, retryAfterSeconds: 3600 });
    expect(second.urls).toHaveLength(1);
  });

  it('never sends a write twice, even after a lost answer', async () => {
    const { fetch, urls } = scripted([new TypeError('connection reset')]);
    connectServer({ ...DEMO, tokens: memoryTokenStore('user-token'), fetch, retry: { attempts: 3, sleep } });
    await expect(postVisitMessage('vis_1', { content: 'Hello' })).rejects.toMatchObject({ kind: 'network' });
    expect(urls).toHaveLength(1);
    expect(waits).toEqual([]);
  });
});

describe('paged lists', () => {
  it('reads /users page by page with start and limit until total_count', async () => {
    const { fetch, urls } = scripted((url) => {
      const start = Number(url.searchParams.get('start'));
      return { status: 200, body: { data: users(start, Math.min(20, 45 - start)), total_count: 45 } };
    });
    connectServer({ ...DEMO, adminToken: 'admin', fetch, retry: { attempts: 3, sleep } });
    const ids: string[] = [];
    for await (const user of allUsers({ type: 200 }, { pageSize: 20 })) ids.push(String(user.id));
    expect(ids).toEqual(users(0, 45).map((u) => u.id));
    expect(urls.map((u) => [u.searchParams.get('start'), u.searchParams.get('limit')])).toEqual([
      ['0', '20'],
      ['20', '20'],
      ['40', '20'],
    ]);
    expect(urls.every((u) => u.searchParams.get('type') === '200')).toBe(true);
  });

  it('stops early without reading the next page', async () => {
    const { fetch, urls } = scripted(() => ({ status: 200, body: { data: users(0, 20), total_count: 100 } }));
    connectServer({ ...DEMO, adminToken: 'admin', fetch, retry: { attempts: 3, sleep } });
    for await (const user of allUsers({}, { pageSize: 20 })) if (user.id === 'usr_3') break;
    expect(urls).toHaveLength(1);
  });

  it('reads a thread from skip, and notifications back through last', async () => {
    const message = (n: number) => ({
      id: `msg_${n}`,
      actor: { id: 'usr_1', type: 200, display_name: 'Casey' },
      content: `m${n}`,
      created: 1_800_000_000 + n,
    });
    const thread = scripted((url) => {
      const skip = Number(url.searchParams.get('skip'));
      const data = Array.from({ length: Math.max(0, Math.min(2, 5 - skip)) }, (_, i) => message(skip + i));
      return { status: 200, body: { data, total_count: 5 } };
    });
    connectServer({
      ...DEMO,
      tokens: memoryTokenStore('user-token'),
      fetch: thread.fetch,
      retry: { attempts: 3, sleep },
    });
    const ids: string[] = [];
    for await (const m of threadMessages('vis_1', { skip: 3, pageSize: 2 })) ids.push(m.id);
    expect(ids).toEqual(['msg_3', 'msg_4']);
    expect(thread.urls.map((u) => u.searchParams.get('skip'))).toEqual(['3']);

    const notification = (mtime: number) => ({ id: `ntf_${mtime}`, mtime, is_read: false, type: 'visit' });
    const notifications = scripted((url) => {
      const last = Number(url.searchParams.get('last') || Infinity);
      const data = [5000, 4000, 3000, 2000, 1000]
        .filter((m) => m < last)
        .slice(0, 2)
        .map(notification);
      return { status: 200, body: { data } };
    });
    configureClient({ fetch: notifications.fetch });
    const times: number[] = [];
    for await (const n of allNotifications({ pageSize: 2 })) times.push(n.mtime);
    expect(times).toEqual([5000, 4000, 3000, 2000, 1000]);
    expect(notifications.urls.map((u) => u.searchParams.get('last'))).toEqual([null, '4000', '2000']);
  });
});

describe('the /auth link', () => {
  it('carries the token, the next path and one_time_token, and refuses a next outside the portal', () => {
    const link = new URL(authLink('https://portal.example/', 'tok en', { next: '/patient/visits' }));
    expect(link.pathname).toBe('/auth');
    expect(link.searchParams.get('sso_token')).toBe('tok en');
    expect(link.searchParams.get('next')).toBe('/patient/visits');
    expect(link.searchParams.get('one_time_token')).toBe('1');
    expect(new URL(authLink('https://portal.example', 't', { oneTimeToken: false })).search).toBe(
      '?sso_token=t',
    );
    expect(() => authLink('https://portal.example', 't', { next: 'https://evil.example' })).toThrow(/path/);
    expect(() => authLink('https://portal.example', 't', { next: '//evil.example' })).toThrow(/path/);
  });
});
