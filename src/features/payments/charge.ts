import type { QueryClient } from '@tanstack/react-query';
import { billingQueries } from '@/api/billing/queries';
import { processInvoice } from '@/api/billing/requests';
import type { InvoiceResult } from '@/api/billing/schemas';
import { isApiError } from '@/api/errors';

/** Where the payment step keeps its choices on the intake (custom fields). */
export const PAYMENT_FIELDS = {
  /** The card to charge; the mock charges it (else the scope's default). */
  sourceId: 'payment_source_id',
  /** The coupon the patient checked, upper-cased. Empty: none. */
  promoCode: 'payment_promo_code',
} as const;

/** The charge could not be made, in words for the patient (the processor's reason for a refused card). */
export class PaymentNotMade extends Error {
  override name = 'PaymentNotMade';
}

/** Processor and clinic refusals, in plain words; the processor's own sentence when it gave one. */
function refusalWords(error: unknown): string {
  if (isApiError(error) && error.kind === 'http' && error.status !== null && error.status < 500) {
    const reason = error.serverMessage?.trim();
    if (error.status === 402) {
      return `Your card was not charged: ${reason || 'the card was declined.'} Please choose another card or add a new one.`;
    }
    if (reason) return `Your payment could not be made: ${reason}`;
  }
  return 'Your payment could not be made. Please try again.';
}

const UNCONFIRMED =
  'We could not confirm your payment because the connection dropped. You have not been charged twice: ' +
  'when you try again we check first and only charge if the first payment did not go through.';

/** The answer is unknown: we sent the charge but got no answer (offline, timeout, 5xx). */
function isUnknownOutcome(error: unknown): boolean {
  if (!isApiError(error)) return false;
  if (error.kind === 'network' || error.kind === 'timeout' || error.kind === 'contract') return true;
  return error.kind === 'http' && (error.status ?? 0) >= 500;
}

async function readInvoice(queryClient: QueryClient, intakeId: string, promo: string | undefined) {
  const result = await processInvoice({ intake_id: intakeId, ...(promo ? { promo_code: promo } : {}) });
  if (result.paid) queryClient.setQueryData(billingQueries.invoice(intakeId).queryKey, result);
  return result;
}

async function chargeNow(
  queryClient: QueryClient,
  intakeId: string,
  promo: string | undefined,
): Promise<InvoiceResult> {
  // 1. Re-read the invoice state before anything: another tab, a reload or an answer lost on an
  //    earlier try may already have paid this intake. Never charge on a guess.
  let before: InvoiceResult;
  try {
    before = await readInvoice(queryClient, intakeId, promo);
  } catch (error) {
    if (isUnknownOutcome(error)) {
      throw new PaymentNotMade(
        'We could not reach the clinic to take your payment. Nothing was charged. Please try again.',
      );
    }
    throw new PaymentNotMade(refusalWords(error));
  }
  if (before.paid) return before;
  const consultationAmount = before.consultation?.amount ?? before.amount_due;
  // Free consultation (amount 0 or `charge: false`): nothing to charge.
  if (before.amount_due <= 0 && consultationAmount <= 0) return before;
  if (before.coupon && !before.coupon.valid) {
    throw new PaymentNotMade(
      `The coupon ${before.coupon.id ?? ''} can no longer be used${before.coupon.message ? `: ${before.coupon.message}` : '.'} Remove it or enter another code.`,
    );
  }

  // 2. Charge exactly once for this attempt.
  try {
    const result = await processInvoice({
      intake_id: intakeId,
      ...(promo ? { promo_code: promo } : {}),
      create_invoice: 1,
    });
    queryClient.setQueryData(billingQueries.invoice(intakeId).queryKey, result);
    return result;
  } catch (error) {
    if (!isUnknownOutcome(error)) throw new PaymentNotMade(refusalWords(error));
  }

  // 3. The answer was lost: the charge may or may not have happened. Ask, never re-send.
  try {
    const after = await readInvoice(queryClient, intakeId, promo);
    if (after.paid) return after;
    throw new PaymentNotMade(
      'Your payment did not go through and you have not been charged. Please try again.',
    );
  } catch (error) {
    if (error instanceof PaymentNotMade) throw error;
    throw new PaymentNotMade(UNCONFIRMED);
  }
}

const inFlight = new Map<string, Promise<InvoiceResult>>();

/**
 * Charges an intake at most once (RELIABILITY case 29). In this tab, concurrent calls for the same
 * intake share one attempt (double click, Enter plus click). Across tabs, a Web Lock per intake
 * serialises attempts, and every attempt first re-reads the invoice, so a second tab or a reload
 * finds the intake paid instead of paying again. The server refuses a second charge as well.
 * Rejects with PaymentNotMade carrying words for the patient.
 */
export function chargeIntakeOnce(
  queryClient: QueryClient,
  intakeId: string,
  promo: string | undefined,
): Promise<InvoiceResult> {
  const running = inFlight.get(intakeId);
  if (running) return running;
  const run = () => chargeNow(queryClient, intakeId, promo);
  const locks = typeof navigator !== 'undefined' ? navigator.locks : undefined;
  const attempt = (locks ? locks.request(`payment:${intakeId}`, run) : run()).finally(() => {
    inFlight.delete(intakeId);
  });
  inFlight.set(intakeId, attempt);
  return attempt;
}
