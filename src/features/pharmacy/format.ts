import type { Pharmacy } from '@telehealth/client/erx/schemas';

/** "(718) 555-0101" for ten digits; anything else as sent. */
export function formatPhone(value: string | null | undefined): string {
  const digits = (value ?? '').replace(/\D/g, '');
  if (digits.length === 10) return `(${digits.slice(0, 3)}) ${digits.slice(3, 6)}-${digits.slice(6)}`;
  return value ?? '';
}

/** "12 Water Street, Brooklyn, NY 11201". */
export function pharmacyAddress(
  p: Pick<Pharmacy, 'address' | 'address_more' | 'city' | 'state' | 'zip'>,
): string {
  const street = [p.address, p.address_more].filter(Boolean).join(', ');
  const place = [p.city, [p.state, p.zip].filter(Boolean).join(' ')].filter(Boolean).join(', ');
  return [street, place].filter(Boolean).join(', ');
}
