import type { ComponentType, Ref } from 'react';

/** The outcome of turning the card details the patient typed into a processor token. */
export type TokenResult = { ok: true; token: string } | { ok: false; message: string };

/** What the card fields hand back to the form that owns them. */
export interface CardEntryHandle {
  /** Asks the processor for a token. The card details never leave the processor's own fields. */
  createToken(): Promise<TokenResult>;
}

export interface CardEntryProps {
  /** From `GET /billing/settings` (`stripe.publishable_key`). */
  publishableKey: string;
  /** Filled once the fields are ready to tokenise. */
  handleRef: Ref<CardEntryHandle | null>;
  /** Accessible name of the group of card fields. */
  label: string;
}

/**
 * Turns card details into a processor token. Two implementations: Stripe Elements (the fields are
 * Stripe's iframes; our code sees only the token) and, in mock builds and tests, labelled test
 * fields that answer the processor's test tokens. Which one a build carries is fixed at build
 * time (`VITE_PAYMENT_GATEWAY`), so a production bundle holds no fake.
 */
export interface PaymentGateway {
  kind: 'stripe' | 'fake';
  /** Loads the processor's script for this key. Rejects when it cannot be reached. */
  prepare(publishableKey: string): Promise<void>;
  CardEntry: ComponentType<CardEntryProps>;
}

/** The processor could not be reached (offline, blocked by a network filter, too slow). */
export class GatewayUnavailableError extends Error {
  override name = 'GatewayUnavailableError';
}
