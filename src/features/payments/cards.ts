import type { PaymentSource } from '@/api/billing/schemas';
import type { Room } from '@/api/rooms/schemas';

/** Has the card's expiry month passed? A card is good through the last day of its month. */
export function isExpired(source: PaymentSource, now: Date = new Date()): boolean {
  const year = source.exp_year ?? null;
  const month = source.exp_month ?? null;
  if (!year || !month) return false;
  const y = now.getFullYear();
  return year < y || (year === y && month < now.getMonth() + 1);
}

export function expiryText(source: PaymentSource): string {
  if (!source.exp_month || !source.exp_year) return 'no expiry date';
  return `${String(source.exp_month).padStart(2, '0')}/${source.exp_year}`;
}

/** "Visa ending 4242". */
export function cardName(source: Pick<PaymentSource, 'brand' | 'last4'>): string {
  const brand = source.brand || 'Card';
  return source.last4 ? `${brand} ending ${source.last4}` : brand;
}

/**
 * Sources are scoped by room and, when the room prices per provider, by provider too. The spec
 * names no room setting for that; this portal reads `payment.per_provider` (docs/spec-decisions.md).
 */
export function sourceScope(
  room: Room,
  providerId: string | null | undefined,
): { room_code: string; provider_id?: string } {
  const payment = room.payment as { per_provider?: unknown } | undefined;
  const perProvider = payment?.per_provider === true || payment?.per_provider === 1;
  return perProvider && providerId
    ? { room_code: room.code, provider_id: providerId }
    : { room_code: room.code };
}
