import { CUSTOM_FIELDS } from '@telehealth/client/intakes/custom-fields';
import type { Db, PaymentSourceRecord } from '../db.ts';
import { SEED_CARDS, SEED_CONSULTATIONS, SEED_INTAKES, SEED_USERS } from './ids.ts';

/** The processor's test publishable key (never a live key; the mock accepts only test tokens). */
export const TEST_PUBLISHABLE_KEY = 'pk_test_demoClinicMockKey000000000000';

/**
 * Processor test tokens (DESIGN.md section 3) and the card each stands for. `tok_chargeDeclined`
 * is stored like any card and refused when charged, as the processor does.
 */
export const TEST_TOKENS: Record<string, { brand: string; last4: string; declines?: boolean }> = {
  tok_visa: { brand: 'Visa', last4: '4242' },
  tok_mastercard: { brand: 'Mastercard', last4: '4444' },
  tok_amex: { brand: 'American Express', last4: '8431' },
  tok_chargeDeclined: { brand: 'Visa', last4: '0002', declines: true },
};

export function seedBilling(db: Db, now: number): void {
  const t = Math.floor(now / 1000);
  const year = new Date(now).getUTCFullYear();
  db.coupons.set('WELCOME10', { id: 'WELCOME10', percent_off: 10, expires: null });
  db.coupons.set('SPRING5', { id: 'SPRING5', percent_off: 5, expires: t - 30 * 86400 });

  // Casey Morgan keeps cards in the after-hours room: a default Visa and a Mastercard that has expired.
  const cards: PaymentSourceRecord[] = [
    {
      id: SEED_CARDS.caseyVisa,
      type: 'card',
      brand: 'Visa',
      last4: '4242',
      exp_month: 8,
      exp_year: year + 3,
      is_default: true,
      _owner: SEED_USERS.patient,
      _room_code: 'after-hours',
      _provider_id: null,
      _created: t - 90 * 86400,
    },
    {
      id: SEED_CARDS.caseyExpired,
      type: 'card',
      brand: 'Mastercard',
      last4: '4444',
      exp_month: 1,
      exp_year: year - 1,
      is_default: false,
      _owner: SEED_USERS.patient,
      _room_code: 'after-hours',
      _provider_id: null,
      _created: t - 400 * 86400,
    },
  ];
  for (const card of cards) db.paymentSources.set(card.id, card);

  // Casey's upcoming appointment in `general` was paid with WELCOME10: its receipt shows on the visit page.
  const upcoming = db.intakes.get(SEED_INTAKES.upcoming);
  if (upcoming) {
    upcoming[CUSTOM_FIELDS.consultationId] = SEED_CONSULTATIONS.generalStandard;
    const invoice = {
      currency: 'usd',
      consultation: {
        id: SEED_CONSULTATIONS.generalStandard,
        description: 'Standard consultation',
        amount: 89,
        duration: 30,
      },
      coupon: { id: 'WELCOME10', percent_off: 10, valid: true },
      amount_due: 80.1,
    };
    db.charges.set('ch_seed_upcoming', {
      id: 'ch_seed_upcoming',
      intake_id: SEED_INTAKES.upcoming,
      invoice_id: 'inv_seed_upcoming',
      status: 'succeeded',
      amount: 80.1,
      currency: 'usd',
      source_id: null,
      brand: 'Visa',
      last4: '4242',
      created: t - 3 * 86400,
      invoice,
    });
  }
}
