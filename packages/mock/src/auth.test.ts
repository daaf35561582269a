import { describe, expect, it } from 'vitest';
import { configureAuth } from '@telehealth/client/http';
import {
  createSsoUser,
  exchangeSsoToken,
  getMe,
  logout,
  refreshTokens,
} from '@telehealth/client/users/requests';
import { db } from './db.ts';
import { DEV_CREDENTIALS, requireAdmin, setMockConfig } from './lib/auth.ts';

const member = { first_name: 'Dana', last_name: 'Test', type: 200 as const, code: 'auth-test-1' };

function useToken(token: string) {
  configureAuth({
    getAccessToken: () => Promise.resolve(token),
    refreshAfterUnauthorized: () => Promise.reject(new Error('no refresh in this test')),
    onSessionRejected: () => undefined,
    getAdminToken: () => null,
  });
}

describe('the mock enforces the auth schemes', () => {
  it('refuses SSO without the API secret, or with a wrong one', async () => {
    await expect(createSsoUser(member, '')).rejects.toMatchObject({ status: 401 });
    await expect(createSsoUser(member, 'wrong')).rejects.toMatchObject({ status: 401 });
    expect([...db.users.values()].some((u) => u.code === member.code)).toBe(false);
  });

  it('refuses a user token on an ADMIN endpoint with 403, and accepts the admin token', async () => {
    const sso = await createSsoUser(member, DEV_CREDENTIALS.apiSecret);
    const asUser = new Request('http://x/api_v3/users', {
      headers: { 'X-ApiToken': sso.token.token, 'X-AccountCode': 'demo' },
    });
    expect(() => requireAdmin(asUser)).toThrow();
    try {
      requireAdmin(asUser);
    } catch (response) {
      expect((response as Response).status).toBe(403);
    }
    const asNobody = new Request('http://x/api_v3/users', {
      headers: { 'X-ApiToken': 'bogus', 'X-AccountCode': 'demo' },
    });
    expect(() => requireAdmin(asNobody)).toThrow();
    const asAdmin = new Request('http://x/api_v3/users', {
      headers: { 'X-ApiToken': DEV_CREDENTIALS.adminToken, 'X-AccountCode': 'demo' },
    });
    expect(requireAdmin(asAdmin)).toEqual({ accountCode: 'demo' });
  });
});

describe('SSO, refresh and logout behave like the real service', () => {
  it('returns the same user for the same code, with a fresh token pair each time', async () => {
    const first = await createSsoUser(member, DEV_CREDENTIALS.apiSecret);
    const second = await createSsoUser({ ...member, first_name: 'Renamed' }, DEV_CREDENTIALS.apiSecret);
    expect(second.id).toBe(first.id);
    expect(second.token.token).not.toBe(first.token.token);
    expect([...db.users.values()].filter((u) => u.code === member.code)).toHaveLength(1);
  });

  it('rotates the pair on refresh; presenting the spent refresh token again ends the whole family', async () => {
    const sso = await createSsoUser(member, DEV_CREDENTIALS.apiSecret);
    const rotated = await refreshTokens(sso.token.refresh_token.token);
    expect(rotated.token).not.toBe(sso.token.token);
    expect(rotated.refresh_token.token).not.toBe(sso.token.refresh_token.token);
    useToken(rotated.token);
    await expect(getMe()).resolves.toMatchObject({ id: sso.id });

    await expect(refreshTokens(sso.token.refresh_token.token)).rejects.toMatchObject({ status: 401 });
    expect(db.tokens.get(rotated.token)?.revoked).toBe(true);
    expect(db.tokens.get(rotated.refresh_token.token)?.revoked).toBe(true);
  });

  it('refuses refresh past the absolute session lifetime', async () => {
    setMockConfig({ sessionMaxSeconds: 0 });
    const sso = await createSsoUser(member, DEV_CREDENTIALS.apiSecret);
    await expect(refreshTokens(sso.token.refresh_token.token)).rejects.toMatchObject({ status: 401 });
  });

  it('destroys exactly the tokens logout is given', async () => {
    const sso = await createSsoUser(member, DEV_CREDENTIALS.apiSecret);
    await expect(logout(sso.token.token, [sso.token.token, sso.token.refresh_token.token])).resolves.toBe(
      true,
    );
    expect(db.tokens.get(sso.token.token)?.revoked).toBe(true);
    expect(db.tokens.get(sso.token.refresh_token.token)?.revoked).toBe(true);
    // The user-area quirk: a 401 whose body carries code 404.
    const replay = await fetch('http://localhost:3000/api_v3/me', {
      headers: { 'X-ApiToken': sso.token.token },
    });
    expect(replay.status).toBe(401);
    await expect(replay.json()).resolves.toMatchObject({ code: 404 });
    await expect(refreshTokens(sso.token.refresh_token.token)).rejects.toMatchObject({ status: 401 });
  });

  it('exchanges a one-time SSO token once; a replay signs nobody in', async () => {
    const sso = await createSsoUser(member, DEV_CREDENTIALS.apiSecret);
    const session = await exchangeSsoToken(sso.token.token, true);
    expect(session.id).toBe(sso.id);
    expect(session.token.token).not.toBe(sso.token.token);
    await expect(exchangeSsoToken(sso.token.token, true)).rejects.toMatchObject({ status: 401, code: 404 });
  });
});
