import { formatLocale } from '@/lib/locale';
import type { Consultation, Room } from '@telehealth/client/rooms/schemas';

/** Consultations a patient may choose: the room's, where `visible_to_patient` is not false. */
export function patientConsultations(room: Pick<Room, 'payment'>): Consultation[] {
  return (room.payment?.consultations ?? []).filter((c) => c.visible_to_patient !== false);
}

/** The room's payment currency (the spec shows `paymentCurrency` on detail and `currency` on creation). */
export function roomCurrency(room: Pick<Room, 'payment'>): string {
  return (room.payment?.paymentCurrency ?? room.payment?.currency ?? 'usd').toUpperCase();
}

/** True when choosing this consultation costs nothing (amount 0 or `charge` false). */
export function isFreeConsultation(c: Pick<Consultation, 'amount' | 'charge'>): boolean {
  return c.charge === false || !c.amount;
}

/** An amount in the room's currency; an unknown currency code shows the number and the code as sent. */
export function formatMoney(amount: number, currency: string): string {
  try {
    return new Intl.NumberFormat(formatLocale(), {
      style: 'currency',
      currency: currency.toUpperCase(),
    }).format(amount);
  } catch {
    return `${amount} ${currency.toUpperCase()}`;
  }
}

export function formatPrice(c: Pick<Consultation, 'amount' | 'charge'>, currency: string): string {
  return isFreeConsultation(c) ? 'No charge' : formatMoney(Number(c.amount), currency);
}
