import { msg } from '@lingui/core/macro';
import { VISIT_STATUS, type Visit } from '@telehealth/client/visits/schemas';
import { isApiError } from '@telehealth/client/errors';

/** A scheduled appointment (type 2 with a start), as opposed to walk-ins and e-consults. */
export function isAppointment(visit: Pick<Visit, 'type' | 'start' | 'subtype'>): boolean {
  return Number(visit.type) === 2 && typeof visit.start === 'number' && visit.subtype !== 4;
}

/** Whether the patient may still move or cancel it. */
export function isChangeable(visit: Pick<Visit, 'status' | 'start'>, now: number): boolean {
  return (
    (visit.status === VISIT_STATUS.pending || visit.status === VISIT_STATUS.confirmed) &&
    typeof visit.start === 'number' &&
    visit.start > now
  );
}

/** The booking or move was refused because someone else took the time first. */
export function isSlotTaken(error: unknown): boolean {
  return isApiError(error) && error.status === 409;
}

/** Shown with `i18n._(SLOT_TAKEN_MESSAGE)`. */
export const SLOT_TAKEN_MESSAGE = msg`Sorry, someone else just booked that time. Here are the nearest open times; please choose another.`;
