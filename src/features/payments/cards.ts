import { t } from '@lingui/core/macro';
import type { PaymentSource } from '@telehealth/client/billing/schemas';
import type { Room } from '@telehealth/client/rooms/schemas';
import { browserTimeZone, calendarDateIn } from '@/lib/dates';

/**
 * Has the card's expiry month passed? A card is good through the last day of its month, and the
 * month is the viewer's: `zone` is the profile's time zone (`useViewerTimeZone`), `now` UNIX seconds.
 */
export function isExpired(
  source: Pick<PaymentSource, 'exp_month' | 'exp_year'>,
  now: number = Date.now() / 1000,
  zone: string = browserTimeZone(),
): boolean {
  const year = source.exp_year ?? null;
  const month = source.exp_month ?? null;
  if (!year || !month) return false;
  const [y = 0, m = 0] = calendarDateIn(now, zone).split('-').map(Number);
  return year < y || (year === y && month < m);
}

export function expiryText(source: PaymentSource): string {
  if (!source.exp_month || !source.exp_year) return t`no expiry date`;
  return `${String(source.exp_month).padStart(2, '0')}/${source.exp_year}`;
}

/** "Visa ending 4242". */
export function cardName(source: Pick<PaymentSource, 'brand' | 'last4'>): string {
  const brand = source.brand || t({ message: 'Card', context: 'a payment card whose brand is unknown' });
  const last4 = source.last4;
  return last4 ? t`${brand} ending ${last4}` : brand;
}

/**
 * Sources are scoped by room and, when the room prices per provider, by provider too. The spec
 * names no room setting for that; this portal reads `payment.per_provider` (docs/spec-decisions.md).
 */
export function sourceScope(
  room: Pick<Room, 'code' | 'payment'>,
  providerId: string | null | undefined,
): { room_code: string; provider_id?: string } {
  const payment = room.payment as { per_provider?: unknown } | undefined;
  const perProvider = payment?.per_provider === true || payment?.per_provider === 1;
  return perProvider && providerId
    ? { room_code: room.code, provider_id: providerId }
    : { room_code: room.code };
}

/** One room a wallet card is saved in, and the stored card there. */
export interface WalletCopy {
  room: Pick<Room, 'code' | 'name' | 'payment'>;
  source: PaymentSource;
}

/** A card as the patient thinks of it: once, with every room it is saved in. */
export interface WalletCard {
  key: string;
  card: PaymentSource;
  copies: WalletCopy[];
}

/**
 * What makes two stored sources one card: brand, last four digits, expiry, and the processor's
 * `fingerprint` when the server sends one (spec 2.9 does not list it; a card saved in two rooms is
 * otherwise told apart only by these).
 */
export function cardIdentity(source: PaymentSource): string {
  const fingerprint = typeof source.fingerprint === 'string' ? source.fingerprint : '';
  return [source.brand ?? '', source.last4 ?? '', source.exp_month ?? '', source.exp_year ?? '', fingerprint]
    .join('|')
    .toLowerCase();
}

/**
 * One wallet from the per-room lists (spec 4.6 scopes sources by room): each card once, in the
 * order first seen (rooms in their order, each list newest first), with the rooms it is saved in.
 */
export function walletOf(
  lists: { room: Pick<Room, 'code' | 'name' | 'payment'>; sources: PaymentSource[] }[],
): WalletCard[] {
  const cards = new Map<string, WalletCard>();
  for (const { room, sources } of lists) {
    for (const source of sources) {
      const key = cardIdentity(source);
      const known = cards.get(key);
      if (known) known.copies.push({ room, source });
      else cards.set(key, { key, card: source, copies: [{ room, source }] });
    }
  }
  return [...cards.values()];
}

/** "General practice, Dermatology". */
export function roomNames(copies: WalletCopy[]): string {
  return copies.map((copy) => copy.room.name).join(', ');
}
