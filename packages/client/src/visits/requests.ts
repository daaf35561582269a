import { apiJson, type CallOptions } from '../http.ts';
import { tolerantList } from '../common/schemas.ts';
import {
  VISIT_STATUS,
  VisitSchema,
  type AddEconsultInput,
  type RescheduleVisitInput,
  type Visit,
  type VisitFilter,
} from './schemas.ts';

const VisitListSchema = tolerantList(VisitSchema, 'visits');

/**
 * GET /visits: the caller's visits (a patient's own, a provider's assigned or hosted ones).
 * `fields` travels as a comma list; `recordings` must be among them to receive recording objects.
 */
export function listVisits(filter: VisitFilter, options: CallOptions = {}): Promise<Visit[]> {
  return apiJson({
    path: '/visits',
    auth: 'user',
    query: { ...filter, fields: filter.fields },
    schema: VisitListSchema,
    signal: options.signal,
  });
}

/** GET /visits/{id}: only a participant of the visit may read it (403 otherwise). */
export function getVisit(id: string, options: CallOptions = {}): Promise<Visit> {
  return apiJson({
    path: `/visits/${encodeURIComponent(id)}`,
    auth: 'user',
    schema: VisitSchema,
    signal: options.signal,
  });
}

export interface AddWalkinVisitInput {
  intake_id: string;
  room_code: string;
  /** The spec calls this "id of a scheduled appointment"; a walk-in has none, so the intake id stands in. */
  visit_data_id?: string;
  provider_id?: string;
  user_code?: string;
}

/**
 * POST /visits/add_walkin (parameters in the query string). Idempotent per intake in the mock:
 * the same intake answers with the visit it already created (case D32).
 */
export function addWalkinVisit(input: AddWalkinVisitInput, options: CallOptions = {}): Promise<Visit> {
  return apiJson({
    method: 'POST',
    path: '/visits/add_walkin',
    auth: 'user',
    query: {
      intake_id: input.intake_id,
      visit_data_id: input.visit_data_id ?? input.intake_id,
      room_code: input.room_code,
      provider_id: input.provider_id,
      user_code: input.user_code,
    },
    schema: VisitSchema,
    signal: options.signal,
  });
}

/** POST /visits/add_econsult (JSON body): an unscheduled, asynchronous visit. */
export function addEconsultVisit(input: AddEconsultInput, options: CallOptions = {}): Promise<Visit> {
  return apiJson({
    method: 'POST',
    path: '/visits/add_econsult',
    auth: 'user',
    body: { json: { intake_id: input.intake_id, room_code: input.room_code } },
    schema: VisitSchema,
    signal: options.signal,
  });
}

export interface BookVisitInput {
  intake_id: string;
  room_code: string;
  /** UNIX seconds of the chosen slot. */
  slot_start: number;
  slot_end: number;
  provider_id?: string;
  member_id?: string;
}

/**
 * POST /visits (spec 4.4, parameters in the query string): books an appointment (`type` 2) in the
 * chosen slot. Idempotent per intake in the mock; a slot taken meanwhile is refused with 409.
 */
export function bookVisit(input: BookVisitInput, options: CallOptions = {}): Promise<Visit> {
  return apiJson({
    method: 'POST',
    path: '/visits',
    auth: 'user',
    query: {
      slot_start: input.slot_start,
      slot_end: input.slot_end,
      room_code: input.room_code,
      type: 2,
      intake_id: input.intake_id,
      member_id: input.member_id,
      provider_id: input.provider_id,
    },
    schema: VisitSchema,
    signal: options.signal,
  });
}

/** POST /visits/{id}?version=2&slot_start=…: moves an appointment to another open slot. */
export function rescheduleVisit(
  id: string,
  input: RescheduleVisitInput,
  options: CallOptions = {},
): Promise<Visit> {
  return apiJson({
    method: 'POST',
    path: `/visits/${encodeURIComponent(id)}`,
    auth: 'user',
    query: { version: 2, ...input },
    schema: VisitSchema,
    signal: options.signal,
  });
}

/**
 * POST /visits/{id}?version=2&status=40: cancels an appointment. The spec names no cancel
 * operation; this is the portal's reading (docs/spec-decisions.md, Scheduling).
 */
export function cancelVisit(id: string, options: CallOptions = {}): Promise<Visit> {
  return apiJson({
    method: 'POST',
    path: `/visits/${encodeURIComponent(id)}`,
    auth: 'user',
    query: { version: 2, status: VISIT_STATUS.cancelled },
    schema: VisitSchema,
    signal: options.signal,
  });
}

/**
 * A provider's action on a visit through `POST /visits/{id}?version=2` (docs/spec-decisions.md,
 * "Provider workspace"): `take` sends `provider_id` = the provider; `start`, `complete` and `cancel`
 * send `status` 25, 30 and 40 (a cancel with its `reason`). Repeating an action the visit already
 * reflects answers the visit as it is; a visit that moved on meanwhile is refused with 409.
 */
export type ProviderVisitAction =
  | { action: 'take'; providerId: string }
  | { action: 'start' }
  | { action: 'complete' }
  | { action: 'cancel'; reason: string };

const ACTION_STATUS = {
  start: VISIT_STATUS.inProgress,
  complete: VISIT_STATUS.completed,
  cancel: VISIT_STATUS.cancelled,
} as const;

export function actOnVisit(
  id: string,
  input: ProviderVisitAction,
  options: CallOptions = {},
): Promise<Visit> {
  const query =
    input.action === 'take'
      ? { version: 2, provider_id: input.providerId }
      : input.action === 'cancel'
        ? { version: 2, status: ACTION_STATUS.cancel, reason: input.reason }
        : { version: 2, status: ACTION_STATUS[input.action] };
  return apiJson({
    method: 'POST',
    path: `/visits/${encodeURIComponent(id)}`,
    auth: 'user',
    query,
    schema: VisitSchema,
    signal: options.signal,
  });
}
