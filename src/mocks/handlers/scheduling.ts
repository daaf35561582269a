import { http, type HttpHandler } from 'msw';
import { AvailabilitySchema } from '@/api/slots/schemas';
import { VISIT_STATUS, VisitSchema } from '@/api/visits/schemas';
import { db, nowSeconds, type Rec, type UserRecord } from '../db';
import { requireUser } from '../lib/auth';
import { namedError } from '../lib/errors';
import { optionalInt, optionalString, queryOf, requiredInt, requiredString } from '../lib/params';
import { ok } from '../lib/respond';
import { api } from '../lib/routes';
import { groupCapacity } from '../lib/slot-groups';
import { findRoom, roomProviders } from './rooms';
import { createVisit, existingVisitOf, intakeOf, roomFor, withIntake } from './visits';

/**
 * Scheduling (spec 4.4 availability and booking, 4.5 slots). Availability is computed from the
 * slots the groups define (mocks/lib/slot-groups.ts) minus the visits booked on them; booking
 * checks and writes without awaiting in between, so two requests for the last place cannot both
 * win. Errors use the visit family's `{error, message}` shape (spec section 7).
 */

const fail = (message: string) => namedError(400, 'bad_request', message);
const AUTH = { account: true, style: 'named' } as const;

/** The longest availability window one request may ask for (the spec states none). */
export const MAX_WINDOW_SECONDS = 92 * 24 * 3600;

/** Visit type 2 = scheduling (spec 4.4). */
const SCHEDULED_TYPE = 2;

/** Error code of a refused booking of a full slot (409, docs/spec-decisions.md). */
export const SLOT_TAKEN = 'slot_unavailable';

const isActive = (visit: Rec) =>
  visit.status !== VISIT_STATUS.cancelled && visit.status !== VISIT_STATUS.completed;

/** Active visits of the slot's provider that overlap it: its booked places. */
export function bookedPlaces(slot: Rec, except?: string): number {
  const start = Number(slot.start);
  const end = Number(slot.end);
  let count = 0;
  for (const visit of db.visits.values()) {
    if (visit.id === except || !isActive(visit)) continue;
    if (visit._slot_id === slot.id) {
      count += 1;
      continue;
    }
    if (visit.provider_id !== slot.provider_id || typeof visit.start !== 'number') continue;
    const visitEnd = typeof visit.end === 'number' ? visit.end : visit.start;
    if (visit.start < end && visitEnd > start) count += 1;
  }
  return count;
}

export const groupOf = (slot: Rec) =>
  typeof slot.group_id === 'string' ? db.slotGroups.get(slot.group_id) : undefined;

export function placesLeft(slot: Rec, except?: string): number {
  return Math.max(0, groupCapacity(groupOf(slot)) - bookedPlaces(slot, except));
}

const consultationIdOf = (group: Rec | undefined) =>
  (group?.consultation as { id?: unknown } | null | undefined)?.id;

function statesOf(provider: UserRecord | undefined): string[] {
  return Array.isArray(provider?.states_serviced) ? (provider.states_serviced as string[]) : [];
}

interface OfferFilter {
  roomCode: string;
  accountCode: string;
  start: number;
  end: number;
  providerId?: string;
  consultationId?: string;
  /** Seconds. */
  duration?: number;
  location?: string;
}

/** Open slots a patient may book: the room's providers, in the window, not in the past, with a place left. */
export function offeredSlots(filter: OfferFilter, except?: string): Rec[] {
  const t = nowSeconds();
  const providers = new Map(roomProviders(filter.roomCode).map((p) => [p.id, p]));
  return [...db.slots.values()]
    .filter((slot) => slot.account_code === filter.accountCode && slot.status === 10)
    .filter((slot) => providers.has(String(slot.provider_id)))
    .filter((slot) => !filter.providerId || slot.provider_id === filter.providerId)
    .filter((slot) => Number(slot.start) >= filter.start && Number(slot.start) < filter.end)
    .filter((slot) => Number(slot.start) > t)
    .filter((slot) => !filter.consultationId || consultationIdOf(groupOf(slot)) === filter.consultationId)
    .filter((slot) => !filter.duration || Number(slot.end) - Number(slot.start) === filter.duration)
    .filter(
      (slot) =>
        !filter.location || statesOf(providers.get(String(slot.provider_id))).includes(filter.location),
    )
    .filter((slot) => placesLeft(slot, except) > 0)
    .sort(
      (a, b) =>
        Number(a.start) - Number(b.start) || String(a.provider_id).localeCompare(String(b.provider_id)),
    );
}

function roomConsultation(room: Rec, id: string): Rec {
  const consultations = (room.payment as { consultations?: Rec[] } | undefined)?.consultations ?? [];
  const found = consultations.find((c) => c.id === id);
  if (!found) throw fail(`consultation_id ${id} is not a consultation of room ${String(room.code)}`);
  return found;
}

function readLocation(query: URLSearchParams): string | undefined {
  const value = optionalString(query, 'location');
  if (value === undefined) return undefined;
  if (!/^[A-Za-z]{2}$/.test(value)) throw fail('location must be a two-letter state code');
  return value.toUpperCase();
}

function readWindow(query: URLSearchParams): { start: number; end: number } {
  const start = requiredInt(query, 'start', fail, { min: 0 });
  const end = requiredInt(query, 'end', fail, { min: 0 });
  if (end < start) throw fail('end must not be before start');
  if (end - start > MAX_WINDOW_SECONDS) throw fail('the window from start to end may span at most 92 days');
  return { start, end };
}

function availabilityBody(slots: Rec[], except?: string) {
  const slotData: Record<string, unknown> = {};
  const list = slots.map((slot) => {
    const group = groupOf(slot);
    const capacity = groupCapacity(group);
    const left = placesLeft(slot, except);
    slotData[slot.id] = {
      id: slot.id,
      provider_id: slot.provider_id,
      account_code: slot.account_code,
      start: slot.start,
      end: slot.end,
      group_id: slot.group_id ?? null,
      status: slot.status,
      consultation: {
        duration: Math.round((Number(slot.end) - Number(slot.start)) / 60),
        slots: capacity,
      },
    };
    return {
      slot_id: slot.id,
      slot_start: slot.start,
      slot_end: slot.end,
      slot_booked: capacity - left,
      slot_available: left,
      group_id: slot.group_id ?? null,
    };
  });
  return { slots: list, slot_data: slotData };
}

/** The open slot a booking asks for, or the right refusal: 409 when it exists but is full. */
function slotToBook(
  user: UserRecord,
  room: Rec,
  start: number,
  end: number,
  providerId?: string,
  except?: string,
): Rec {
  const filter = {
    roomCode: String(room.code),
    accountCode: user.account_code,
    start,
    end: start + 1,
    providerId,
  };
  const matching = (slot: Rec) => Number(slot.start) === start && Number(slot.end) === end;
  const open = offeredSlots(filter, except).filter(matching);
  if (open[0]) return open[0];
  const exists = [...db.slots.values()].some(
    (slot) =>
      matching(slot) &&
      slot.account_code === user.account_code &&
      slot.status === 10 &&
      (!providerId || slot.provider_id === providerId) &&
      roomProviders(String(room.code)).some((p) => p.id === slot.provider_id),
  );
  if (exists && start > nowSeconds()) {
    throw namedError(409, SLOT_TAKEN, 'That time is no longer available. Please choose another time.');
  }
  throw fail(`No open slot from ${start} to ${end} in room ${String(room.code)}`);
}

const appointmentsEnabled = (room: Rec) =>
  (room.visits as { appointment?: { enabled?: boolean } } | undefined)?.appointment?.enabled === true;

export const schedulingHandlers: HttpHandler[] = [
  http.get(api('/availability'), ({ request }) => {
    const { user } = requireUser(request, AUTH);
    const query = queryOf(request);
    const { start, end } = readWindow(query);
    const intakeId = optionalString(query, 'intake_id');
    const intake = intakeId ? intakeOf(user, intakeId) : undefined;
    const roomCode =
      optionalString(query, 'room_code') ??
      (typeof intake?.room_code === 'string' ? intake.room_code : undefined);
    if (!roomCode) throw fail('room_code is required unless intake_id is given');
    const room = findRoom(roomCode, user.account_code);
    if (!room) throw fail(`Room ${roomCode} not found`);
    const consultationId = optionalString(query, 'consultation_id');
    if (consultationId) roomConsultation(room, consultationId);
    const duration = optionalInt(query, 'duration', fail, { min: 60 });
    const providerId = optionalString(query, 'provider_id');
    if (providerId && !roomProviders(roomCode).some((p) => p.id === providerId)) {
      throw fail(`Provider ${providerId} does not work in room ${roomCode}`);
    }
    const location = readLocation(query);
    // The intake's own appointment does not hide its time from a patient moving it.
    const except = typeof intake?.visit_id === 'string' ? intake.visit_id : undefined;
    const slots = offeredSlots(
      {
        roomCode,
        accountCode: user.account_code,
        start,
        end,
        providerId,
        consultationId,
        duration,
        location,
      },
      except,
    );
    return ok(AvailabilitySchema, availabilityBody(slots, except));
  }),

  /** Books an appointment (type 2). Idempotent per intake: a retry gets the visit already made. */
  http.post(api('/visits'), ({ request }) => {
    const { user } = requireUser(request, AUTH);
    const query = queryOf(request);
    const slotStart = requiredInt(query, 'slot_start', fail, { min: 0 });
    const slotEnd = requiredInt(query, 'slot_end', fail, { min: 0 });
    const roomCode = requiredString(query, 'room_code', fail);
    const type = requiredInt(query, 'type', fail);
    if (type !== SCHEDULED_TYPE) throw fail('type must be 2 (scheduling)');
    const intakeId = requiredString(query, 'intake_id', fail);
    if (slotEnd <= slotStart) throw fail('slot_end must be after slot_start');
    const memberCode = optionalString(query, 'member_id');
    if (memberCode && memberCode !== user.code && memberCode !== user.id) {
      throw fail('member_id must be the signed-in patient');
    }
    const providerId = optionalString(query, 'provider_id');
    const intake = intakeOf(user, intakeId);
    const room = roomFor(user, intake, roomCode);
    const existing = existingVisitOf(intake);
    if (existing) return ok(VisitSchema, withIntake(existing));
    if (!appointmentsEnabled(room)) throw fail(`Room ${roomCode} does not take appointments`);
    const slot = slotToBook(
      user,
      room,
      slotStart,
      slotEnd,
      providerId && providerId !== '0' ? providerId : undefined,
    );
    const visit = createVisit(user, intake, room, {
      type: SCHEDULED_TYPE,
      start: slot.start,
      end: slot.end,
      provider_id: slot.provider_id,
      _slot_id: slot.id,
    });
    return ok(VisitSchema, withIntake(visit));
  }),
];
