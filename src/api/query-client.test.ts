import { onlineManager } from '@tanstack/react-query';
import { http as mswHttp, HttpResponse } from 'msw';
import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { server } from '@telehealth/mock/node';
import { apiJson, configureAuth } from '@telehealth/client/http';
import { createQueryClient } from './query-client';

const URL_ = 'http://localhost:3000/api_v3/probe';

function countingHandler(status: number) {
  const calls = { n: 0 };
  server.use(
    mswHttp.all(URL_, () => {
      calls.n += 1;
      return HttpResponse.json({ code: status, message: 'x' }, { status });
    }),
  );
  return calls;
}

const read = () => apiJson({ path: '/probe', auth: 'account', schema: z.unknown() });

afterEach(() => {
  onlineManager.setOnline(true);
  configureAuth(null);
});

describe('the query client', () => {
  it('retries a read that failed with 5xx, up to three more times', async () => {
    const client = createQueryClient();
    client.setDefaultOptions({ queries: { ...client.getDefaultOptions().queries, retryDelay: 1 } });
    const calls = countingHandler(503);
    await expect(client.fetchQuery({ queryKey: ['probe'], queryFn: read })).rejects.toMatchObject({
      status: 503,
    });
    expect(calls.n).toBe(4);
  });

  it('never retries a 4xx read', async () => {
    const client = createQueryClient();
    const calls = countingHandler(404);
    await expect(client.fetchQuery({ queryKey: ['probe'], queryFn: read })).rejects.toMatchObject({
      status: 404,
    });
    expect(calls.n).toBe(1);
  });

  it('never retries a write on its own, even after a 5xx', async () => {
    const client = createQueryClient();
    const calls = countingHandler(500);
    const mutation = client.getMutationCache().build(client, {
      mutationFn: () => apiJson({ method: 'POST', path: '/probe', auth: 'account', schema: z.unknown() }),
    });
    await expect(mutation.execute(undefined)).rejects.toMatchObject({ status: 500 });
    expect(calls.n).toBe(1);
  });

  it('reports each failure once to the session hook', async () => {
    const seen: unknown[] = [];
    const client = createQueryClient({ onError: (e) => seen.push(e.status) });
    countingHandler(403);
    await client.fetchQuery({ queryKey: ['probe'], queryFn: read }).catch(() => undefined);
    expect(seen).toEqual([403]);
  });
});
