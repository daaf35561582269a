import { http, HttpResponse } from 'msw';
import { onTestFinished } from 'vitest';
import { db } from '@telehealth/mock/db';
import { api } from '@telehealth/mock/lib/routes';
import { server } from '@telehealth/mock/node';

/**
 * Answers the account record as a spec server does, without `portal_extensions`, so the portal
 * sees no extension offered. Everything else still comes from the mock.
 */
export function serveWithoutExtensions(): void {
  server.use(
    http.get(api('/accounts/:code'), ({ request, params }) => {
      const raw = String(params.code);
      const code = raw === '-' ? (request.headers.get('X-AccountCode') ?? 'demo') : raw;
      const account = db.accounts.get(code);
      if (!account) return HttpResponse.json({ code: 404, message: 'Account not found' }, { status: 404 });
      const { portal_extensions: _dropped, ...specAccount } = account as Record<string, unknown>;
      return HttpResponse.json({ data: specAccount });
    }),
  );
}

/**
 * Counts requests matching `method` and a path ending, to check that a gated control sent none.
 * Only looks; the mock still answers them.
 */
export function countRequests(method: string, pathEnd: RegExp): { readonly count: number } {
  const seen = { count: 0 };
  const listener = ({ request }: { request: Request }) => {
    if (request.method === method && pathEnd.test(new URL(request.url).pathname)) seen.count += 1;
  };
  server.events.on('request:start', listener);
  onTestFinished(() => {
    server.events.removeListener('request:start', listener);
  });
  return seen;
}
