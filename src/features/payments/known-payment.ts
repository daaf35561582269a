import { t } from '@lingui/core/macro';
import { billingQueries } from '@/api/billing/queries';
import type { PaymentSource } from '@telehealth/client/billing/schemas';
import {
  formatMoney,
  isFreeConsultation,
  patientConsultations,
  roomCurrency,
} from '@/api/rooms/consultations';
import { userQueries } from '@/api/users/queries';
import { browserTimeZone, isValidTimeZone } from '@/lib/dates';
import {
  customValue,
  providerIdOf,
  type KnownAnswer,
  type KnownContext,
  type StepDefinition,
} from '@/wizard';
import { cardName, isExpired, sourceScope } from './cards';
import { PAYMENT_FIELDS } from './charge';

const NOTHING_TO_PAY = { [PAYMENT_FIELDS.sourceId]: '', [PAYMENT_FIELDS.promoCode]: '' };

/**
 * `payment` when the answer is known (issue 27): nothing to pay, or the price on the patient's
 * default card for this room when it has not expired. The card is charged when the patient commits,
 * as from the step (`chargeOnce`); a coupon or another card means "Change".
 */
export async function knownPayment(ctx: KnownContext): Promise<KnownAnswer | null> {
  const { room, consultation, intake, queryClient } = ctx;
  if (!consultation) {
    return patientConsultations(room).length === 0
      ? { summary: t`Nothing to pay`, patch: { custom: NOTHING_TO_PAY } }
      : null;
  }
  if (isFreeConsultation(consultation)) {
    return { summary: t`Nothing to pay for this visit`, patch: { custom: NOTHING_TO_PAY } };
  }
  const me = await queryClient.fetchQuery(userQueries.me());
  const zone = isValidTimeZone(me.timezone) ? me.timezone : browserTimeZone();
  const scope = sourceScope(room, providerIdOf(intake));
  const cards = await queryClient.fetchQuery(billingQueries.sources({ ...scope, type: 'card' }));
  const card = cards.find((s) => s.is_default && !isExpired(s, Date.now() / 1000, zone));
  if (!card) return null;
  const price = formatMoney(Number(consultation.amount ?? 0), roomCurrency(room));
  const name = cardName(card);
  return {
    summary: t`${price} on your ${name}, charged when you confirm below`,
    patch: { custom: { [PAYMENT_FIELDS.sourceId]: card.id, [PAYMENT_FIELDS.promoCode]: '' } },
  };
}

/** "$89.00 on your Visa ending 4242, charged when you confirm below", from the card the intake names. */
export const paymentSummary: NonNullable<StepDefinition['summary']> = (intake, ctx) => {
  const { room, consultation, queryClient } = ctx;
  if (!consultation || isFreeConsultation(consultation)) return t`Nothing to pay for this visit`;
  const price = formatMoney(Number(consultation.amount ?? 0), roomCurrency(room));
  const scope = sourceScope(room, providerIdOf(intake));
  const cards = queryClient.getQueryData<PaymentSource[]>(
    billingQueries.sources({ ...scope, type: 'card' }).queryKey,
  );
  const card = cards?.find((s) => s.id === customValue(intake, PAYMENT_FIELDS.sourceId));
  const coupon = customValue(intake, PAYMENT_FIELDS.promoCode);
  const name = card ? cardName(card) : null;
  if (coupon && name)
    return t`${price} before your coupon ${coupon} on your ${name}, charged when you confirm below`;
  if (coupon) return t`${price} before your coupon ${coupon}, charged when you confirm below`;
  if (name) return t`${price} on your ${name}, charged when you confirm below`;
  return t`${price}, charged when you confirm below`;
};
