import { msg, t } from '@lingui/core/macro';
import type { QueryClient } from '@tanstack/react-query';
import { billingQueries } from '@/api/billing/queries';
import { processInvoice } from '@telehealth/client/billing/requests';
import type { InvoiceResult } from '@telehealth/client/billing/schemas';
import { isApiError } from '@telehealth/client/errors';
import { checkApplied, writeFailure } from '@telehealth/client/write-outcome';
import { i18n } from '@/lib/i18n';
import { chargeMemory, type ChargeMemory, type ChargeRecord } from './charge-memory';

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
      return reason
        ? t`Your card was not charged: ${reason} Please choose another card or add a new one.`
        : t`Your card was not charged: the card was declined. Please choose another card or add a new one.`;
    }
    if (reason) return t`Your payment could not be made: ${reason}`;
  }
  return t`Your payment could not be made. Please try again.`;
}

const UNCONFIRMED = msg`We could not confirm your payment because the connection dropped. You have not been charged twice: when you try again we check first and only charge if the first payment did not go through.`;

/**
 * The answer to a charge was lost and the server keeps no payment state the portal can read
 * (docs/spec-decisions.md "Money on the spec's terms"). Shown as is to the patient, with
 * `i18n._(UNCONFIRMED_ON_SPEC_TERMS)`.
 */
export const UNCONFIRMED_ON_SPEC_TERMS = msg`We could not confirm whether your payment went through. To be safe we will not charge again from here. Continue to book — the clinic will match your payment — or contact the clinic.`;

/**
 * A charge was sent and its outcome is unknown, on a server that cannot tell: the patient must be
 * told before anything else happens, and nothing is charged again from this browser.
 */
export class PaymentUnconfirmed extends PaymentNotMade {
  override name = 'PaymentUnconfirmed';
  constructor() {
    super(i18n._(UNCONFIRMED_ON_SPEC_TERMS));
  }
}

async function readInvoice(queryClient: QueryClient, intakeId: string, promo: string | undefined) {
  const result = await processInvoice({ intake_id: intakeId, ...(promo ? { promo_code: promo } : {}) });
  if (result.paid) queryClient.setQueryData(billingQueries.invoice(intakeId).queryKey, result);
  return result;
}

/** Whether the server's invoice answers carry its payment state (`paid`: an extension of the spec). */
const tellsPaymentState = (invoice: InvoiceResult) => invoice.paid !== undefined;

/**
 * A charge this browser sent earlier, on a server that cannot say whether it went through: paid
 * and continued pass (nothing more is charged from here), an unknown outcome the patient has not
 * yet been told of stops here with the plain words.
 */
function passOnRecord(record: ChargeRecord, quote: InvoiceResult): InvoiceResult {
  if (record.state === 'sent') throw new PaymentUnconfirmed();
  return quote;
}

async function chargeNow(
  queryClient: QueryClient,
  intakeId: string,
  promo: string | undefined,
  memory: ChargeMemory,
): Promise<InvoiceResult> {
  // 1. Re-read the invoice state before anything: another tab, a reload or an answer lost on an
  //    earlier try may already have paid this intake. Never charge on a guess.
  let before: InvoiceResult;
  try {
    before = await readInvoice(queryClient, intakeId, promo);
  } catch (error) {
    if (writeFailure(error) !== 'refused') {
      throw new PaymentNotMade(
        t`We could not reach the clinic to take your payment. Nothing was charged. Please try again.`,
      );
    }
    throw new PaymentNotMade(refusalWords(error));
  }
  if (before.paid) return before;
  const consultationAmount = before.consultation?.amount ?? before.amount_due;
  // Free consultation (amount 0 or `charge: false`): nothing to charge.
  if (before.amount_due <= 0 && consultationAmount <= 0) return before;
  // On the spec's terms the server cannot tell whether this intake was paid: what this browser
  // (this tab after a reload, or another open tab) remembers of a charge it sent decides.
  const onSpecTerms = !tellsPaymentState(before);
  if (onSpecTerms) {
    const earlier = await memory.recall(intakeId);
    if (earlier) return passOnRecord(earlier, before);
  }
  if (before.coupon && !before.coupon.valid) {
    const code = before.coupon.id ?? '';
    const reason = before.coupon.message;
    throw new PaymentNotMade(
      reason
        ? t`The coupon ${code} can no longer be used: ${reason} Remove it or enter another code.`
        : t`The coupon ${code} can no longer be used. Remove it or enter another code.`,
    );
  }

  // 2. Charge exactly once for this attempt; on the spec's terms, noted before it is sent.
  const sentAt = Math.floor(Date.now() / 1000);
  if (onSpecTerms) memory.note(intakeId, { state: 'sent', sentAt });
  let failure: unknown;
  try {
    const result = await processInvoice({
      intake_id: intakeId,
      ...(promo ? { promo_code: promo } : {}),
      create_invoice: 1,
    });
    if (onSpecTerms) {
      memory.note(intakeId, {
        state: 'paid',
        sentAt,
        amountDue: result.amount_due,
        ...(result.currency ? { currency: result.currency } : {}),
      });
    }
    queryClient.setQueryData(billingQueries.invoice(intakeId).queryKey, result);
    return result;
  } catch (error) {
    failure = error;
  }

  // 3. A refusal charged nothing, so the patient may pay again (another card, say). A lost answer
  //    may or may not have charged: never re-send. The invoice is read once to tell; on the spec's
  //    terms there is nobody to ask: the record stays and the patient is told.
  const check = await checkApplied(
    failure,
    onSpecTerms
      ? null
      : { read: () => readInvoice(queryClient, intakeId, promo), shows: (after) => !!after.paid },
  );
  switch (check.outcome) {
    case 'applied':
      return check.state;
    case 'not-applied':
      if (!check.refused) {
        throw new PaymentNotMade(
          t`Your payment did not go through and you have not been charged. Please try again.`,
        );
      }
      if (onSpecTerms) memory.forget(intakeId);
      throw new PaymentNotMade(refusalWords(failure));
    case 'unknown':
      throw onSpecTerms ? new PaymentUnconfirmed() : new PaymentNotMade(i18n._(UNCONFIRMED));
  }
}

/**
 * Charges an intake at most once (RELIABILITY case 29). In this tab, concurrent calls for the same
 * intake share one attempt (double click, Enter plus click). Across tabs, a Web Lock per intake
 * serialises attempts, and every attempt first re-reads the invoice:
 * - a server that tells whether the intake is paid (`paid`, an extension) is asked, so a second
 *   tab, a reload or a retry after a lost answer finds the intake paid instead of paying again;
 * - on the spec's terms (no payment state in the answer) the charge is recorded before it is sent
 *   (`ChargeMemory`: this tab's sessionStorage, told to the other tabs); an attempt that finds a
 *   record never charges again, and a lost answer is never resolved by charging: the patient is
 *   told (`PaymentUnconfirmed`) and may go on without paying again (`continueWithoutCharging`).
 * Rejects with PaymentNotMade carrying words for the patient.
 */
export function chargeIntakeOnce(
  queryClient: QueryClient,
  intakeId: string,
  promo: string | undefined,
  memory: ChargeMemory = chargeMemory(),
): Promise<InvoiceResult> {
  const running = memory.attempts.get(intakeId);
  if (running) return running;
  const attempt = memory.locks
    .request(`payment:${intakeId}`, () => chargeNow(queryClient, intakeId, promo, memory))
    .finally(() => {
      memory.attempts.delete(intakeId);
    });
  memory.attempts.set(intakeId, attempt);
  return attempt;
}

/**
 * The patient was told the outcome of the charge is unknown and chose to go on: the visit is
 * created without charging again from this browser (the clinic matches the payment).
 */
export function continueWithoutCharging(intakeId: string, memory: ChargeMemory = chargeMemory()): void {
  const record = memory.get(intakeId);
  if (record?.state === 'sent') memory.note(intakeId, { ...record, state: 'continued' });
}
