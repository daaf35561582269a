// @vitest-environment jsdom
import { onlineManager, QueryObserver } from '@tanstack/react-query';
import { http as mswHttp, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { server } from '@telehealth/mock/node';
import { apiJson, configureAuth } from '@telehealth/client/http';
import { createQueryClient } from './query-client';

const URL_ = 'http://localhost:3000/api_v3/probe';
const read = () => apiJson({ path: '/probe', auth: 'account', schema: z.unknown() });

afterEach(() => {
  vi.restoreAllMocks();
  onlineManager.setOnline(true);
  configureAuth(null);
});

describe('connection state: request outcomes, not the browser flag (cases 52, 54)', () => {
  it('a spurious offline event while the network works pauses nothing', async () => {
    const client = createQueryClient();
    client.mount();
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    window.dispatchEvent(new Event('offline'));
    server.use(mswHttp.get(URL_, () => HttpResponse.json({ data: { ok: true } })));
    expect(onlineManager.isOnline()).toBe(true);
    await expect(client.fetchQuery({ queryKey: ['probe'], queryFn: read })).resolves.toEqual({ ok: true });
    client.unmount();
  });

  it('a request that fails while the browser is offline pauses reads until the connection returns', async () => {
    const client = createQueryClient();
    client.setDefaultOptions({ queries: { ...client.getDefaultOptions().queries, retryDelay: 1 } });
    const onLine = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    let calls = 0;
    server.use(
      mswHttp.get(URL_, () => {
        calls += 1;
        return calls === 1 ? HttpResponse.error() : HttpResponse.json({ data: { ok: calls } });
      }),
    );
    // As a screen's query does: a mounted client, its own retry rule, an observer.
    client.mount();
    const observer = new QueryObserver(client, { queryKey: ['probe'], queryFn: read });
    const unsubscribe = observer.subscribe(() => undefined);
    await vi.waitFor(() => expect(onlineManager.isOnline()).toBe(false));
    await vi.waitFor(() => expect(observer.getCurrentResult().fetchStatus).toBe('paused'));
    expect(observer.getCurrentResult().status).toBe('pending');
    expect(calls).toBe(1);
    onLine.mockReturnValue(true);
    window.dispatchEvent(new Event('online'));
    expect(onlineManager.isOnline()).toBe(true);
    await vi.waitFor(() => expect(observer.getCurrentResult().data).toEqual({ ok: 2 }));
    expect(onlineManager.isOnline()).toBe(true);
    unsubscribe();
    client.unmount();
  });

  it('a failure while the browser says online is an error to show, not a pause', async () => {
    const client = createQueryClient();
    client.setDefaultOptions({ queries: { ...client.getDefaultOptions().queries, retryDelay: 1 } });
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(true);
    server.use(mswHttp.get(URL_, () => HttpResponse.error()));
    await expect(client.fetchQuery({ queryKey: ['probe'], queryFn: read })).rejects.toMatchObject({
      kind: 'network',
    });
    expect(onlineManager.isOnline()).toBe(true);
  });
});
