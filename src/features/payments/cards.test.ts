import { describe, expect, it } from 'vitest';
import type { PaymentSource } from '@telehealth/client/billing/schemas';
import { cardIdentity, isExpired, walletOf } from './cards';

const at = (iso: string) => Date.parse(iso) / 1000;
const card = (over: Partial<PaymentSource>): PaymentSource => ({
  id: 'src',
  type: 'card',
  brand: 'Visa',
  last4: '4242',
  exp_month: 2,
  exp_year: 2030,
  is_default: false,
  ...over,
});

describe('card expiry in the viewer’s time', () => {
  it('a card is good through the last day of its month', () => {
    const midMarch = at('2030-03-15T12:00:00Z');
    expect(isExpired(card({ exp_month: 3 }), midMarch, 'UTC')).toBe(false);
    expect(isExpired(card({ exp_month: 2 }), midMarch, 'UTC')).toBe(true);
    expect(isExpired(card({ exp_month: 1, exp_year: 2031 }), midMarch, 'UTC')).toBe(false);
    expect(isExpired(card({ exp_month: 12, exp_year: 2029 }), midMarch, 'UTC')).toBe(true);
  });

  it('judges the month where the viewer is, not in UTC', () => {
    // 1 March 03:00 UTC is still 28 February in New York: a February card is good there, not in London.
    const instant = at('2030-03-01T03:00:00Z');
    expect(isExpired(card({ exp_month: 2 }), instant, 'America/New_York')).toBe(false);
    expect(isExpired(card({ exp_month: 2 }), instant, 'Europe/London')).toBe(true);
  });
});

describe('one wallet across rooms', () => {
  const general = { code: 'general', name: 'General practice' };
  const derm = { code: 'dermatology', name: 'Dermatology' };

  it('shows a card saved in two rooms once, with both rooms', () => {
    const wallet = walletOf([
      {
        room: general,
        sources: [card({ id: 'a', exp_month: 8 }), card({ id: 'b', brand: 'Mastercard', last4: '4444' })],
      },
      { room: derm, sources: [card({ id: 'c', exp_month: 8 })] },
    ]);
    expect(wallet.map((w) => [w.card.last4, w.copies.map((c) => c.room.name)])).toEqual([
      ['4242', ['General practice', 'Dermatology']],
      ['4444', ['General practice']],
    ]);
  });

  it('keeps apart cards whose expiry or fingerprint differ', () => {
    expect(cardIdentity(card({ exp_year: 2031 }))).not.toBe(cardIdentity(card({})));
    expect(cardIdentity(card({ fingerprint: 'fp1' }))).not.toBe(cardIdentity(card({ fingerprint: 'fp2' })));
    expect(cardIdentity(card({ id: 'x', fingerprint: 'fp1' }))).toBe(
      cardIdentity(card({ id: 'y', fingerprint: 'fp1' })),
    );
  });
});
