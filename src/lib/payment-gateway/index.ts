import { createContext, useContext } from 'react';
import { GatewayUnavailableError, type PaymentGateway } from './types';

export type { CardEntryHandle, CardEntryProps, PaymentGateway, TokenResult } from './types';
export { GatewayUnavailableError } from './types';

/** How long the processor may take to load before the patient is told and offered a retry. */
export const GATEWAY_TIMEOUT_MS = 6000;

/**
 * Loads the gateway this build carries. The import is dynamic, so the first page and every route
 * that takes no card load no processor code; the constant is replaced at build time, so the
 * branch not taken (the fake in production) is dropped from the bundle.
 */
export function loadPaymentGateway(): Promise<PaymentGateway> {
  if (import.meta.env.VITE_PAYMENT_GATEWAY === 'fake') {
    return import('./fake-gateway').then((m) => m.fakeGateway);
  }
  return import('./stripe-gateway').then((m) => m.stripeGateway);
}

/** Rejects with GatewayUnavailableError when `promise` has not settled within `ms`. */
export function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new GatewayUnavailableError('The card processor took too long')),
      ms,
    );
    promise.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error instanceof GatewayUnavailableError ? error : new GatewayUnavailableError(String(error)));
      },
    );
  });
}

/**
 * Loads the gateway and prepares it for `publishableKey` within GATEWAY_TIMEOUT_MS. A failed chunk
 * download (offline) or a blocked processor script both end as GatewayUnavailableError.
 */
export async function readyGateway(
  publishableKey: string,
  load: () => Promise<PaymentGateway> = loadPaymentGateway,
  timeoutMs: number = GATEWAY_TIMEOUT_MS,
): Promise<PaymentGateway> {
  return withTimeout(
    load().then(async (gateway) => {
      await gateway.prepare(publishableKey);
      return gateway;
    }),
    timeoutMs,
  );
}

/** Tests swap the loader (a hanging or failing processor) through this context. */
export const PaymentGatewayLoaderContext = createContext<() => Promise<PaymentGateway>>(loadPaymentGateway);

export function usePaymentGatewayLoader(): () => Promise<PaymentGateway> {
  return useContext(PaymentGatewayLoaderContext);
}
