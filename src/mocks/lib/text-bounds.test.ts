import { describe, expect, it } from 'vitest';
import { db } from '@/mocks/db';
import { issuePair } from '@/mocks/lib/auth';

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
  const token = issuePair('usr_patient').access.token;
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
