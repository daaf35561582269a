import { afterEach, describe, expect, it, vi } from 'vitest';
import { GATEWAY_TIMEOUT_MS, GatewayUnavailableError, readyGateway, type PaymentGateway } from './index';

afterEach(() => vi.useRealTimers());

const gateway = (prepare: () => Promise<void>): PaymentGateway => ({
  kind: 'stripe',
  prepare,
  CardEntry: () => null,
});

describe('readyGateway', () => {
  it('gives up on a processor that never answers within a few seconds', async () => {
    vi.useFakeTimers();
    const pending = readyGateway('pk_test_x', () =>
      Promise.resolve(gateway(() => new Promise(() => undefined))),
    );
    const outcome = expect(pending).rejects.toBeInstanceOf(GatewayUnavailableError);
    await vi.advanceTimersByTimeAsync(GATEWAY_TIMEOUT_MS);
    await outcome;
    expect(GATEWAY_TIMEOUT_MS).toBeLessThanOrEqual(8000);
  });

  it('turns a blocked script or a failed chunk download into GatewayUnavailableError', async () => {
    await expect(
      readyGateway('pk_test_x', () => Promise.resolve(gateway(() => Promise.reject(new Error('blocked'))))),
    ).rejects.toBeInstanceOf(GatewayUnavailableError);
    await expect(
      readyGateway('pk_test_x', () => Promise.reject(new TypeError('Failed to fetch'))),
    ).rejects.toBeInstanceOf(GatewayUnavailableError);
  });

  it('passes the publishable key to the processor', async () => {
    const prepare = vi.fn(() => Promise.resolve());
    const ready = await readyGateway('pk_test_key', () => Promise.resolve({ ...gateway(prepare), prepare }));
    expect(ready.kind).toBe('stripe');
    expect(prepare).toHaveBeenCalledWith('pk_test_key');
  });

  it('carries the fake gateway in test builds (chosen at build time)', async () => {
    expect(import.meta.env.VITE_PAYMENT_GATEWAY).toBe('fake');
    const { loadPaymentGateway } = await import('./index');
    expect((await loadPaymentGateway()).kind).toBe('fake');
  });
});
