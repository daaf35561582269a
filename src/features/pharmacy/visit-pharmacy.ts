import type { Pharmacy } from '@telehealth/client/erx/schemas';
import { formatPhone, pharmacyAddress } from './format';

/**
 * The pharmacy chosen for a visit, kept on the intake as custom fields (the spec has no field for
 * it; docs/spec-decisions.md): its code, and a one-line summary that reads the same wherever shown
 * (stored text, written in English whatever the page's language, and shown as sent).
 */
export const VISIT_PHARMACY_FIELDS = {
  code: 'pharmacy_code',
  summary: 'pharmacy',
} as const;

export function pharmacySummary(pharmacy: Pharmacy): string {
  const phone = pharmacy.phone ? ` · Phone ${formatPhone(pharmacy.phone)}` : '';
  return `${pharmacy.name}, ${pharmacyAddress(pharmacy)}${phone}`;
}
