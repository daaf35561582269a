import type { Pharmacy, Prescription } from '@telehealth/client/erx/schemas';
import { formatPhone, pharmacyAddress } from './format';

// The reason and the message below are written to the server for the care team, so they stay in
// English whatever the patient's page language (not messages: the clinic reads them as sent).

/** The custom intake field naming the prescription a refill request is about (docs/spec-decisions.md). */
export const REFILL_PRESCRIPTION_FIELD = 'refill_prescription_id';

/** The longest note a patient can add to a refill request. */
export const REFILL_NOTE_MAX = 1000;

/** The intake's reason: what the clinic's queue shows for the request. */
export function refillReason(rx: Pick<Prescription, 'Drug'>): string {
  return `Prescription refill request: ${rx.Drug}`;
}

/** "Harbor Pharmacy, 12 Water Street, Brooklyn, NY 11201 · Phone (718) 555-0101". */
export function pharmacyLine(pharmacy: Pharmacy): string {
  const address = pharmacyAddress(pharmacy);
  const phone = pharmacy.phone ? ` · Phone ${formatPhone(pharmacy.phone)}` : '';
  return `${pharmacy.name}${address ? `, ${address}` : ''}${phone}`;
}

/**
 * The first message of the request, for the clinician: the medicine with its strength (the spec's
 * `Drug`), the dose as prescribed (`Directions`), the quantity and prescriber when known, the
 * pharmacy to send it to, and the patient's note.
 */
export function refillMessage(
  rx: Pick<Prescription, 'Drug' | 'Directions' | 'Qty' | 'PrescriberName'>,
  pharmacy: Pharmacy | null,
  note: string,
): string {
  const lines = [
    'Please refill my prescription.',
    `Medicine: ${rx.Drug}`,
    rx.Directions ? `Dose and directions: ${rx.Directions}` : null,
    rx.Qty !== null && rx.Qty !== undefined ? `Quantity: ${rx.Qty}` : null,
    rx.PrescriberName ? `Prescribed by: ${rx.PrescriberName}` : null,
    pharmacy
      ? `Pharmacy: ${pharmacyLine(pharmacy)}`
      : 'Pharmacy: I have no pharmacy saved yet; please ask me where to send it.',
    note.trim() ? `\nAnything the clinic should know: ${note.trim()}` : null,
  ];
  return lines.filter((line): line is string => line !== null).join('\n');
}
