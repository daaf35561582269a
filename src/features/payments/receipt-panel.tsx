import { t } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { billingQueries } from '@/api/billing/queries';
import { isApiError } from '@telehealth/client/errors';
import { Button } from '@/components/ui/button';
import { formatDateTime } from '@/lib/dates';
import { useViewerTimeZone } from '@/lib/use-time-zone';
import { cardName } from './cards';
import { formatMoney } from '@/api/rooms/consultations';

/**
 * What was paid for a visit: consultation, coupon, amount and card. Shown to the patient and to
 * the provider. A visit whose intake has nothing to pay (no consultation, or unknown to billing)
 * shows nothing; a failed read says so and offers a retry without taking the page down.
 */
export function ReceiptPanel({ intakeId, viewer }: { intakeId: string; viewer: 'patient' | 'provider' }) {
  const invoice = useQuery({ ...billingQueries.invoice(intakeId), retry: 1 });
  const zone = useViewerTimeZone();
  const heading = viewer === 'patient' ? t`Your payment` : t`Payment`;
  if (invoice.isPending) return null;
  if (invoice.isError) {
    const error = invoice.error;
    // 400 (no consultation) and 404 (not a billed intake): nothing to show.
    if (isApiError(error) && error.kind === 'http' && (error.status === 400 || error.status === 404))
      return null;
    return (
      <section className="panel receipt" aria-labelledby={`receipt-${intakeId}`}>
        <h2 id={`receipt-${intakeId}`}>{heading}</h2>
        <p role="alert">
          <Trans>We could not load the payment details just now.</Trans>
        </p>
        <Button variant="secondary" onClick={() => void invoice.refetch()}>
          <Trans>Try again</Trans>
        </Button>
      </section>
    );
  }
  const data = invoice.data;
  const currency = data.charge?.currency ?? data.currency;
  const price = data.consultation?.amount;
  const coupon = data.coupon?.valid ? data.coupon : null;
  const percentOff = coupon?.percent_off;
  // A server without the `paid` extension (spec 4.6) cannot say whether the intake was paid: the
  // receipt shows what the visit costs and claims neither.
  const isStateKnown = data.paid !== undefined;
  const isFree = data.amount_due <= 0 && !(Number(price ?? 0) > 0);
  return (
    <section className="panel receipt" aria-labelledby={`receipt-${intakeId}`}>
      <h2 id={`receipt-${intakeId}`}>{heading}</h2>
      {isStateKnown && !data.paid ? (
        <p>{data.amount_due > 0 ? t`Not paid yet.` : t`There is no charge for this visit.`}</p>
      ) : !isStateKnown && isFree ? (
        <p>
          <Trans>There is no charge for this visit.</Trans>
        </p>
      ) : (
        <dl className="receipt-lines">
          {data.consultation?.description ? (
            <>
              <dt>
                <Trans>Consultation</Trans>
              </dt>
              <dd>
                {data.consultation.description}
                {price !== undefined ? ` (${formatMoney(price, currency ?? 'usd')})` : null}
              </dd>
            </>
          ) : null}
          {coupon ? (
            <>
              <dt>
                <Trans>Coupon</Trans>
              </dt>
              <dd>
                {coupon.id}
                {percentOff ? <> ({t`${percentOff}% off`})</> : null}
              </dd>
            </>
          ) : null}
          <dt>{!isStateKnown ? t`Price` : data.amount_due > 0 ? t`Amount paid` : t`Amount`}</dt>
          <dd>{data.amount_due > 0 ? formatMoney(data.amount_due, currency ?? 'usd') : t`No charge`}</dd>
          {data.charge?.last4 ? (
            <>
              <dt>
                <Trans>Card</Trans>
              </dt>
              <dd>{cardName(data.charge)}</dd>
            </>
          ) : null}
          {data.charge?.created ? (
            <>
              <dt>
                <Trans>Paid on</Trans>
              </dt>
              <dd>{formatDateTime(data.charge.created, zone)}</dd>
            </>
          ) : null}
        </dl>
      )}
    </section>
  );
}
