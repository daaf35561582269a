import fc from 'fast-check';
import { delay, http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import { configureAuth } from '@telehealth/client/http';
import { getMe } from '@telehealth/client/users/requests';
import { db, resetDb } from '@telehealth/mock/db';
import { setMockConfig } from '@telehealth/mock/lib/auth';
import { advanceMockClock } from '@telehealth/mock/lib/clock';
import { server } from '@telehealth/mock/node';
import { api } from '@telehealth/mock/lib/routes';
import { sessionFor } from '~test/render';
import { normaliseExpiry } from './expiry';
import type { SessionStore } from './session-store';
import { realmLocks } from './locks';
import { makeTab, MemoryStorage, privateChannel } from './test-support';
import { SEED_USERS } from '@telehealth/mock/seed/ids';

const MIN = 60_000;
const FAKE: Parameters<typeof vi.useFakeTimers>[0] = {
  toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'],
};

interface Seen {
  method: string;
  path: string;
  token: string | null;
  body: Promise<string>;
}

/** Every request the mock receives, in order, with the token it carried. */
function recordRequests(): Seen[] {
  const seen: Seen[] = [];
  const listener = ({ request }: { request: Request }) => {
    seen.push({
      method: request.method,
      path: new URL(request.url).pathname.replace(/^\/api_v3/, ''),
      token: request.headers.get('X-ApiToken'),
      body: request.clone().text(),
    });
  };
  server.events.on('request:start', listener);
  onTestFinished(() => {
    server.events.removeListener('request:start', listener);
  });
  return seen;
}

const refreshes = (seen: Seen[]) => seen.filter((r) => r.path === '/tokens/refresh');

const stores: SessionStore[] = [];
function tab(...args: Parameters<typeof makeTab>): SessionStore {
  const store = makeTab(...args);
  stores.push(store);
  return store;
}
afterEach(() => {
  for (const s of stores.splice(0)) s.dispose();
});

function driveHttp(store: SessionStore) {
  configureAuth(store);
}

describe('token expiry and refresh (A1–A6)', () => {
  it('A1: refreshes before the call when the token expires inside the grace window, without a visible error', async () => {
    setMockConfig({ accessTtlSeconds: 30 });
    const seen = recordRequests();
    const store = tab();
    store.signIn(sessionFor('demo-patient'));
    const firstToken = store.tokens!.accessToken;
    driveHttp(store);
    await expect(getMe()).resolves.toMatchObject({ id: SEED_USERS.patient });
    expect(refreshes(seen)).toHaveLength(1);
    expect(seen.find((r) => r.path === '/me')?.token).toBe(store.tokens!.accessToken);
    expect(store.tokens!.accessToken).not.toBe(firstToken);
    expect(db.tokens.get(firstToken)?.revoked).toBe(true);
  });

  it('A1: a client clock 5 minutes fast only refreshes early; 5 minutes slow is caught by the 401 and refreshed once', async () => {
    const seen = recordRequests();
    const fast = tab({ now: () => Date.now() + 5 * MIN });
    setMockConfig({ accessTtlSeconds: 4 * 60 });
    fast.signIn(sessionFor('demo-patient'));
    driveHttp(fast);
    await expect(getMe()).resolves.toMatchObject({ id: SEED_USERS.patient });
    expect(refreshes(seen)).toHaveLength(1);

    seen.length = 0;
    setMockConfig({ accessTtlSeconds: 3600 });
    const slow = tab({ now: () => Date.now() - 5 * MIN });
    slow.signIn(sessionFor('demo-patient'));
    // The server already considers the token expired; the slow client does not know.
    db.tokens.get(slow.tokens!.accessToken)!.expiry = Math.floor(Date.now() / 1000) - 1;
    driveHttp(slow);
    await expect(getMe()).resolves.toMatchObject({ id: SEED_USERS.patient });
    expect(refreshes(seen)).toHaveLength(1);
    expect(seen.filter((r) => r.path === '/me')).toHaveLength(2);
    expect(slow.getState().status).toBe('active');
  });

  it('A1: reads expiry as seconds, milliseconds or ISO text; anything unreadable means "refresh when refused", never "forever"', () => {
    expect(normaliseExpiry(1_900_000_000)).toBe(1_900_000_000);
    expect(normaliseExpiry(1_900_000_000_123)).toBe(1_900_000_000);
    expect(normaliseExpiry('1900000000')).toBe(1_900_000_000);
    expect(normaliseExpiry('2030-03-17T10:00:00Z')).toBe(Date.parse('2030-03-17T10:00:00Z') / 1000);
    for (const bad of ['soon', '', null, undefined, {}, -5, Number.NaN, Number.POSITIVE_INFINITY]) {
      expect(normaliseExpiry(bad)).toBeNull();
    }
  });

  it('A1: with an unreadable expiry the first 401 triggers one refresh and the call succeeds', async () => {
    const seen = recordRequests();
    const result = sessionFor('demo-patient');
    const store = tab();
    store.signIn({ ...result, token: { ...result.token, expiry: 'not a date' } });
    expect(store.tokens!.accessExpiry).toBeNull();
    db.tokens.get(result.token.token)!.revoked = true;
    driveHttp(store);
    await expect(getMe()).resolves.toMatchObject({ id: SEED_USERS.patient });
    expect(refreshes(seen)).toHaveLength(1);
  });

  it('A2: a storm of parallel 401s makes exactly one refresh in every interleaving; each call is replayed once with the new token', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.integer({ min: 0, max: 8 }), { minLength: 6, maxLength: 6 }),
        fc.integer({ min: 0, max: 8 }),
        async (meDelays, refreshDelay) => {
          resetDb();
          let index = 0;
          server.use(
            http.get(api('/me'), async () => {
              await delay(meDelays[index++ % meDelays.length]);
            }),
            http.post(api('/tokens/refresh'), async () => {
              await delay(refreshDelay);
            }),
          );
          const seen = recordRequests();
          const store = tab();
          store.signIn(sessionFor('demo-patient'));
          const oldToken = store.tokens!.accessToken;
          db.tokens.get(oldToken)!.expiry = 0;
          let refreshedAt = -1;
          const unsubscribe = store.subscribe(() => {
            if (refreshedAt < 0 && store.tokens?.accessToken !== oldToken) refreshedAt = seen.length;
          });
          driveHttp(store);
          const results = await Promise.all(Array.from({ length: 6 }, () => getMe()));
          unsubscribe();
          expect(results.every((r) => r.id === SEED_USERS.patient)).toBe(true);
          expect(refreshes(seen)).toHaveLength(1);
          const calls = seen.filter((r) => r.path === '/me');
          // Each call went out once with the refused token and was replayed once with the new one.
          expect(calls.filter((r) => r.token === oldToken)).toHaveLength(6);
          expect(calls.filter((r) => r.token === store.tokens!.accessToken)).toHaveLength(6);
          expect(seen.slice(refreshedAt).some((r) => r.path === '/me' && r.token === oldToken)).toBe(false);
          expect(store.getState().status).toBe('active');
          server.resetHandlers();
          store.dispose();
        },
      ),
      { numRuns: 12 },
    );
  });

  it('A3: the second refresh presents the refresh token issued by the first, never a stale one', async () => {
    vi.useFakeTimers(FAKE);
    setMockConfig({ accessTtlSeconds: 120 });
    const seen = recordRequests();
    const store = tab();
    store.signIn(sessionFor('demo-patient'));
    const firstRt = store.tokens!.refreshToken;
    driveHttp(store);
    vi.advanceTimersByTime(70_000);
    await getMe();
    const secondRt = store.tokens!.refreshToken;
    expect(secondRt).not.toBe(firstRt);
    vi.advanceTimersByTime(10 * MIN);
    await getMe();
    const bodies = await Promise.all(refreshes(seen).map((r) => r.body));
    expect(bodies.map((b) => new URLSearchParams(b).get('refresh_token'))).toEqual([firstRt, secondRt]);
    expect(store.getState().status).toBe('active');
    expect(db.tokens.get(firstRt)?.spent).toBe(true);
    expect(db.tokens.get(secondRt)?.spent).toBe(true);
  });

  it('A4: a refresh whose answer was lost is retried once; the retry is reuse, the family is ended and the screen asks to sign in again', async () => {
    const seen = recordRequests();
    const store = tab();
    store.signIn(sessionFor('demo-patient'));
    const family = db.tokens.get(store.tokens!.accessToken)!.family;
    db.tokens.get(store.tokens!.accessToken)!.expiry = 0;
    server.use(
      http.post(
        api('/tokens/refresh'),
        async ({ request }) => {
          // The server rotates (runs the real handler), then the connection dies.
          const { userHandlers } = await import('@telehealth/mock/handlers/users');
          const { getResponse } = await import('msw');
          await getResponse(userHandlers, request);
          return HttpResponse.error();
        },
        { once: true },
      ),
    );
    driveHttp(store);
    await expect(getMe()).rejects.toMatchObject({ kind: 'session' });
    expect(refreshes(seen)).toHaveLength(2);
    expect(store.getState().status).toBe('expired');
    expect([...db.tokens.values()].filter((t) => t.family === family).every((t) => t.revoked)).toBe(true);
    // No loop: another call fails at once, without a request.
    const before = seen.length;
    await expect(getMe()).rejects.toMatchObject({ kind: 'session' });
    expect(seen.length).toBe(before);
  });

  it.each([
    ['{error, message}', { error: 'invalid_grant', message: 'Refresh token expired' }],
    ['{code: 404} (the user-area quirk)', { code: 404, message: 'Not found' }],
  ])(
    'A5: a refused refresh (%s) is not retried; every waiting call settles as session-ended and tokens are dropped',
    async (_label, body) => {
      const seen = recordRequests();
      const storage = new MemoryStorage();
      const store = tab({ storage });
      store.signIn(sessionFor('demo-patient'));
      db.tokens.get(store.tokens!.accessToken)!.expiry = 0;
      server.use(http.post(api('/tokens/refresh'), () => HttpResponse.json(body, { status: 401 })));
      driveHttp(store);
      const settled = await Promise.allSettled([getMe(), getMe(), getMe()]);
      expect(
        settled.every((s) => s.status === 'rejected' && (s.reason as { kind: string }).kind === 'session'),
      ).toBe(true);
      expect(refreshes(seen)).toHaveLength(1);
      expect(store.getState().status).toBe('expired');
      expect(store.tokens!.accessToken).toBe('');
      expect(storage.getItem('telehealth.session')).toBeNull();
    },
  );

  it('A6: still 401 after a successful refresh: one refresh, each call retried once, then the session-ended prompt', async () => {
    const seen = recordRequests();
    const store = tab();
    store.signIn(sessionFor('demo-patient'));
    server.use(
      http.get(api('/me'), () => HttpResponse.json({ code: 401, message: 'Invalid token' }, { status: 401 })),
    );
    driveHttp(store);
    const n = 3;
    const settled = await Promise.allSettled(Array.from({ length: n }, () => getMe()));
    expect(settled.every((s) => s.status === 'rejected')).toBe(true);
    expect(refreshes(seen)).toHaveLength(1);
    expect(seen.length).toBeLessThanOrEqual(2 * n + 1);
    expect(store.getState().status).toBe('expired');
  });
});

describe('sign-out (A8, A9, A11)', () => {
  it('A8: logout sends both tokens, the server revokes them, and the browser keeps nothing of the session', async () => {
    const seen = recordRequests();
    const storage = new MemoryStorage();
    const store = tab({ storage });
    store.signIn(sessionFor('demo-patient'));
    storage.setItem('telehealth.user.draft.v1', 'a draft');
    storage.setItem('unrelated', 'kept');
    store.setAdminToken('demo-admin-token');
    const { accessToken, refreshToken } = store.tokens!;
    const hook = vi.fn();
    store.onSignOut(hook);

    await expect(store.signOut()).resolves.toEqual({ serverConfirmed: true });
    const logoutCall = seen.find((r) => r.path === '/users/logout')!;
    expect(logoutCall.token).toBe(accessToken);
    expect(new URLSearchParams(await logoutCall.body).get('tokens')?.split(',')).toEqual([
      accessToken,
      refreshToken,
    ]);
    expect(db.tokens.get(accessToken)?.revoked).toBe(true);
    expect(db.tokens.get(refreshToken)?.revoked).toBe(true);
    expect(storage.keys()).toEqual(['unrelated']);
    expect(store.getAdminToken()).toBeNull();
    expect(hook).toHaveBeenCalledWith('signed-out');

    // A replay of the old access token is refused.
    const replay = await fetch('http://localhost/api_v3/me', { headers: { 'X-ApiToken': accessToken } });
    expect(replay.status).toBe(401);
  });

  it.each([
    ['the network is down', () => HttpResponse.error()],
    ['the server fails', () => HttpResponse.json({ code: 500, message: 'boom' }, { status: 500 })],
  ])(
    'A9: when %s, the browser is still wiped and the caller learns the server did not confirm',
    async (_label, answer) => {
      server.use(http.post(api('/users/logout'), answer));
      const storage = new MemoryStorage();
      const store = tab({ storage });
      store.signIn(sessionFor('demo-patient'));
      await expect(store.signOut()).resolves.toEqual({ serverConfirmed: false });
      expect(store.getState()).toEqual({ status: 'signed-out', reason: 'signed-out' });
      expect(storage.length).toBe(0);
    },
  );
});

describe('sign-out after the access token expired (D3)', () => {
  it('D3: a manual sign-out an hour after the last request refreshes first, so the refresh token is destroyed', async () => {
    const seen = recordRequests();
    const store = tab({ settings: { idleTimeoutMs: 24 * 60 * MIN } });
    store.signIn(sessionFor('demo-patient'));
    const { accessToken, refreshToken } = store.tokens!;
    // An hour passes on the server only: this client's clock still thinks the token is fresh.
    advanceMockClock(61 * MIN);
    await expect(store.signOut()).resolves.toEqual({ serverConfirmed: true });
    expect(db.tokens.get(accessToken)?.revoked).toBe(true);
    // The refresh token was spent on the way, and the pair it gave was destroyed.
    expect(db.tokens.get(refreshToken)?.spent).toBe(true);
    const family = db.tokens.get(refreshToken)!.family;
    const alive = [...db.tokens.values()].filter((t) => t.family === family && !t.revoked && !t.spent);
    expect(alive).toEqual([]);
    expect(refreshes(seen)).toHaveLength(1);
  });

  it('D3: when the client already knows the access token expired, it refreshes before the logout', async () => {
    vi.useFakeTimers(FAKE);
    setMockConfig({ accessTtlSeconds: 5 * 60 });
    const seen = recordRequests();
    const store = tab({ settings: { idleTimeoutMs: 24 * 60 * MIN } });
    store.signIn(sessionFor('demo-patient'));
    const { refreshToken } = store.tokens!;
    vi.setSystemTime(Date.now() + 10 * MIN);
    await expect(store.signOut()).resolves.toEqual({ serverConfirmed: true });
    expect(seen.map((r) => r.path)).toEqual(['/tokens/refresh', '/users/logout']);
    const family = db.tokens.get(refreshToken)!.family;
    expect([...db.tokens.values()].filter((t) => t.family === family && !t.revoked && !t.spent)).toEqual([]);
  });

  it('D3: an idle sign-out the server could not confirm is reported, and the browser is wiped anyway', async () => {
    vi.useFakeTimers(FAKE);
    server.use(http.post(api('/users/logout'), () => HttpResponse.error()));
    const storage = new MemoryStorage();
    const store = tab({ storage, watchIdle: true });
    store.signIn(sessionFor('demo-patient'));
    vi.advanceTimersByTime(15 * MIN);
    expect(store.getState()).toEqual({ status: 'signed-out', reason: 'idle' });
    expect(storage.length).toBe(0);
    await vi.waitFor(() =>
      expect(store.getSignOutOutcome()).toEqual({ reason: 'idle', server: 'unconfirmed' }),
    );
  });
});

describe('inactivity and the absolute cap (A12–A15)', () => {
  it('A12: warns 2 minutes before, input in the warning keeps the session, silence signs out at 15 minutes', async () => {
    vi.useFakeTimers(FAKE);
    const seen = recordRequests();
    const store = tab({ watchIdle: true });
    store.signIn(sessionFor('demo-patient'));
    const { accessToken } = store.tokens!;
    vi.advanceTimersByTime(13 * MIN - 1000);
    expect(store.getIdleState().phase).toBe('active');
    vi.advanceTimersByTime(1000);
    expect(store.getIdleState()).toEqual({
      phase: 'warning',
      cause: 'idle',
      deadline: store.getLastActivity() + 15 * MIN,
    });
    store.recordActivity();
    expect(store.getIdleState().phase).toBe('active');

    const ended = new Promise<string>((resolve) => store.onSignOut(resolve));
    vi.advanceTimersByTime(15 * MIN);
    await expect(ended).resolves.toBe('idle');
    await vi.waitFor(() => expect(db.tokens.get(accessToken)?.revoked).toBe(true));
    expect(seen.map((r) => r.path)).toEqual(['/users/logout']);
  });

  it('A13: activity in another tab keeps this one signed in for as long as it lasts', async () => {
    vi.useFakeTimers(FAKE);
    const channelName = privateChannel();
    const a = tab({ channelName, watchIdle: true });
    const b = tab({ channelName, watchIdle: true });
    a.signIn(sessionFor('demo-patient'));
    b.signIn(sessionFor('demo-patient'));
    for (let minute = 0; minute < 30; minute += 1) {
      vi.advanceTimersByTime(MIN);
      a.recordActivity();
      // BroadcastChannel delivers on a later turn of the event loop.
      await vi.waitFor(() => expect(b.getLastActivity()).toBe(a.getLastActivity()));
    }
    expect(b.getState().status).toBe('active');
    expect(b.getIdleState().phase).toBe('active');
  });

  it('A13: after a 2-hour sleep the first request finds the session over and sends nothing with the stale token', async () => {
    vi.useFakeTimers(FAKE);
    const seen = recordRequests();
    const store = tab({ watchIdle: true });
    store.signIn(sessionFor('demo-patient'));
    const { accessToken, refreshToken } = store.tokens!;
    driveHttp(store);
    // Sleep: the clock jumps, no timer ran in between.
    vi.setSystemTime(Date.now() + 2 * 60 * MIN);
    await expect(getMe()).rejects.toMatchObject({ kind: 'session' });
    expect(store.getState()).toEqual({ status: 'signed-out', reason: 'idle' });
    // Nothing but the sign-out reached the server with the stale token ...
    expect(seen.filter((r) => r.path !== '/users/logout' && r.path !== '/tokens/refresh')).toEqual([]);
    expect(seen.filter((r) => r.token === accessToken).map((r) => r.path)).toEqual([]);
    // ... and the sign-out worked: the access token had expired on the server too (faked Date is
    // the mock's clock here), so the refresh token had to be spent first; every token is dead.
    await vi.waitFor(() =>
      expect(store.getSignOutOutcome()).toEqual({ reason: 'idle', server: 'confirmed' }),
    );
    const family = db.tokens.get(refreshToken)!.family;
    const live = [...db.tokens.values()].filter((t) => t.family === family && !t.revoked && !t.spent);
    expect(live).toEqual([]);
  });

  it('A13: a reload after a long sleep does not revive the session', () => {
    vi.useFakeTimers(FAKE);
    const storage = new MemoryStorage();
    const first = tab({ storage });
    first.signIn(sessionFor('demo-patient'));
    first.dispose();
    vi.setSystemTime(Date.now() + 60 * MIN);
    const reloaded = tab({ storage });
    expect(reloaded.getState()).toEqual({ status: 'signed-out', reason: 'idle' });
    expect(storage.getItem('telehealth.session')).toBeNull();
  });

  it('A14: polling and token refreshes do not count as activity', async () => {
    vi.useFakeTimers(FAKE);
    setMockConfig({ accessTtlSeconds: 5 * 60 });
    const seen = recordRequests();
    const store = tab({ watchIdle: true });
    store.signIn(sessionFor('demo-patient'));
    driveHttp(store);
    const ended = new Promise<string>((resolve) => store.onSignOut(resolve));
    const poll = setInterval(() => void getMe().catch(() => undefined), 10_000);
    onTestFinished(() => clearInterval(poll));
    for (let i = 0; i < 15 * 6; i += 1) {
      await vi.advanceTimersByTimeAsync(10_000);
    }
    await expect(ended).resolves.toBe('idle');
    expect(refreshes(seen).length).toBeGreaterThan(0);
    const afterEnd = seen.length;
    await vi.advanceTimersByTimeAsync(10 * MIN);
    // Polls after the end fail locally: nothing reaches the server.
    expect(seen.slice(afterEnd).filter((r) => r.path !== '/users/logout')).toEqual([]);
  });

  it('A15: 12 hours after sign-in the session ends without trying to refresh, whatever the activity', async () => {
    vi.useFakeTimers(FAKE);
    const seen = recordRequests();
    const store = tab({ watchIdle: true });
    store.signIn(sessionFor('demo-patient'));
    const family = db.tokens.get(store.tokens!.accessToken)!.family;
    driveHttp(store);
    const ended = new Promise<string>((resolve) => store.onSignOut(resolve));
    for (let hour = 0; hour < 12; hour += 1) {
      for (let step = 0; step < 6; step += 1) {
        vi.advanceTimersByTime(10 * MIN);
        store.recordActivity();
      }
    }
    await expect(ended).resolves.toBe('max-age');
    const atEnd = seen.length;
    await expect(getMe()).rejects.toMatchObject({ kind: 'session' });
    // Only the sign-out itself talked to the server (its refresh is refused at the cap, which
    // ends the family); no request tried to keep the session going.
    expect(seen.slice(atEnd)).toEqual([]);
    await vi.waitFor(() => expect(store.getSignOutOutcome()?.server).toBe('confirmed'));
    expect(seen.map((r) => r.path).filter((p) => p !== '/tokens/refresh' && p !== '/users/logout')).toEqual(
      [],
    );
    expect([...db.tokens.values()].filter((t) => t.family === family && !t.revoked)).toEqual([]);
  });

  it('A15: the server refuses a refresh 12 hours after the SSO landing; the client stops there without a loop', async () => {
    const seen = recordRequests();
    const store = tab({ settings: { maxSessionMs: 24 * 60 * MIN } });
    store.signIn(sessionFor('demo-patient'));
    const family = db.tokens.get(store.tokens!.accessToken)!.family;
    db.families.get(family)!.startedAt -= 12 * 3600;
    db.tokens.get(store.tokens!.accessToken)!.expiry = 0;
    driveHttp(store);
    await expect(getMe()).rejects.toMatchObject({ kind: 'session' });
    await expect(getMe()).rejects.toMatchObject({ kind: 'session' });
    expect(refreshes(seen)).toHaveLength(1);
    expect(store.getState().status).toBe('expired');
  });
});

describe('tabs: one token family per browser (H55–H57, D2)', () => {
  it('A11: signing out in one tab ends every tab, and the family they share is destroyed on the server', async () => {
    const channelName = privateChannel();
    const a = tab({ channelName });
    a.signIn(sessionFor('demo-patient'));
    const b = tab({ channelName, peerWaitMs: 200 });
    await b.ready();
    expect(b.tokens).toEqual(a.tokens);
    const { accessToken, refreshToken } = a.tokens!;
    const bEnded = new Promise<string>((resolve) => b.onSignOut(resolve));
    await expect(a.signOut()).resolves.toEqual({ serverConfirmed: true });
    await expect(bEnded).resolves.toBe('other-tab');
    expect(b.getState().status).toBe('signed-out');
    expect(db.tokens.get(accessToken)?.revoked).toBe(true);
    expect(db.tokens.get(refreshToken)?.revoked).toBe(true);
  });

  it('H55: a different person signing in in another tab ends this tab and revokes its tokens', async () => {
    const channelName = privateChannel();
    const a = tab({ channelName });
    const b = tab({ channelName });
    a.signIn(sessionFor('demo-patient'));
    const aTokens = a.tokens!;
    const ended = new Promise<string>((resolve) => a.onSignOut(resolve));
    b.signIn(sessionFor('demo-patient-2'));
    await expect(ended).resolves.toBe('identity-changed');
    expect(a.tokens).toBeNull();
    expect(b.getState().status).toBe('active');
    await vi.waitFor(() => expect(db.tokens.get(aTokens.accessToken)?.revoked).toBe(true));
    expect(db.tokens.get(aTokens.refreshToken)?.revoked).toBe(true);
  });

  it('H57: a new tab joins the family of the open tabs: the same pair, nothing minted, no request', async () => {
    const channelName = privateChannel();
    const live = tab({ channelName });
    live.signIn(sessionFor('demo-patient'));
    const familiesBefore = db.families.size;
    const seen = recordRequests();
    const fresh = tab({ channelName, peerWaitMs: 200 });
    await fresh.ready();
    expect(fresh.getState()).toEqual({ status: 'active', tokens: live.tokens });
    expect(fresh.getLastActivity()).toBe(live.getLastActivity());
    expect(seen).toEqual([]);
    expect(db.families.size).toBe(familiesBefore);
  });

  it('H57: with no open tab the new tab settles signed out within the wait', async () => {
    const fresh = tab({ channelName: privateChannel(), peerWaitMs: 50 });
    await fresh.ready();
    expect(fresh.getState().status).toBe('signed-out');
  });

  it('H57: a new tab waits for a tab that holds the session but answers late (it is still loading), and joins it', async () => {
    const channelName = privateChannel();
    // The tab holding the session: its holder lock, and its answer 300 ms after the question.
    const live = tab();
    live.signIn(sessionFor('demo-patient'));
    onTestFinished(realmLocks.hold!(`${channelName}.holder`));
    const slow = new BroadcastChannel(channelName);
    const answers: ReturnType<typeof setTimeout>[] = [];
    onTestFinished(() => {
      answers.forEach(clearTimeout);
      slow.close();
    });
    slow.onmessage = ({ data }: MessageEvent<{ type: string; id: string }>) => {
      if (data.type !== 'pair-request') return;
      answers.push(
        setTimeout(() => {
          slow.postMessage({
            type: 'pair-offer',
            id: data.id,
            tokens: live.tokens,
            lastActivity: Date.now(),
          });
        }, 300),
      );
    };
    const hurried = tab({ channelName, peerWaitMs: 50, askOnStart: true });
    const patient = tab({ channelName, peerWaitMs: 50, peerPresentWaitMs: 3_000 });
    await Promise.all([hurried.ready(), patient.ready()]);
    // Only the short wait gives up before the answer; the holder lock makes the tab wait for it.
    expect(hurried.getState().status).toBe('signed-out');
    expect(patient.getState()).toEqual({ status: 'active', tokens: live.tokens });
  });

  it('H57: when no tab holds a session, a new tab does not wait at all', async () => {
    vi.useFakeTimers(FAKE);
    const fresh = tab({ channelName: privateChannel(), peerWaitMs: 10_000, peerPresentWaitMs: 10_000 });
    // No timer is advanced: the browser said nobody holds a pair, so the tab settles at once.
    await fresh.ready();
    expect(fresh.getState().status).toBe('signed-out');
  });

  it('a tab that holds tokens sends its first request at once, without asking the other tabs', async () => {
    vi.useFakeTimers(FAKE);
    const storage = new MemoryStorage();
    const before = tab({ storage });
    before.signIn(sessionFor('demo-patient'));
    before.dispose();
    // A long wait for other tabs would show here: no timer is advanced, yet the token is there.
    const reloaded = tab({ storage, channelName: privateChannel(), peerWaitMs: 10_000 });
    await expect(reloaded.getAccessToken()).resolves.toBe(before.tokens!.accessToken);
  });

  it('Web Locks: two tabs meeting an expired token at once rotate the family once, and both get the new pair', async () => {
    const channelName = privateChannel();
    const seen = recordRequests();
    const a = tab({ channelName, peerWaitMs: 30 });
    a.signIn(sessionFor('demo-patient'));
    const b = tab({ channelName, peerWaitMs: 30 });
    await b.ready();
    const old = a.tokens!;
    db.tokens.get(old.accessToken)!.expiry = 0;
    const [fromA, fromB] = await Promise.all([
      a.refreshAfterUnauthorized(old.accessToken),
      b.refreshAfterUnauthorized(old.accessToken),
    ]);
    expect(refreshes(seen)).toHaveLength(1);
    expect(fromA).toBe(fromB);
    expect(a.tokens).toEqual(b.tokens);
    expect(a.tokens!.rotation).toBe(1);
    expect(db.tokens.get(old.refreshToken)?.spent).toBe(true);
    // No reuse was detected: the new pair is alive.
    expect(db.tokens.get(a.tokens!.refreshToken)).toMatchObject({ revoked: false });
  });

  it('H56: a duplicated (or reloaded) tab keeps the shared pair; a rotation in one reaches the other, so neither presents a spent token', async () => {
    const channelName = privateChannel();
    const storage = new MemoryStorage();
    const original = tab({ channelName, storage });
    original.signIn(sessionFor('demo-patient'));
    const duplicate = tab({ channelName, storage: storage.copy(), peerWaitMs: 50 });
    await duplicate.ready();
    expect(duplicate.tokens).toEqual(original.tokens);

    db.tokens.get(original.tokens!.accessToken)!.expiry = 0;
    driveHttp(original);
    await expect(getMe()).resolves.toMatchObject({ id: SEED_USERS.patient });
    await vi.waitFor(() => expect(duplicate.tokens).toEqual(original.tokens));
    driveHttp(duplicate);
    await expect(getMe()).resolves.toMatchObject({ id: SEED_USERS.patient });
    expect(original.getState().status).toBe('active');
    expect(duplicate.getState().status).toBe('active');
  });

  it('an ended screen comes back when the same person signs in again in another tab', async () => {
    const channelName = privateChannel();
    const stale = tab({ channelName });
    stale.signIn(sessionFor('demo-patient'));
    stale.expire();
    const restored = vi.fn();
    stale.onRestored(restored);
    const other = tab({ channelName });
    other.signIn(sessionFor('demo-patient'));
    await vi.waitFor(() => expect(stale.getState().status).toBe('active'));
    expect(restored).toHaveBeenCalledTimes(1);
    expect(stale.tokens!.accessToken).toBe(other.tokens!.accessToken);
  });

  it('an ended screen continues from a tab holding a newer pair, once', async () => {
    const channelName = privateChannel();
    const stale = tab({ channelName });
    stale.signIn(sessionFor('demo-patient'));
    const live = tab({ channelName, peerWaitMs: 200 });
    await live.ready();
    // The live tab rotates; its announcement never reaches the stale tab (it was frozen, say).
    const original = BroadcastChannel.prototype.postMessage;
    const posted = vi.spyOn(BroadcastChannel.prototype, 'postMessage');
    posted.mockImplementation(function (this: BroadcastChannel, message: unknown) {
      if ((message as { type?: string }).type !== 'rotated') original.call(this, message);
    });
    await live.refreshAfterUnauthorized(live.tokens!.accessToken);
    expect(stale.tokens!.rotation).toBe(0);
    posted.mockClear();
    posted.mockImplementation(function (this: BroadcastChannel, message: unknown) {
      original.call(this, message);
    });
    const pairRequests = () =>
      posted.mock.calls.filter(([message]) => (message as { type?: string }).type === 'pair-request');
    stale.expire();
    expect(pairRequests()).toHaveLength(1);
    await vi.waitFor(() => expect(stale.getState().status).toBe('active'));
    expect(stale.tokens).toEqual(live.tokens);
    // A second refusal right away is not resumed again: no loop against a server that keeps refusing.
    stale.expire();
    expect(pairRequests()).toHaveLength(1);
    expect(stale.getState().status).toBe('expired');
  });

  it('a sign-out from a tab whose pair was refused still destroys the newer pair another tab holds', async () => {
    const channelName = privateChannel();
    const stale = tab({ channelName });
    stale.signIn(sessionFor('demo-patient'));
    const live = tab({ channelName, peerWaitMs: 200 });
    await live.ready();
    const original = BroadcastChannel.prototype.postMessage;
    const posted = vi.spyOn(BroadcastChannel.prototype, 'postMessage');
    posted.mockImplementation(function (this: BroadcastChannel, message: unknown) {
      const type = (message as { type?: string }).type;
      // The stale tab misses the rotation, and nobody answers its request for a newer pair.
      if (type !== 'rotated' && type !== 'pair-request') original.call(this, message);
    });
    await live.refreshAfterUnauthorized(live.tokens!.accessToken);
    stale.expire();
    posted.mockRestore();
    const newer = live.tokens!;
    const ended = new Promise<string>((resolve) => live.onSignOut(resolve));
    await stale.signOut();
    await expect(ended).resolves.toBe('other-tab');
    await vi.waitFor(() => expect(db.tokens.get(newer.refreshToken)?.revoked).toBe(true));
    expect(db.tokens.get(newer.accessToken)?.revoked).toBe(true);
  });

  it('B17: a new sign-in over an open session ends the old one on the server', async () => {
    const store = tab();
    store.signIn(sessionFor('demo-patient'));
    const old = store.tokens!;
    store.signIn(sessionFor('demo-patient'));
    await vi.waitFor(() => expect(db.tokens.get(old.refreshToken)?.revoked).toBe(true));
    expect(db.tokens.get(old.accessToken)?.revoked).toBe(true);
    expect(store.getState().status).toBe('active');
  });

  it('D2: a page restored from the back-forward cache after its session was wiped drops what it held', async () => {
    const storage = new MemoryStorage();
    const store = tab({ storage });
    store.signIn(sessionFor('demo-patient'));
    storage.clear();
    await expect(store.onPageShow(true)).resolves.toBe('signed-out');
    expect(store.getState()).toEqual({ status: 'signed-out', reason: 'other-tab' });
  });

  it('D2: a tab that was not running when another signed out finds out before showing anything', async () => {
    const channelName = privateChannel();
    const storage = new MemoryStorage();
    const live = tab({ channelName });
    live.signIn(sessionFor('demo-patient'));
    // The other tab was in the back/forward cache (or closed): it heard nothing, kept its storage.
    const frozen = tab({
      storage,
      channelName: null,
      verify: () => getMe(),
    });
    storage.setItem('telehealth.session', JSON.stringify(live.tokens));
    const restoredCopy = tab({ storage, channelName: null, verify: () => getMe(), restoredBoot: true });
    frozen.dispose();
    await live.signOut();
    driveHttp(restoredCopy);
    await restoredCopy.ready();
    expect(restoredCopy.getState()).toEqual({ status: 'signed-out', reason: 'other-tab' });
    expect(storage.getItem('telehealth.session')).toBeNull();
  });

  it('D2: a page restored from the cache after a sign-out elsewhere is signed out by its check', async () => {
    const channelName = privateChannel();
    const live = tab({ channelName });
    live.signIn(sessionFor('demo-patient'));
    const storage = new MemoryStorage();
    storage.setItem('telehealth.session', JSON.stringify(live.tokens));
    const frozen = tab({ storage, channelName: null, verify: () => getMe() });
    await live.signOut();
    expect(frozen.getState().status).toBe('active');
    driveHttp(frozen);
    await expect(frozen.onPageShow(true)).resolves.toBe('signed-out');
    expect(frozen.getState()).toEqual({ status: 'signed-out', reason: 'other-tab' });
  });

  it('storage: a stored session that does not parse is dropped, and the tab starts signed out', () => {
    const storage = new MemoryStorage();
    storage.setItem('telehealth.session', JSON.stringify({ userId: SEED_USERS.patient, accessToken: 42 }));
    const store = tab({ storage });
    expect(store.getState().status).toBe('signed-out');
    expect(storage.getItem('telehealth.session')).toBeNull();
  });
});

describe('the clinic admin token across a reload of the tab', () => {
  it('comes back with the session in the same tab, accepted as before', () => {
    const storage = new MemoryStorage();
    const first = tab({ storage });
    first.signIn(sessionFor('demo-provider'));
    first.setAdminToken('demo-admin-token');
    first.onAdminTokenAccepted('demo-admin-token');
    first.dispose();

    const reloaded = tab({ storage });
    expect(reloaded.getAdminToken()).toBe('demo-admin-token');
    expect(reloaded.hasAcceptedAdminToken()).toBe(true);
  });

  it('is not handed to another user of the same tab, nor kept without a session', () => {
    const storage = new MemoryStorage();
    const first = tab({ storage });
    first.signIn(sessionFor('demo-provider'));
    first.setAdminToken('demo-admin-token');
    const kept = storage.getItem('telehealth.session.admin');
    first.dispose();

    // The stored pair is another user's (the same tab signed in again elsewhere).
    const other = tab({ storage: new MemoryStorage() });
    other.signIn(sessionFor('demo-nurse'));
    const otherStorage = new MemoryStorage();
    otherStorage.setItem('telehealth.session', JSON.stringify(other.tokens));
    otherStorage.setItem('telehealth.session.admin', kept!);
    expect(tab({ storage: otherStorage }).getAdminToken()).toBeNull();
    expect(otherStorage.getItem('telehealth.session.admin')).toBeNull();

    // No session to restore: the token is dropped.
    const orphan = new MemoryStorage();
    orphan.setItem('telehealth.session.admin', kept!);
    expect(tab({ storage: orphan, askOnStart: false }).getAdminToken()).toBeNull();
    expect(orphan.getItem('telehealth.session.admin')).toBeNull();
  });

  it('is forgotten in storage when refused or forgotten, and wiped at sign-out', async () => {
    const storage = new MemoryStorage();
    const store = tab({ storage });
    store.signIn(sessionFor('demo-provider'));
    store.setAdminToken('wrong-token-1234');
    store.onAdminTokenRefused('wrong-token-1234');
    expect(storage.getItem('telehealth.session.admin')).toBeNull();
    store.setAdminToken('demo-admin-token');
    store.setAdminToken(null);
    expect(storage.getItem('telehealth.session.admin')).toBeNull();
    store.setAdminToken('demo-admin-token');
    expect(storage.getItem('telehealth.session.admin')).toContain('demo-admin-token');
    await store.signOut();
    expect(storage.getItem('telehealth.session.admin')).toBeNull();
    expect(tab({ storage, askOnStart: false }).getAdminToken()).toBeNull();
  });
});
