import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, onTestFinished } from 'vitest';
import { configureAuth } from '@telehealth/client/http';
import { getMe } from '@telehealth/client/users/requests';
import { RefreshResultSchema, SsoResultSchema } from '@telehealth/client/users/schemas';
import { db } from '@telehealth/mock/db';
import { issuePair, setMockConfig } from '@telehealth/mock/lib/auth';
import { server } from '@telehealth/mock/node';
import { api } from '@telehealth/mock/lib/routes';
import { sessionFor } from '~test/render';
import type { SessionStore } from './session-store';
import { makeTab } from './test-support';
import { SEED_USERS } from '@telehealth/mock/seed/ids';

/*
 * Sessions on the spec's own terms (spec 2.2, 4.1): a refresh answered without a refresh token,
 * and a session with no refresh token at all (the SSO token as the access token).
 */

const MIN = 60_000;

const stores: SessionStore[] = [];
function tab(...args: Parameters<typeof makeTab>): SessionStore {
  const store = makeTab(...args);
  stores.push(store);
  return store;
}
afterEach(() => {
  for (const s of stores.splice(0)) s.dispose();
  configureAuth(null);
});

/** The paths the mock is asked for, in order. */
function recordPaths(): string[] {
  const paths: string[] = [];
  const listener = ({ request }: { request: Request }) =>
    paths.push(new URL(request.url).pathname.replace(/^\/api_v3/, ''));
  server.events.on('request:start', listener);
  onTestFinished(() => {
    server.events.removeListener('request:start', listener);
  });
  return paths;
}

/** Spec 2.2's refresh answer exactly: user_id, user_type, token, expiry, user; no refresh token. */
function answerRefreshWithBareShape(expiry: (seconds: number) => unknown) {
  const issued: string[] = [];
  server.use(
    http.post(api('/tokens/refresh'), () => {
      const pair = issuePair(SEED_USERS.patient);
      pair.access.expiry += 3600;
      issued.push(pair.access.token);
      return HttpResponse.json({
        data: {
          user_id: SEED_USERS.patient,
          user_type: '200',
          token: pair.access.token,
          expiry: expiry(pair.access.expiry),
          user: {
            id: SEED_USERS.patient,
            code: 'demo-patient',
            username: 'casey',
            first_name: 'Casey',
            last_name: 'Morgan',
            email: 'casey@example.com',
            dob: '1990-01-01',
            gender: 'female',
          },
        },
      });
    }),
  );
  return issued;
}

/** A sign-in as a spec `/auth` landing gives it: the SSO token, no refresh token. */
function ssoOnly(expiry: unknown = null) {
  const result = sessionFor('demo-patient');
  return {
    ...result,
    token: { ...result.token, expiry: expiry as number | null, refresh_token: { token: '', expiry: null } },
  };
}

describe('token schemas on the spec’s terms', () => {
  it('accept the refresh answer of spec 2.2, with no refresh_token', () => {
    const parsed = RefreshResultSchema.parse({
      user_id: SEED_USERS.patient,
      user_type: '200',
      token: 'at_new',
      expiry: 1_900_000_000,
      user: { id: SEED_USERS.patient, code: 'demo-patient', gender: 'female' },
    });
    expect(parsed.token).toBe('at_new');
    expect(parsed.refresh_token.token).toBe('');
  });

  it.each([
    ['seconds', 1_900_000_000],
    ['milliseconds', 1_900_000_000_000],
    ['ISO text', '2030-03-17T17:46:40Z'],
  ])('accept a token expiry in %s', (_label, expiry) => {
    expect(() =>
      RefreshResultSchema.parse({ user_id: 'u', token: 't', expiry, refresh_token: { token: 'r', expiry } }),
    ).not.toThrow();
    expect(() =>
      SsoResultSchema.parse({
        id: 'u',
        token: { user_id: 'u', token: 't', expiry, refresh_token: { token: 'r', expiry, created: expiry } },
      }),
    ).not.toThrow();
  });
});

describe('a refresh answered without a new refresh token', () => {
  it.each([
    ['milliseconds', (s: number) => s * 1000],
    ['ISO text', (s: number) => new Date(s * 1000).toISOString()],
    ['seconds as text', (s: number) => String(s)],
  ])(
    'keeps the session working on the new access token (expiry in %s), never presenting the spent refresh token',
    async (_label, expiry) => {
      setMockConfig({ accessTtlSeconds: 30 });
      const issued = answerRefreshWithBareShape(expiry);
      const paths = recordPaths();
      const store = tab();
      store.signIn(sessionFor('demo-patient'));
      configureAuth(store);

      await expect(getMe()).resolves.toMatchObject({ id: SEED_USERS.patient });
      expect(issued).toHaveLength(1);
      expect(store.tokens).toMatchObject({ accessToken: issued[0], refreshToken: '', refreshExpiry: null });
      expect(store.tokens!.accessExpiry).toBe(db.tokens.get(issued[0]!)!.expiry);
      expect(store.getState().status).toBe('active');

      // Later calls use it as it is: no second refresh with a token the server spent.
      await expect(getMe()).resolves.toMatchObject({ id: SEED_USERS.patient });
      expect(paths.filter((p) => p === '/tokens/refresh')).toHaveLength(1);
    },
  );
});

describe('a session without a refresh token', () => {
  it('warns before the access token’s expiry, then ends behind the prompt (not a sign-out), never asking to refresh', async () => {
    const paths = recordPaths();
    let now = Date.now();
    const store = tab({ now: () => now });
    const expiry = Math.floor(now / 1000) + 10 * 60;
    store.signIn(ssoOnly(new Date(expiry * 1000).toISOString()));
    expect(store.tokens).toMatchObject({ refreshToken: '', accessExpiry: expiry });
    configureAuth(store);

    now += 4 * MIN;
    expect(store.enforceLimits()).toBe(false);
    expect(store.getIdleState()).toEqual({ phase: 'active' });

    // Five minutes before: the warning, with the token's expiry as its deadline.
    now += MIN + 1000;
    store.recordActivity();
    expect(store.enforceLimits()).toBe(false);
    expect(store.getIdleState()).toEqual({ phase: 'warning', cause: 'expiry', deadline: expiry * 1000 });
    // The token still serves as it is: nothing to refresh it with.
    await expect(store.getAccessToken()).resolves.toBe(store.tokens!.accessToken);

    // Closing the warning keeps the page usable; it does not come back for the same deadline.
    store.dismissExpiryWarning();
    expect(store.getIdleState()).toEqual({ phase: 'active' });
    now += MIN;
    expect(store.enforceLimits()).toBe(false);
    expect(store.getIdleState()).toEqual({ phase: 'active' });

    now = expiry * 1000;
    expect(store.enforceLimits()).toBe(true);
    expect(store.getState()).toMatchObject({
      status: 'expired',
      cause: 'token-expired',
      wayBack: 'clinic-site',
    });
    await expect(getMe()).rejects.toMatchObject({ kind: 'session' });
    expect(paths).not.toContain('/tokens/refresh');
  });

  it('a 401 ends it behind the prompt with the way back through the clinic’s site, without a refresh', async () => {
    const paths = recordPaths();
    const store = tab();
    store.signIn(ssoOnly());
    expect(store.tokens!.accessExpiry).toBeNull();
    configureAuth(store);
    await expect(getMe()).resolves.toMatchObject({ id: SEED_USERS.patient });
    db.tokens.get(store.tokens!.accessToken)!.revoked = true;
    await expect(getMe()).rejects.toMatchObject({ kind: 'session' });
    expect(store.getState()).toMatchObject({ status: 'expired', cause: 'refused', wayBack: 'clinic-site' });
    expect(paths).not.toContain('/tokens/refresh');
  });

  it('sign-out destroys the access token alone; an expired one counts as destroyed', async () => {
    const paths = recordPaths();
    const store = tab();
    const signedIn = store.signIn(ssoOnly());
    await expect(store.signOut()).resolves.toEqual({ serverConfirmed: true });
    expect(db.tokens.get(signedIn.accessToken)?.revoked).toBe(true);
    expect(paths).toEqual(['/users/logout']);

    const later = tab();
    later.signIn(ssoOnly(Math.floor(Date.now() / 1000) - 1));
    paths.length = 0;
    await expect(later.signOut()).resolves.toEqual({ serverConfirmed: true });
    expect(paths).toEqual([]);
  });
});
