import { describe, expect, it } from 'vitest';
import { issuePair } from '../lib/auth.ts';
import { SEED_USERS } from '../seed/ids.ts';

const API = 'http://mock.test/api_v3';

async function landing(next: string) {
  const token = issuePair(SEED_USERS.patient).access.token;
  const url = `${API}/auth?sso_token=${token}&next=${encodeURIComponent(next)}`;
  return fetch(url, { redirect: 'manual' });
}

describe('GET /auth next= (D7)', () => {
  it.each([
    '/\\evil.example',
    '/\t/evil.example',
    '\\\\evil.example',
    '/\\/evil.example',
    'https://evil.example',
    '//evil.example',
    ' /x',
  ])('refuses %j, which a browser would resolve off-site, and lands on /', async (next) => {
    const response = await landing(next);
    expect(response.status).toBe(302);
    expect(response.headers.get('Location')).toBe('/');
  });

  it.each(['/.//evil.example', '/..//evil.example', '/%2e//evil.example', '/a/%2E%2E//evil.example'])(
    'decides on the normalised path: %j resolves to //evil.example and lands on / (S6)',
    async (next) => {
      const response = await landing(next);
      expect(response.status).toBe(302);
      expect(response.headers.get('Location')).toBe('/');
    },
  );

  it('sends the normalised path, not the raw text (S6)', async () => {
    const response = await landing('/a/./b/../visits?x=1#y');
    expect(response.headers.get('Location')).toBe('/a/visits?x=1#y');
  });

  it('keeps a path of the portal with its query', async () => {
    const response = await landing('/visits/v1?tab=files#top');
    expect(response.headers.get('Location')).toBe('/visits/v1?tab=files#top');
  });

  it.each(['/a\r\nSet-Cookie: x=1', '/a\nb'])(
    'answers 400, not 500, for line breaks in %j (D15)',
    async (next) => {
      const response = await landing(next);
      expect(response.status).toBe(400);
      expect(await response.json()).toMatchObject({ code: 400 });
    },
  );
});

describe('malformed input answers 400 in the spec shape (D15)', () => {
  it('a malformed percent-encoding in /settings/{key}', async () => {
    const token = issuePair(SEED_USERS.patient).access.token;
    const response = await fetch(`${API}/settings/visit%E0%A4%A`, {
      headers: { 'X-ApiToken': token, 'X-AccountCode': 'demo' },
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ code: 400 });
  });

  it('bad JSON to /__mock/faults', async () => {
    const response = await fetch('http://mock.test/__mock/faults', { method: 'PUT', body: '{nope' });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ code: 400 });
  });
});
