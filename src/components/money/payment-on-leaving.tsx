import { useQuery } from '@tanstack/react-query';
import { useServerExtension } from '@/api/accounts/extensions';
import { billingQueries } from '@/api/billing/queries';
import { paymentOutcome, paymentOutcomeOfError, type PaymentOutcome } from '@/api/billing/payment-outcome';
import { formatMoney } from '@/api/rooms/consultations';

/** What the patient is about to do: cancel an appointment, or leave the walk-in line. */
export type Leaving = 'cancel' | 'leave';

const DOING: Record<Leaving, { doing: string; costs: string }> = {
  cancel: { doing: 'Cancelling', costs: 'cancelling costs nothing' },
  leave: { doing: 'Leaving the line', costs: 'leaving the line costs nothing' },
};

/**
 * The one sentence about money before a visit is given up. The spec has no refund operation and
 * the mock refunds nothing when a visit is cancelled, so a payment stays with the clinic and the
 * patient is told to ask the clinic; nothing is claimed that the server did not say.
 */
export function leavingPaymentSentence(outcome: PaymentOutcome, leaving: Leaving): string {
  const { doing, costs } = DOING[leaving];
  switch (outcome.kind) {
    case 'nothing-charged':
      return `Nothing was charged for this visit, so ${costs}.`;
    case 'coupon-covered':
      return 'Your coupon covered this visit, so nothing was charged and there is nothing to refund.';
    case 'paid': {
      const money = formatMoney(outcome.amount, outcome.currency);
      const card = outcome.card
        ? ` with the ${outcome.card.brand ? `${outcome.card.brand} card` : 'card'} ending ${outcome.card.last4}`
        : ' for this visit';
      return `You paid ${money}${card}. ${doing} does not refund it: refunds are handled by the clinic, so contact the clinic to ask for one.`;
    }
    case 'unknown':
      return `We cannot tell from here whether this visit was paid. If you paid for it, ${doing.toLowerCase()} does not refund it: contact the clinic to ask about a refund.`;
  }
}

/**
 * The money sentence of a cancel or leave dialog, from the intake's invoice (a quote: no side
 * effect). Shared by scheduling (cancel) and visits (leave the queue), which never import each other.
 */
export function PaymentOnLeaving({
  intakeId,
  leaving,
}: {
  intakeId: string | null | undefined;
  leaving: Leaving;
}) {
  const hasInvoiceState = useServerExtension('invoice-state');
  const invoice = useQuery({ ...billingQueries.invoice(intakeId ?? ''), enabled: Boolean(intakeId) });
  if (intakeId && invoice.isPending) {
    return <p className="muted">Checking what was paid for this visit…</p>;
  }
  const outcome: PaymentOutcome = !intakeId
    ? { kind: 'unknown' }
    : invoice.isError
      ? paymentOutcomeOfError(invoice.error, hasInvoiceState)
      : invoice.data
        ? paymentOutcome(invoice.data)
        : { kind: 'unknown' };
  return <p>{leavingPaymentSentence(outcome, leaving)}</p>;
}
