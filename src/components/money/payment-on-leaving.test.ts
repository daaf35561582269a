import { describe, expect, it } from 'vitest';
import { paymentOutcome, paymentOutcomeOfError } from '@telehealth/client/billing/payment-outcome';
import { ApiError } from '@telehealth/client/errors';
import { leavingPaymentSentence } from './payment-on-leaving';

const consultation = { id: 'c-1', description: 'Standard consultation', amount: 89, duration: 30 };
const charge = { id: 'ch-1', amount: 80.1, currency: 'usd', brand: 'Visa', last4: '4242', created: 1 };

describe('what happens to the money when a visit is given up', () => {
  it('a paid visit: the amount, the card, and that the clinic handles refunds', () => {
    const outcome = paymentOutcome({ currency: 'usd', consultation, amount_due: 80.1, paid: true, charge });
    expect(leavingPaymentSentence(outcome, 'cancel')).toBe(
      'You paid $80.10 with the Visa card ending 4242. Cancelling does not refund it: refunds are handled by the clinic, so contact the clinic to ask for one.',
    );
  });

  it('an unpaid visit costs nothing to cancel or leave', () => {
    const outcome = paymentOutcome({ currency: 'usd', consultation, amount_due: 89, paid: false });
    expect(leavingPaymentSentence(outcome, 'cancel')).toBe(
      'Nothing was charged for this visit, so cancelling costs nothing.',
    );
    expect(leavingPaymentSentence(outcome, 'leave')).toBe(
      'Nothing was charged for this visit, so leaving the line costs nothing.',
    );
  });

  it('a visit a coupon paid in full: nothing to refund', () => {
    const outcome = paymentOutcome({
      currency: 'usd',
      consultation,
      coupon: { id: 'FREE', percent_off: 100, valid: true },
      amount_due: 0,
      paid: true,
      charge: { ...charge, amount: 0, brand: null, last4: null },
    });
    expect(outcome).toEqual({ kind: 'coupon-covered' });
  });

  it('a spec server that cannot say whether the visit was paid: claims nothing', () => {
    const outcome = paymentOutcome({ currency: 'usd', consultation, amount_due: 89 });
    expect(outcome).toEqual({ kind: 'unknown' });
    expect(leavingPaymentSentence(outcome, 'cancel')).toBe(
      'We cannot tell from here whether this visit was paid. If you paid for it, cancelling does not refund it: contact the clinic to ask about a refund.',
    );
    // A free consultation is known to have cost nothing, even there.
    expect(
      paymentOutcome({ currency: 'usd', consultation: { ...consultation, amount: 0 }, amount_due: 0 }),
    ).toEqual({ kind: 'nothing-charged' });
  });

  it('a refused read: unknown, except the 400 of a server that reports payments', () => {
    const refused = new ApiError({ kind: 'http', status: 400, serverMessage: 'no consultation' });
    const failed = new ApiError({ kind: 'network' });
    expect(paymentOutcomeOfError(refused, true)).toEqual({ kind: 'nothing-charged' });
    expect(paymentOutcomeOfError(refused, false)).toEqual({ kind: 'unknown' });
    expect(paymentOutcomeOfError(failed, true)).toEqual({ kind: 'unknown' });
  });
});
