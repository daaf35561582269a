import { t } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { useServerExtension } from '@/api/accounts/extensions';
import { billingQueries } from '@/api/billing/queries';
import {
  paymentOutcome,
  paymentOutcomeOfError,
  type PaymentOutcome,
} from '@telehealth/client/billing/payment-outcome';
import { formatMoney } from '@/api/rooms/consultations';

/** What the patient is about to do: cancel an appointment, or leave the walk-in line. */
export type Leaving = 'cancel' | 'leave';

/**
 * The one sentence about money before a visit is given up. The spec has no refund operation and
 * the mock refunds nothing when a visit is cancelled, so a payment stays with the clinic and the
 * patient is told to ask the clinic; nothing is claimed that the server did not say.
 */
export function leavingPaymentSentence(outcome: PaymentOutcome, leaving: Leaving): string {
  const cancel = leaving === 'cancel';
  switch (outcome.kind) {
    case 'nothing-charged':
      return cancel
        ? t`Nothing was charged for this visit, so cancelling costs nothing.`
        : t`Nothing was charged for this visit, so leaving the line costs nothing.`;
    case 'coupon-covered':
      return t`Your coupon covered this visit, so nothing was charged and there is nothing to refund.`;
    case 'paid': {
      const money = formatMoney(outcome.amount, outcome.currency);
      if (!outcome.card)
        return cancel
          ? t`You paid ${money} for this visit. Cancelling does not refund it: refunds are handled by the clinic, so contact the clinic to ask for one.`
          : t`You paid ${money} for this visit. Leaving the line does not refund it: refunds are handled by the clinic, so contact the clinic to ask for one.`;
      const { brand, last4 } = outcome.card;
      if (brand)
        return cancel
          ? t`You paid ${money} with the ${brand} card ending ${last4}. Cancelling does not refund it: refunds are handled by the clinic, so contact the clinic to ask for one.`
          : t`You paid ${money} with the ${brand} card ending ${last4}. Leaving the line does not refund it: refunds are handled by the clinic, so contact the clinic to ask for one.`;
      return cancel
        ? t`You paid ${money} with the card ending ${last4}. Cancelling does not refund it: refunds are handled by the clinic, so contact the clinic to ask for one.`
        : t`You paid ${money} with the card ending ${last4}. Leaving the line does not refund it: refunds are handled by the clinic, so contact the clinic to ask for one.`;
    }
    case 'unknown':
      return cancel
        ? t`We cannot tell from here whether this visit was paid. If you paid for it, cancelling does not refund it: contact the clinic to ask about a refund.`
        : t`We cannot tell from here whether this visit was paid. If you paid for it, leaving the line does not refund it: contact the clinic to ask about a refund.`;
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
    return (
      <p className="muted">
        <Trans>Checking what was paid for this visit…</Trans>
      </p>
    );
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
