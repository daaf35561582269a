import { VISIT_STATUS } from '@telehealth/client/visits/schemas';
import { db, type SlotRecord, type VisitRecord } from '../db.ts';
import { namedError } from './errors.ts';

/** Error codes of a patient's second booking of one time (409, docs/spec-decisions.md). */
export const ALREADY_BOOKED = 'already_booked';
export const APPOINTMENT_OVERLAP = 'appointment_overlap';

/** Visit type 2 = scheduling (spec 4.4). */
const APPOINTMENT_TYPE = 2;

/** An appointment that still holds its time: scheduled, with a start and an end, not cancelled or completed. */
function heldTime(visit: VisitRecord): { start: number; end: number } | null {
  if (Number(visit.type) !== APPOINTMENT_TYPE) return null;
  if (visit.status === VISIT_STATUS.cancelled || visit.status === VISIT_STATUS.completed) return null;
  if (typeof visit.start !== 'number' || typeof visit.end !== 'number') return null;
  return { start: visit.start, end: visit.end };
}

const onSlot = (visit: VisitRecord, slot: SlotRecord) =>
  visit._slot_id === slot.id ||
  (visit.provider_id === slot.provider_id && visit.start === slot.start && visit.end === slot.end);

/**
 * A patient holds at most one place of a session and never two active appointments whose times
 * overlap, whoever the providers are. Booking and moving call this between finding the slot and
 * writing the visit, without awaiting, so two requests cannot both pass. `except` is the
 * appointment being moved.
 */
export function refuseDoubleBooking(memberId: string, slot: SlotRecord, except?: string): void {
  const held = db.visits
    .by('member', memberId)
    .filter((visit) => visit.id !== except)
    .map((visit) => ({ visit, time: heldTime(visit) }));
  if (held.some(({ visit, time }) => time && onSlot(visit, slot))) {
    throw namedError(409, ALREADY_BOOKED, 'You already have a place in this session.');
  }
  const clash = held.find(({ time }) => time && time.start < slot.end && time.end > slot.start)?.visit;
  if (!clash) return;
  const provider = typeof clash.provider_id === 'string' ? db.users.get(clash.provider_id) : undefined;
  const withWhom = provider?.full_name ? ` with ${String(provider.full_name)}` : '';
  throw namedError(
    409,
    APPOINTMENT_OVERLAP,
    `You already have an appointment${withWhom} at this time. Please choose another time.`,
  );
}
