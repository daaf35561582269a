import { describe, expect, it } from 'vitest';
import { navigationFallback, notificationTarget } from './policy';

const ORIGIN = 'https://portal.example.test';
const page = (body: string, status = 200) => new Response(body, { status });

describe('navigationFallback', () => {
  it('passes the network answer through, error statuses included', async () => {
    const offline = () => Promise.resolve(page('offline'));
    expect(await (await navigationFallback(() => Promise.resolve(page('app')), offline)).text()).toBe('app');
    const notFound = await navigationFallback(() => Promise.resolve(page('missing', 404)), offline);
    expect(notFound.status).toBe(404);
  });

  it('answers with the offline page when the network fails', async () => {
    const answer = await navigationFallback(
      () => Promise.reject(new TypeError('Failed to fetch')),
      () => Promise.resolve(page('offline')),
    );
    expect(await answer.text()).toBe('offline');
  });

  it('fails as the network did when the offline page is missing', async () => {
    await expect(
      navigationFallback(
        () => Promise.reject(new TypeError('Failed to fetch')),
        () => Promise.resolve(undefined),
      ),
    ).rejects.toThrow('Failed to fetch');
  });
});

describe('notificationTarget', () => {
  it('opens a path of the portal', () => {
    expect(notificationTarget({ url: '/patient/visits/v1' }, ORIGIN)).toBe(`${ORIGIN}/patient/visits/v1`);
  });

  it.each([
    ['another site', { url: 'https://evil.example/x' }],
    ['a protocol-relative address', { url: '//evil.example/x' }],
    ['a script address', { url: 'javascript:alert(1)' }],
    ['no data', undefined],
    ['a number', { url: 5 }],
  ])('opens the home page for %s', (_label, data) => {
    expect(notificationTarget(data, ORIGIN)).toBe(`${ORIGIN}/`);
  });
});
