import fc from 'fast-check';
import { delay, http as mswHttp, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { server } from '@telehealth/mock/node';
import { ApiError } from '@telehealth/client/errors';
import {
  apiBlob,
  apiEmpty,
  apiJson,
  configureAuth,
  errorFromParts,
  type AuthScheme,
} from '@telehealth/client/http';
import { uploadMultipart } from '@telehealth/client/upload';

const ORIGIN = 'http://localhost:3000';

/** Answers every request under /api_v3/probe with the headers it received. */
function echoHeaders() {
  const seen: Record<string, string>[] = [];
  server.use(
    mswHttp.all(`${ORIGIN}/api_v3/probe`, ({ request }) => {
      const headers: Record<string, string> = {};
      request.headers.forEach((value, name) => {
        if (name.startsWith('x-')) headers[name] = value;
      });
      seen.push(headers);
      return HttpResponse.json({ data: true });
    }),
  );
  return seen;
}

function withTokens(access = 'user-access', admin: string | null = 'admin-token') {
  configureAuth({
    getAccessToken: () => Promise.resolve(access),
    refreshAfterUnauthorized: () => Promise.resolve('fresh-access'),
    onSessionRejected: () => undefined,
    getAdminToken: () => admin,
  });
}

describe('auth schemes send exactly the headers spec section 5 lists', () => {
  const cases: [AuthScheme, Record<string, string>][] = [
    ['none', {}],
    ['account', { 'x-accountcode': 'demo' }],
    ['user', { 'x-apitoken': 'user-access', 'x-accountcode': 'demo' }],
    ['user-token', { 'x-apitoken': 'user-access' }],
    ['user-key', { 'x-apitoken': 'user-access', 'x-apikey': 'demo-api-key', 'x-accountcode': 'demo' }],
    ['admin', { 'x-apitoken': 'admin-token', 'x-accountcode': 'demo' }],
    ['keysecret', { 'x-apikey': 'demo-api-key', 'x-apisecret': 'the-secret', 'x-accountcode': 'demo' }],
  ];
  it.each(cases)('%s', async (auth, expected) => {
    withTokens();
    const seen = echoHeaders();
    await apiJson({ path: '/probe', auth, schema: z.boolean(), apiSecret: 'the-secret' });
    expect(seen[0]).toEqual(expected);
  });

  it('fails a user call without a session as a session error, sending nothing', async () => {
    const seen = echoHeaders();
    await expect(apiJson({ path: '/probe', auth: 'user', schema: z.boolean() })).rejects.toMatchObject({
      kind: 'session',
    });
    expect(seen).toHaveLength(0);
  });

  it('never sends a user token where the admin token is required', async () => {
    withTokens('user-access', null);
    const seen = echoHeaders();
    await expect(apiJson({ path: '/probe', auth: 'admin', schema: z.boolean() })).rejects.toMatchObject({
      kind: 'http',
      status: 401,
    });
    expect(seen).toHaveLength(0);
  });

  it('reports a refused admin token without touching the user session', async () => {
    const refused: string[] = [];
    const rejected: boolean[] = [];
    configureAuth({
      getAccessToken: () => Promise.resolve('user-access'),
      refreshAfterUnauthorized: () => Promise.reject(new Error('no refresh for admin calls')),
      onSessionRejected: () => rejected.push(true),
      getAdminToken: () => 'stale-admin',
      onAdminTokenRefused: (token) => refused.push(token),
    });
    server.use(
      mswHttp.get(`${ORIGIN}/api_v3/probe`, () =>
        HttpResponse.json({ code: 403, message: 'no' }, { status: 403 }),
      ),
    );
    await expect(apiJson({ path: '/probe', auth: 'admin', schema: z.boolean() })).rejects.toMatchObject({
      kind: 'http',
      status: 403,
    });
    expect(refused).toEqual(['stale-admin']);
    expect(rejected).toEqual([]);
  });
});

describe('encodings', () => {
  it('sends query, JSON, form-urlencoded and multipart bodies', async () => {
    withTokens();
    const received: { query: string; type: string | null; body: string }[] = [];
    server.use(
      mswHttp.post(`${ORIGIN}/api_v3/probe`, async ({ request }) => {
        const url = new URL(request.url);
        const type = request.headers.get('content-type');
        const body = type?.startsWith('multipart/')
          ? [...(await request.formData()).entries()]
              .map(([k, v]) => `${k}=${typeof v === 'string' ? v : v.name}`)
              .join('&')
          : await request.text();
        received.push({ query: url.search, type, body });
        return HttpResponse.json({ data: true });
      }),
    );
    await apiJson({
      method: 'POST',
      path: '/probe',
      auth: 'user',
      query: { a: 1, b: ['x', 'y'], c: undefined, d: '' },
      body: { json: { k: 'v' } },
      schema: z.boolean(),
    });
    await apiJson({
      method: 'POST',
      path: '/probe',
      auth: 'user',
      body: { form: { tos: true, zip: '11201', skip: undefined } },
      schema: z.boolean(),
    });
    const form = new FormData();
    form.set('first_name', 'Casey');
    await apiJson({
      method: 'POST',
      path: '/probe',
      auth: 'user',
      body: { multipart: form },
      schema: z.boolean(),
    });
    expect(received[0]).toEqual({ query: '?a=1&b=x%2Cy', type: 'application/json', body: '{"k":"v"}' });
    expect(received[1]).toEqual({
      query: '',
      type: 'application/x-www-form-urlencoded',
      body: 'tos=1&zip=11201',
    });
    expect(received[2]?.type).toMatch(/^multipart\/form-data; boundary=/);
    expect(received[2]?.body).toBe('first_name=Casey');
  });
});

describe('envelopes and exceptions', () => {
  it('reads the payload under data, the whole body when told, 204 with no body, and bytes', async () => {
    withTokens();
    server.use(
      mswHttp.get(`${ORIGIN}/api_v3/wrapped`, () => HttpResponse.json({ data: { id: 7 }, total_count: 1 })),
      mswHttp.get(`${ORIGIN}/api_v3/bare`, () =>
        HttpResponse.json({ id: 501, path: { url: 'https://x', expiry: 1 } }),
      ),
      mswHttp.delete(`${ORIGIN}/api_v3/gone`, () => new HttpResponse(null, { status: 204 })),
      mswHttp.get(
        `${ORIGIN}/api_v3/bytes`,
        () =>
          new HttpResponse(new Uint8Array([1, 2, 3]), {
            headers: { 'Content-Type': 'application/octet-stream' },
          }),
      ),
    );
    await expect(
      apiJson({ path: '/wrapped', auth: 'user', schema: z.object({ id: z.number() }) }),
    ).resolves.toEqual({ id: 7 });
    await expect(
      apiJson({
        path: '/wrapped',
        auth: 'user',
        schema: z.object({ data: z.object({ id: z.number() }), total_count: z.number() }),
        envelope: 'none',
      }),
    ).resolves.toEqual({ data: { id: 7 }, total_count: 1 });
    await expect(
      apiJson({ path: '/bare', auth: 'user', schema: z.object({ id: z.number() }), envelope: 'none' }),
    ).resolves.toEqual({ id: 501 });
    await expect(apiEmpty({ method: 'DELETE', path: '/gone', auth: 'user' })).resolves.toBeUndefined();
    const blob = await apiBlob({ path: '/bytes', auth: 'user' });
    expect([...new Uint8Array(await blob.arrayBuffer())]).toEqual([1, 2, 3]);
  });

  it('takes the schema as a promise (loaded while the request is out); a schema that fails to load is a network error', async () => {
    withTokens();
    server.use(mswHttp.get(`${ORIGIN}/api_v3/wrapped`, () => HttpResponse.json({ data: { id: 7 } })));
    await expect(
      apiJson({ path: '/wrapped', auth: 'user', schema: Promise.resolve(z.object({ id: z.number() })) }),
    ).resolves.toEqual({ id: 7 });
    await expect(
      apiJson({ path: '/wrapped', auth: 'user', schema: Promise.resolve(z.object({ id: z.string() })) }),
    ).rejects.toMatchObject({ kind: 'contract', field: 'id' });
    const unloaded = Promise.reject<z.ZodType<{ id: number }>>(new TypeError('Failed to fetch module'));
    await expect(apiJson({ path: '/wrapped', auth: 'user', schema: unloaded })).rejects.toMatchObject({
      kind: 'network',
    });
  });
});

describe('errors are classified by status first, body second', () => {
  it('reads both error body shapes', async () => {
    withTokens();
    server.use(
      mswHttp.get(`${ORIGIN}/api_v3/code-shape`, () =>
        HttpResponse.json({ code: 409, message: 'Visit is closed for new messages' }, { status: 409 }),
      ),
      mswHttp.get(`${ORIGIN}/api_v3/error-shape`, () =>
        HttpResponse.json({ error: 'bad_request', message: 'room_code is required' }, { status: 400 }),
      ),
    );
    const closed = await apiJson({ path: '/code-shape', auth: 'user', schema: z.unknown() }).catch(
      (e: unknown) => e,
    );
    expect(closed).toMatchObject({
      kind: 'http',
      status: 409,
      code: 409,
      serverMessage: 'Visit is closed for new messages',
    });
    const bad = await apiJson({ path: '/error-shape', auth: 'user', schema: z.unknown() }).catch(
      (e: unknown) => e,
    );
    expect(bad).toMatchObject({
      kind: 'http',
      status: 400,
      code: 'bad_request',
      serverMessage: 'room_code is required',
    });
    // The server's words stay on the error for logs; a developer's sentence never reaches a patient.
    expect((bad as ApiError).userMessage).toBe(
      'The clinic could not accept this. Please check what you entered; if it keeps happening, contact the clinic.',
    );
  });

  it('treats a 401 whose body says code 404 as a 401: refresh once, then the session has ended', async () => {
    let rejected = 0;
    const tokens: string[] = [];
    configureAuth({
      getAccessToken: () => Promise.resolve('old'),
      refreshAfterUnauthorized: () => Promise.resolve('new'),
      onSessionRejected: () => {
        rejected += 1;
      },
      getAdminToken: () => null,
    });
    server.use(
      mswHttp.get(`${ORIGIN}/api_v3/me`, ({ request }) => {
        tokens.push(request.headers.get('X-ApiToken') ?? '');
        return HttpResponse.json(
          { code: 404, message: 'The page you requested is not available.' },
          { status: 401 },
        );
      }),
    );
    const error = await apiJson({ path: '/me', auth: 'user-token', schema: z.unknown() }).catch(
      (e: unknown) => e,
    );
    expect(error).toMatchObject({ kind: 'session', status: 401 });
    expect(tokens).toEqual(['old', 'new']);
    expect(rejected).toBe(1);
  });

  it('never shows raw server text for 5xx, nor markup-looking text for 4xx', () => {
    expect(
      errorFromParts(500, '{"code":500,"message":"SQLSTATE[42000] near SELECT"}', null).userMessage,
    ).not.toMatch(/SQL/);
    expect(
      errorFromParts(400, '{"code":400,"message":"<img src=x onerror=alert(1)>"}', null).userMessage,
    ).not.toMatch(/</);
    expect(errorFromParts(429, '', 'Wed, 21 Oct 2099 07:28:00 GMT').retryAfterSeconds).toBeGreaterThan(0);
    expect(errorFromParts(429, '', '120').retryAfterSeconds).toBe(120);
  });

  it('never throws anything but an ApiError, for any status and any body', () => {
    const bodies = fc.oneof(
      fc.string(),
      fc.constantFrom(
        '{"code":404,"message":"Not found"}',
        '{"error":"x","message":"y"}',
        '<html>proxy</html>',
        '',
        '[]',
        'null',
        '{"message":5}',
      ),
      fc.json(),
    );
    fc.assert(
      fc.property(
        fc.constantFrom(400, 401, 403, 404, 409, 413, 422, 429, 500, 502, 503),
        bodies,
        (status, body) => {
          const error = errorFromParts(status, body, null);
          expect(error).toBeInstanceOf(ApiError);
          expect(error.status).toBe(status);
          expect(error.kind).toBe('http');
          expect(typeof error.userMessage).toBe('string');
        },
      ),
    );
  });
});

describe('malformed success bodies become contract errors naming the field', () => {
  it.each([
    [
      'invalid JSON',
      () => new HttpResponse('{"data": {', { headers: { 'Content-Type': 'application/json' } }),
      '(body)',
    ],
    [
      'HTML with a JSON type',
      () => new HttpResponse('<html>oops</html>', { headers: { 'Content-Type': 'application/json' } }),
      '(body)',
    ],
    ['an empty 200', () => new HttpResponse('', { status: 200 }), '(body)'],
    ['no data envelope', () => HttpResponse.json({ id: 'x' }), 'data'],
    ['a required field missing', () => HttpResponse.json({ data: { name: 'x' } }), 'id'],
    [
      'a field of the wrong type',
      () => HttpResponse.json({ data: { id: 'x', visits: { count: 'many' } } }),
      'visits.count',
    ],
  ])('%s', async (_label, respond, field) => {
    withTokens();
    server.use(mswHttp.get(`${ORIGIN}/api_v3/thing`, respond));
    const schema = z.object({ id: z.string(), visits: z.object({ count: z.number() }).optional() });
    const error = await apiJson({ path: '/thing', auth: 'user', schema }).catch((e: unknown) => e);
    expect(error).toMatchObject({ kind: 'contract', field });
  });
});

describe('timeouts, abort and network failures', () => {
  it('gives up on a hanging request with a timeout error', async () => {
    withTokens();
    server.use(
      mswHttp.get(`${ORIGIN}/api_v3/slow`, async () => {
        await delay('infinite');
        return HttpResponse.json({ data: 1 });
      }),
    );
    await expect(
      apiJson({ path: '/slow', auth: 'user', schema: z.number(), timeoutMs: 50 }),
    ).rejects.toMatchObject({ kind: 'timeout' });
  });

  it('reports a cancelled request as aborted, and a dropped connection as network', async () => {
    withTokens();
    server.use(
      mswHttp.get(`${ORIGIN}/api_v3/slow`, async () => {
        await delay('infinite');
        return HttpResponse.json({ data: 1 });
      }),
      mswHttp.get(`${ORIGIN}/api_v3/dropped`, () => HttpResponse.error()),
    );
    const controller = new AbortController();
    const pending = apiJson({ path: '/slow', auth: 'user', schema: z.number(), signal: controller.signal });
    controller.abort();
    await expect(pending).rejects.toMatchObject({ kind: 'aborted' });
    await expect(apiJson({ path: '/dropped', auth: 'user', schema: z.number() })).rejects.toMatchObject({
      kind: 'network',
    });
  });
});

describe('uploads', () => {
  it('reports progress, sends multipart and returns the parsed payload', async () => {
    withTokens();
    let token: string | null = null;
    server.use(
      mswHttp.post(`${ORIGIN}/api_v3/files`, async ({ request }) => {
        token = request.headers.get('X-ApiToken');
        const form = await request.formData();
        const file = form.get('file');
        return HttpResponse.json({
          data: { id: 'file_1', size: typeof file === 'string' || !file ? -1 : file.size },
        });
      }),
    );
    const form = new FormData();
    form.set('file', new Blob([new Uint8Array(2048)]), 'scan.pdf');
    const progress: number[] = [];
    const result = await uploadMultipart({
      path: '/files',
      auth: 'user',
      form,
      schema: z.object({ id: z.string(), size: z.number() }),
      onProgress: (p) => progress.push(p.fraction),
    });
    expect(result).toEqual({ id: 'file_1', size: 2048 });
    expect(token).toBe('user-access');
    expect(progress.at(-1)).toBe(1);
  });

  it('cancels an upload', async () => {
    withTokens();
    server.use(
      mswHttp.post(`${ORIGIN}/api_v3/files`, async () => {
        await delay('infinite');
        return HttpResponse.json({ data: {} });
      }),
    );
    const controller = new AbortController();
    const form = new FormData();
    form.set('file', new Blob(['x']), 'a.txt');
    const pending = uploadMultipart({
      path: '/files',
      auth: 'user',
      form,
      schema: z.unknown(),
      signal: controller.signal,
    });
    controller.abort();
    await expect(pending).rejects.toMatchObject({ kind: 'aborted' });
  });
});
