import { describe, expect, it } from 'vitest';
import {
  BillingSettingsSchema,
  CreatePaymentSourceInputSchema,
  InvoiceResultSchema,
  PaymentSourceSchema,
} from './schemas.ts';

const source = {
  id: 'src-1',
  type: 'card',
  brand: 'Visa',
  last4: '4242',
  exp_month: 12,
  exp_year: 2030,
  is_default: true,
};

describe('billing schemas', () => {
  it('parses billing settings', () => {
    expect(
      BillingSettingsSchema.parse({ stripe: { publishable_key: 'pk_test_sample' } }).stripe.publishable_key,
    ).toBe('pk_test_sample');
    expect(BillingSettingsSchema.safeParse({ stripe: {} }).error?.issues[0]?.path).toEqual([
      'stripe',
      'publishable_key',
    ]);
  });

  it('parses a payment source and keeps unknown fields', () => {
    expect(PaymentSourceSchema.parse({ ...source, funding: 'credit' })).toMatchObject({
      last4: '4242',
      funding: 'credit',
    });
  });

  it('refuses a payment source without an id', () => {
    const { id: _id, ...withoutId } = source;
    expect(PaymentSourceSchema.safeParse(withoutId).error?.issues[0]?.path).toEqual(['id']);
  });

  it('parses an invoice result with a coupon', () => {
    const invoice = InvoiceResultSchema.parse({
      currency: 'usd',
      consultation: { id: 'c-1', description: 'Standard', amount: 25, duration: 15 },
      coupon: { id: 'SAMPLE10', percent_off: 10, valid: true },
      amount_due: '22.50',
    });
    expect(invoice.amount_due).toBe(22.5);
  });

  it('requires the processor token to store a card', () => {
    const result = CreatePaymentSourceInputSchema.safeParse({ room_code: 'main', type: 'card' });
    expect(result.error?.issues[0]?.path).toEqual(['token']);
  });
});
