import { getResponse, http, HttpResponse } from 'msw';
import { db, resetDb } from '../db.ts';
import { DEV_CREDENTIALS } from '../lib/auth.ts';
import { advanceMockClock, mockClockOffset, mockNow } from '../lib/clock.ts';
import { setFaults, faults, type Fault } from '../lib/faults.ts';
import { mockControl } from '../lib/routes.ts';
import { PERSONAS } from '../seed/index.ts';
import { ssoHandler } from './users.ts';

/**
 * Development-only controls of the mock at /__mock (never part of the spec): health, reset,
 * personas and their sign-in, and failures on demand.
 */
export const controlHandlers = [
  http.get(mockControl('/health'), () => HttpResponse.json({ ok: true })),

  http.post(mockControl('/reset'), () => {
    resetDb();
    setFaults([]);
    return HttpResponse.json({ ok: true });
  }),

  http.get(mockControl('/personas'), () =>
    HttpResponse.json({
      data: PERSONAS.map(({ key, label, role, description }) => ({ key, label, role, description })),
      // The admin area asks for this token; in mock mode the development page may fill it in.
      admin_token: DEV_CREDENTIALS.adminToken,
    }),
  ),

  /** Signs a persona in through the real SSO handler, with the development key and secret. */
  http.post(mockControl('/personas/:key/sign-in'), async ({ request, params }) => {
    const persona = PERSONAS.find((p) => p.key === params.key);
    if (!persona) return HttpResponse.json({ code: 404, message: 'Unknown persona' }, { status: 404 });
    const origin = new URL(request.url).origin;
    const form = new FormData();
    for (const [key, value] of Object.entries(persona.sso)) {
      if (value !== undefined) form.set(key, String(value));
    }
    const ssoRequest = new Request(`${origin}/api_v3/users/sso`, {
      method: 'POST',
      headers: {
        'X-ApiKey': DEV_CREDENTIALS.apiKey,
        'X-ApiSecret': DEV_CREDENTIALS.apiSecret,
        'X-AccountCode': DEV_CREDENTIALS.accountCode,
      },
      body: form,
    });
    const response = await getResponse([ssoHandler], ssoRequest);
    if (!response)
      return HttpResponse.json({ code: 500, message: 'SSO handler did not answer' }, { status: 500 });
    if (!response.ok) return response;
    const body = (await response.json()) as { data: { id: string; token: { token: string } } };
    // The development personas work in every seeded clinic (a portal built for demo-quick signs
    // them in too); each clinic still shows them only its own records.
    const user = db.users.get(body.data.id);
    if (user) user.clinics = [...new Set([...user.clinics, ...db.accounts.keys()])];
    return HttpResponse.json({ sso_token: body.data.token.token });
  }),

  /** The mock's clock: read it, or move it forward so tokens expire on the server (lib/clock.ts). */
  http.get(mockControl('/clock'), () =>
    HttpResponse.json({ data: { now: mockNow(), offset_ms: mockClockOffset() } }),
  ),
  http.post(mockControl('/clock'), async ({ request }) => {
    const body = (await request.json().catch(() => null)) as { advance_ms?: unknown } | null;
    const ms = body?.advance_ms;
    if (typeof ms !== 'number' || !Number.isFinite(ms) || ms < 0) {
      return HttpResponse.json({ code: 400, message: 'Send {"advance_ms": <ms ≥ 0>}' }, { status: 400 });
    }
    advanceMockClock(ms);
    return HttpResponse.json({ data: { now: mockNow(), offset_ms: mockClockOffset() } });
  }),

  /**
   * What the mock stored about the tokens listed (in the body, never the URL): tests check that a
   * sign-out really destroyed them. Unknown tokens answer null.
   */
  http.post(mockControl('/tokens'), async ({ request }) => {
    const body = (await request.json().catch(() => null)) as { tokens?: unknown } | null;
    const list = Array.isArray(body?.tokens)
      ? body.tokens.filter((t): t is string => typeof t === 'string')
      : [];
    const data = Object.fromEntries(
      list.map((token) => {
        const record = db.tokens.get(token);
        const nowS = Math.floor(mockNow() / 1000);
        const alive = (t: typeof record) =>
          Boolean(t && !t.revoked && !t.spent && !t.consumed && t.expiry > nowS);
        const live = alive(record);
        // Tokens of the same family still usable: a sign-out must leave none.
        const familyLive = record
          ? [...db.tokens.values()].filter((t) => t.family === record.family && alive(t)).length
          : 0;
        return [
          token,
          record
            ? {
                kind: record.kind,
                family: record.family,
                revoked: record.revoked,
                spent: Boolean(record.spent),
                expiry: record.expiry,
                live,
                family_live: familyLive,
              }
            : null,
        ];
      }),
    );
    return HttpResponse.json({ data });
  }),

  http.get(mockControl('/faults'), () => HttpResponse.json({ data: faults })),
  http.put(mockControl('/faults'), async ({ request }) => {
    let body: { data?: Fault[] } | null;
    try {
      body = (await request.json()) as { data?: Fault[] } | null;
    } catch {
      return HttpResponse.json(
        { code: 400, message: 'The body must be JSON: {"data": [fault]}' },
        { status: 400 },
      );
    }
    setFaults(Array.isArray(body?.data) ? body.data.filter((f) => f.path && f.mode) : []);
    return HttpResponse.json({ data: faults });
  }),

  /** Health measurements as stored, with the `X-ApiKey` each came with (browser tests read them). */
  http.get(mockControl('/measurements'), () => HttpResponse.json({ data: [...db.measurements.values()] })),

  /** Summary counts for tests and the development panel. */
  http.get(mockControl('/stats'), () =>
    HttpResponse.json({
      data: {
        users: db.users.size,
        intakes: db.intakes.size,
        visits: db.visits.size,
        messages: db.messages.size,
        files: db.files.size,
        charges: db.charges.size,
      },
    }),
  ),
];
