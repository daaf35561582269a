import { describe, expect, it } from 'vitest';
import { issuePair } from '../lib/auth.ts';
import { SEED_USERS } from '../seed/ids.ts';

const API = 'http://mock.test/api_v3';
const KEYS = ['constructor', '__proto__', 'toString', 'hasOwnProperty'];

function headers(token: string): Record<string, string> {
  return { 'X-ApiToken': token, 'X-AccountCode': 'demo', 'X-ApiKey': 'demo-api-key' };
}

/** Paths and queries whose words the mock looks up by name. */
const LOOKUPS: [string, (key: string) => string, number][] = [
  ['GET /insurances/list/{list}', (key) => `${API}/insurances/list/${key}`, 404],
  ['GET /settings/{key}', (key) => `${API}/settings/${key}`, 404],
  ['GET /rooms/{code}', (key) => `${API}/rooms/${key}`, 404],
  ['GET /accounts/{code}', (key) => `${API}/accounts/${key}`, 404],
  ['GET /surveys/{code}/responses', (key) => `http://mock.test/survey/surveys/${key}/responses`, 400],
  ['GET /users/{id}', (key) => `${API}/users/${key}`, 404],
  ['GET /files/{id}', (key) => `${API}/files/${key}`, 404],
  ['GET /visits/{id}', (key) => `${API}/visits/${key}`, 404],
  ['GET /endpoints/{id}', (key) => `${API}/endpoints/${key}`, 404],
  ['GET /billing/sources?room_code=', (key) => `${API}/billing/sources?room_code=${key}`, 400],
];

describe('names that are also Object.prototype keys (S12)', () => {
  it.each(
    LOOKUPS.flatMap(([label, url, status]) => KEYS.map((key) => [label, key, url(key), status] as const)),
  )('%s with %s answers as an unknown name, never 500', async (_, __, url, status) => {
    const response = await fetch(url, { headers: headers(issuePair(SEED_USERS.patient).access.token) });
    expect(response.status).toBe(status);
    expect(await response.json()).toHaveProperty('message');
  });
});
