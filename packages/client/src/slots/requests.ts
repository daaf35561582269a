import { apiJson, type CallOptions } from '../http.ts';
import { tolerantList } from '../common/schemas.ts';
import {
  AvailabilitySchema,
  SlotDeleteResultSchema,
  SlotSchema,
  type Availability,
  type AvailabilityQuery,
  type Slot,
  type SlotDeleteResult,
  type SlotFilter,
} from './schemas.ts';

const SlotListSchema = tolerantList(SlotSchema, 'slots');

/**
 * GET /availability: open times of a room (or of the intake's room) from `start` to `end`.
 * Pass `intake_id` when a patient is picking, `consultation_id` to get its slot length.
 */
export function listAvailability(query: AvailabilityQuery, options: CallOptions = {}): Promise<Availability> {
  return apiJson({
    path: '/availability',
    auth: 'user',
    query: { ...query },
    schema: AvailabilitySchema,
    signal: options.signal,
  });
}

/** GET /slots: slots from `start` to `end`, filtered by status, type, provider, room and more. */
export function listSlots(filter: SlotFilter, options: CallOptions = {}): Promise<Slot[]> {
  return apiJson({
    path: '/slots',
    auth: 'user',
    query: { ...filter },
    schema: SlotListSchema,
    signal: options.signal,
  });
}

/** GET /slots/available: open slots with their group, provider and account. */
export function listAvailableSlots(options: CallOptions = {}): Promise<Slot[]> {
  return apiJson({ path: '/slots/available', auth: 'user', schema: SlotListSchema, signal: options.signal });
}

/** DELETE /slots/{id}: one slot; answers how many slots and groups went. */
export function deleteSlot(id: string, options: CallOptions = {}): Promise<SlotDeleteResult> {
  return apiJson({
    method: 'DELETE',
    path: `/slots/${encodeURIComponent(id)}`,
    auth: 'user',
    schema: SlotDeleteResultSchema,
    signal: options.signal,
  });
}

/** DELETE /slots/groups/{groupId}: the group and all its slots. */
export function deleteSlotGroup(groupId: string, options: CallOptions = {}): Promise<SlotDeleteResult> {
  return apiJson({
    method: 'DELETE',
    path: `/slots/groups/${encodeURIComponent(groupId)}`,
    auth: 'user',
    schema: SlotDeleteResultSchema,
    signal: options.signal,
  });
}
