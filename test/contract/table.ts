import { SEED_VISITS } from '@telehealth/mock/seed/ids';
/**
 * One table of requests, run against every host of the mock (msw/node in Vitest, the standalone
 * server over real HTTP, the browser worker in Chromium). The hosts must answer identically.
 * Pure data plus a runner that takes a `fetch`, so it runs in Node and inside a page.
 */
export interface ContractRow {
  name: string;
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  path: string;
  headers?: Record<string, string>;
  /** A form body (urlencoded) or multipart fields. */
  form?: Record<string, string>;
  multipart?: Record<string, string>;
  json?: unknown;
  /** Use the token issued by the table's own SSO row. */
  withSsoToken?: boolean;
  status: number;
}

const KEY = { 'X-ApiKey': 'demo-api-key', 'X-AccountCode': 'demo' };
const KEYSECRET = { ...KEY, 'X-ApiSecret': 'demo-api-secret' };

export const CONTRACT_TABLE: ContractRow[] = [
  { name: 'account, no auth', method: 'GET', path: '/api_v3/accounts/demo', status: 200 },
  {
    name: 'account, current',
    method: 'GET',
    path: '/api_v3/accounts/-',
    headers: { 'X-AccountCode': 'demo' },
    status: 200,
  },
  { name: 'unknown account', method: 'GET', path: '/api_v3/accounts/nope', status: 404 },
  {
    name: 'sso without key or secret',
    method: 'POST',
    path: '/api_v3/users/sso',
    multipart: { first_name: 'A', last_name: 'B', type: '200', code: 'c1' },
    status: 401,
  },
  {
    name: 'sso with a wrong secret',
    method: 'POST',
    path: '/api_v3/users/sso',
    headers: { ...KEY, 'X-ApiSecret': 'nope' },
    multipart: { first_name: 'A', last_name: 'B', type: '200', code: 'c1' },
    status: 401,
  },
  {
    name: 'sso missing first_name',
    method: 'POST',
    path: '/api_v3/users/sso',
    headers: KEYSECRET,
    multipart: { last_name: 'B', type: '200', code: 'c1' },
    status: 400,
  },
  {
    name: 'sso member without code',
    method: 'POST',
    path: '/api_v3/users/sso',
    headers: KEYSECRET,
    multipart: { first_name: 'A', last_name: 'B', type: '200' },
    status: 400,
  },
  {
    name: 'sso creates a member',
    method: 'POST',
    path: '/api_v3/users/sso',
    headers: KEYSECRET,
    multipart: { first_name: 'Table', last_name: 'Row', type: '200', code: 'contract-1' },
    status: 200,
  },
  { name: 'me with the sso token', method: 'GET', path: '/api_v3/me', withSsoToken: true, status: 200 },
  { name: 'me without a token', method: 'GET', path: '/api_v3/me', status: 401 },
  {
    name: 'me with a bogus token',
    method: 'GET',
    path: '/api_v3/me',
    headers: { 'X-ApiToken': 'bogus' },
    status: 401,
  },
  {
    name: 'settings with the sso token',
    method: 'GET',
    path: '/api_v3/settings',
    withSsoToken: true,
    headers: { 'X-AccountCode': 'demo' },
    status: 200,
  },
  {
    name: 'one setting by path',
    method: 'GET',
    path: '/api_v3/settings/visit/time/max_wait_time',
    withSsoToken: true,
    headers: { 'X-AccountCode': 'demo' },
    status: 200,
  },
  {
    name: 'admin endpoint with a user token',
    method: 'GET',
    path: '/api_v3/users',
    withSsoToken: true,
    headers: { 'X-AccountCode': 'demo' },
    status: 403,
  },
  {
    name: 'refresh without account header',
    method: 'POST',
    path: '/api_v3/tokens/refresh',
    form: { refresh_token: 'x' },
    status: 400,
  },
  {
    name: 'refresh with a bogus token',
    method: 'POST',
    path: '/api_v3/tokens/refresh',
    headers: { 'X-AccountCode': 'demo' },
    form: { refresh_token: 'bogus' },
    status: 401,
  },
  {
    name: 'auth exchange without a token',
    method: 'GET',
    path: '/api_v3/auth',
    headers: { Accept: 'application/json' },
    status: 400,
  },
  {
    name: 'auth exchange with a bogus token',
    method: 'GET',
    path: '/api_v3/auth?sso_token=bogus',
    headers: { Accept: 'application/json' },
    status: 401,
  },
  {
    name: 'messages without a token',
    method: 'GET',
    path: `/messaging/api/visits/${SEED_VISITS.econsultOpen}/messages`,
    status: 400,
  },
  { name: 'unknown route', method: 'GET', path: '/api_v3/no/such/route', status: 404 },
];

export interface ContractResult {
  name: string;
  status: number;
  body: unknown;
}

/**
 * Runs the rows in order against `base`. Self-contained (no outside references) so Playwright
 * can ship it into a page as it is: `page.evaluate(runContractTable, { rows, base })`.
 */
export async function runContractTable(
  { rows, base }: { rows: ContractRow[]; base: string },
  doFetch: typeof fetch = fetch,
): Promise<ContractResult[]> {
  // Values that differ between runs by nature (random tokens, clock readings) are replaced.
  const normalise = (value: unknown, key: string): unknown => {
    if (Array.isArray(value)) return value.map((v) => normalise(v, ''));
    if (value && typeof value === 'object') {
      return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, normalise(v, k)]));
    }
    if (typeof value === 'string' && /^(at|rt)_/.test(value)) return '<token>';
    if (
      typeof value === 'number' &&
      value > 1e9 &&
      /created|expiry|modified|time|start|end|login|mtime/.test(key)
    )
      return '<time>';
    return value;
  };
  const results: ContractResult[] = [];
  let ssoToken = '';
  for (const row of rows) {
    const headers: Record<string, string> = { ...row.headers };
    if (row.withSsoToken) headers['X-ApiToken'] = ssoToken;
    let body: BodyInit | undefined;
    if (row.form) {
      body = new URLSearchParams(row.form).toString();
      headers['Content-Type'] = 'application/x-www-form-urlencoded';
    } else if (row.multipart) {
      const fd = new FormData();
      for (const [k, v] of Object.entries(row.multipart)) fd.set(k, v);
      body = fd;
    } else if (row.json !== undefined) {
      body = JSON.stringify(row.json);
      headers['Content-Type'] = 'application/json';
    }
    const response = await doFetch(`${base}${row.path}`, { method: row.method, headers, body });
    const text = await response.text();
    let parsed: unknown = text;
    try {
      parsed = JSON.parse(text);
    } catch {
      // keep the text
    }
    if (row.name === 'sso creates a member' && parsed && typeof parsed === 'object') {
      ssoToken = (parsed as { data: { token: { token: string } } }).data.token.token;
    }
    results.push({ name: row.name, status: response.status, body: normalise(parsed, '') });
  }
  return results;
}
