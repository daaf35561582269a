import { isApiError } from '../errors.ts';
import type { InvoiceResult } from './schemas.ts';

/**
 * What the portal can tell about the money of one visit (its intake's invoice), for the words
 * shown before the patient cancels or leaves it. Only what the server said counts: nothing is
 * guessed from the room's prices.
 * - `nothing-charged`: the server says the intake is not paid, or it costs nothing;
 * - `paid`: a charge was made, with its amount and, when the server names it, the card;
 * - `coupon-covered`: paid, but a coupon took the whole price off, so no money moved;
 * - `unknown`: the server cannot say (a spec server without `paid`, a failed read).
 */
export type PaymentOutcome =
  | { kind: 'nothing-charged' }
  | {
      kind: 'paid';
      amount: number;
      currency: string;
      card: { brand: string | null; last4: string } | null;
    }
  | { kind: 'coupon-covered' }
  | { kind: 'unknown' };

const UNKNOWN: PaymentOutcome = { kind: 'unknown' };

/** The outcome an invoice answer states (see `PaymentOutcome`). */
export function paymentOutcome(invoice: InvoiceResult): PaymentOutcome {
  const price = Number(invoice.consultation?.amount ?? 0);
  if (invoice.paid === true) {
    const amount = invoice.charge?.amount ?? invoice.amount_due;
    if (amount > 0) {
      const last4 = invoice.charge?.last4;
      return {
        kind: 'paid',
        amount,
        currency: invoice.charge?.currency ?? invoice.currency ?? 'usd',
        card: last4 ? { brand: invoice.charge?.brand ?? null, last4 } : null,
      };
    }
    return invoice.coupon?.valid === true && price > 0
      ? { kind: 'coupon-covered' }
      : { kind: 'nothing-charged' };
  }
  if (invoice.paid === false) return { kind: 'nothing-charged' };
  // A spec server (no `paid`): only a visit that costs nothing is known to have cost nothing.
  return invoice.amount_due <= 0 && !(price > 0) ? { kind: 'nothing-charged' } : UNKNOWN;
}

/**
 * The outcome when the invoice could not be read. A server with the `invoice-state` extension
 * answers a paid intake with its charge before anything else, so its 400 (no consultation chosen:
 * nothing to price) means nothing was charged; anything else leaves the payment unknown.
 */
export function paymentOutcomeOfError(error: unknown, hasInvoiceState: boolean): PaymentOutcome {
  return hasInvoiceState && isApiError(error) && error.kind === 'http' && error.status === 400
    ? { kind: 'nothing-charged' }
    : UNKNOWN;
}
