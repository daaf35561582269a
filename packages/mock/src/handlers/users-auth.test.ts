import { describe, expect, it } from 'vitest';
import { db } from '../db.ts';
import { issuePair } from '../lib/auth.ts';
import { SEED_USERS } from '../seed/ids.ts';

const API = 'http://mock.test/api_v3';

describe('POST /users/logout tokens=… (D10)', () => {
  it('revokes the caller own listed tokens and leaves another user tokens alive', async () => {
    const mine = issuePair(SEED_USERS.patient);
    const otherTab = issuePair(SEED_USERS.patient);
    const victim = issuePair(SEED_USERS.patient2);
    const response = await fetch(`${API}/users/logout`, {
      method: 'POST',
      headers: { 'X-ApiToken': mine.access.token, 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        tokens: [otherTab.refresh.token, victim.access.token, victim.refresh.token].join(','),
      }),
    });
    expect(response.status).toBe(200);
    expect(db.tokens.get(otherTab.refresh.token)?.revoked).toBe(true);
    expect(db.tokens.get(victim.access.token)?.revoked).toBe(false);
    expect(db.tokens.get(victim.refresh.token)?.revoked).toBe(false);
  });

  it('a token revokes itself', async () => {
    const pair = issuePair(SEED_USERS.patient);
    const response = await fetch(`${API}/users/logout`, {
      method: 'POST',
      headers: { 'X-ApiToken': pair.access.token, 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ tokens: pair.access.token }),
    });
    expect(response.status).toBe(200);
    expect(db.tokens.get(pair.access.token)?.revoked).toBe(true);
  });
});

describe('POST /users/reset_password (D11)', () => {
  const reset = (headers: Record<string, string>, body: unknown) =>
    fetch(`${API}/users/reset_password`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', ...headers },
      body: JSON.stringify(body),
    });

  it('checks the clinic before anything else', async () => {
    expect((await reset({}, { email: 'a@example.test' })).status).toBe(400);
    expect((await reset({ 'X-AccountCode': 'nope' }, { email: 'a@example.test' })).status).toBe(401);
  });

  it('answers 200 alike for a known and an unknown email', async () => {
    const known = db.users.get(SEED_USERS.patient)?.email as string;
    const a = await reset({ 'X-AccountCode': 'demo' }, { email: known });
    const b = await reset({ 'X-AccountCode': 'demo' }, { email: 'nobody@example.test' });
    expect(a.status).toBe(200);
    expect(b.status).toBe(200);
    expect(await a.json()).toEqual(await b.json());
  });

  it('refuses a missing or malformed email with 400', async () => {
    expect((await reset({ 'X-AccountCode': 'demo' }, {})).status).toBe(400);
    expect((await reset({ 'X-AccountCode': 'demo' }, { email: 'not an email' })).status).toBe(400);
  });
});
