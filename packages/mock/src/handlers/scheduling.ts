import { http, HttpResponse, type HttpHandler } from 'msw';
import { z } from 'zod';
import { AvailabilitySchema, SlotDeleteResultSchema, SlotSchema } from '@telehealth/client/slots/schemas';
import { VISIT_STATUS, VisitSchema } from '@telehealth/client/visits/schemas';
import { CUSTOM_FIELDS } from '@telehealth/client/intakes/custom-fields';
import {
  db,
  nowSeconds,
  type RoomRecord,
  type SlotGroupRecord,
  type SlotRecord,
  type UserRecord,
  type VisitRecord,
} from '../db.ts';
import { isStaff, requireUser } from '../lib/auth.ts';
import { namedError } from '../lib/errors.ts';
import { optionalInt, optionalString, queryOf, requiredInt, requiredString } from '../lib/params.ts';
import { isSpecProfile } from '../lib/profile.ts';
import { ok } from '../lib/respond.ts';
import { api, mockControl } from '../lib/routes.ts';
import { BOOKING_NOTICE_SECONDS, groupCapacity } from '../lib/slot-groups.ts';
import { PAYMENT_REQUIRED } from './billing.ts';
import { findRoom, roomProviders, wire } from './rooms.ts';
import { refuseDoubleBooking } from '../lib/booking-rules.ts';
import { applyProviderAction, isProviderAction, refuseColleaguesVisit } from './visit-actions.ts';
import {
  createVisit,
  existingVisitOf,
  intakeOf,
  isParticipant,
  person,
  roomFor,
  visitOr404,
  withIntake,
} from './visits.ts';

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

const isActive = (visit: VisitRecord) =>
  visit.status !== VISIT_STATUS.cancelled && visit.status !== VISIT_STATUS.completed;

/**
 * How a slot is taken: `onSlot` counts the active visits booked on it (by id, or at exactly its
 * times with its provider); `elsewhere` counts the provider's other active visits that overlap it.
 */
function occupancy(slot: SlotRecord, except?: string): { onSlot: number; elsewhere: number } {
  const { start, end } = slot;
  let onSlot = 0;
  let elsewhere = 0;
  for (const visit of db.visits.values()) {
    if (visit.id === except || !isActive(visit)) continue;
    if (visit._slot_id === slot.id) {
      onSlot += 1;
      continue;
    }
    if (visit.provider_id !== slot.provider_id || typeof visit.start !== 'number') continue;
    const visitEnd = typeof visit.end === 'number' ? visit.end : visit.start;
    if (visit.start === start && visitEnd === end) onSlot += 1;
    else if (visit.start < end && visitEnd > start) elsewhere += 1;
  }
  return { onSlot, elsewhere };
}

/** Places of the slot that are taken: its bookings, or all of them while its provider is busy elsewhere. */
export function bookedPlaces(slot: SlotRecord, except?: string): number {
  const { onSlot, elsewhere } = occupancy(slot, except);
  return elsewhere > 0 ? Math.max(onSlot, groupCapacity(groupOf(slot))) : onSlot;
}

export const groupOf = (slot: SlotRecord) => (slot.group_id ? db.slotGroups.get(slot.group_id) : undefined);

export function placesLeft(slot: SlotRecord, except?: string): number {
  return Math.max(0, groupCapacity(groupOf(slot)) - bookedPlaces(slot, except));
}

const consultationIdOf = (group: SlotGroupRecord | undefined) => group?.consultation?.id;

function statesOf(provider: UserRecord | undefined): string[] {
  return Array.isArray(provider?.states_serviced) ? provider.states_serviced : [];
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
export function offeredSlots(filter: OfferFilter, except?: string): SlotRecord[] {
  const t = nowSeconds();
  const providers = new Map(roomProviders(filter.roomCode).map((p) => [p.id, p]));
  return [...db.slots.values()]
    .filter((slot) => slot.account_code === filter.accountCode && slot.status === 10)
    .filter((slot) => providers.has(slot.provider_id))
    .filter((slot) => !filter.providerId || slot.provider_id === filter.providerId)
    .filter((slot) => slot.start >= filter.start && slot.start < filter.end)
    .filter((slot) => slot.start > t + BOOKING_NOTICE_SECONDS)
    .filter((slot) => !filter.consultationId || consultationIdOf(groupOf(slot)) === filter.consultationId)
    .filter((slot) => !filter.duration || slot.end - slot.start === filter.duration)
    .filter((slot) => !filter.location || statesOf(providers.get(slot.provider_id)).includes(filter.location))
    .filter((slot) => placesLeft(slot, except) > 0)
    .sort((a, b) => a.start - b.start || a.provider_id.localeCompare(b.provider_id));
}

function roomConsultation(room: RoomRecord, id: string) {
  const consultations = room.payment?.consultations ?? [];
  const found = consultations.find((c) => c.id === id);
  if (!found) throw fail(`consultation_id ${id} is not a consultation of room ${room.code}`);
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

function availabilityBody(slots: SlotRecord[], except?: string) {
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
        duration: Math.round((slot.end - slot.start) / 60),
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
  room: RoomRecord,
  start: number,
  end: number,
  providerId?: string,
  except?: string,
  /** A provider to keep when several have the time (a moved appointment keeps its own). */
  prefer?: unknown,
  /** The consultation paid for: when several slots have the time, one offered for it wins. */
  consultationId?: string,
): SlotRecord {
  const filter = {
    roomCode: room.code,
    accountCode: user.account_code,
    start,
    end: start + 1,
    providerId,
  };
  const matching = (slot: SlotRecord) => slot.start === start && slot.end === end;
  const open = offeredSlots(filter, except).filter(matching);
  const fits = (slot: SlotRecord) =>
    !consultationId || String(consultationIdOf(groupOf(slot))) === consultationId;
  const preferred =
    open.find((slot) => slot.provider_id === prefer && fits(slot)) ??
    open.find(fits) ??
    open.find((slot) => slot.provider_id === prefer) ??
    open[0];
  if (preferred) return preferred;
  const exists = [...db.slots.values()].some(
    (slot) =>
      matching(slot) &&
      slot.account_code === user.account_code &&
      slot.status === 10 &&
      (!providerId || slot.provider_id === providerId) &&
      roomProviders(room.code).some((p) => p.id === slot.provider_id),
  );
  if (exists && start > nowSeconds()) {
    throw namedError(409, SLOT_TAKEN, 'That time is no longer available. Please choose another time.');
  }
  throw fail(`No open slot from ${start} to ${end} in room ${room.code}`);
}

const appointmentsEnabled = (room: RoomRecord) => room.visits?.appointment?.enabled === true;

const forbidden = (message: string) => namedError(403, 'forbidden', message);

/** `version=2` marks update operations on a visit (spec 4.4, section 9). */
const UPDATE_VERSION = 2;

/**
 * What the spec shows of `POST /visits/{id}`: "update of an appointment (time or provider)" with
 * `version` and `slot_start` (4.4); `slot_end` and `provider_id` are read as the rest of a time or
 * provider change, as on `POST /visits`. Status changes (cancel, leave the queue, a provider's
 * take, start and complete) are the `visit-status` extension.
 */
const SPEC_UPDATE_PARAMETERS = new Set(['version', 'slot_start', 'slot_end', 'provider_id']);

/** Spec profile: anything else is an unknown parameter set, refused as a bad request (spec 7). */
function refuseBeyondSpec(query: URLSearchParams): void {
  const unknown = [...new Set(query.keys())].filter((key) => !SPEC_UPDATE_PARAMETERS.has(key));
  if (unknown.length) throw fail(`Unknown parameter for an appointment update: ${unknown.join(', ')}`);
  if (!query.has('slot_start')) throw fail('slot_start is required to update an appointment');
}

/** The clinic's providers and administrators manage slots; patients only read them. */
function canManageSlot(user: UserRecord, slot: SlotRecord | SlotGroupRecord): boolean {
  if (!isStaff(user)) return false;
  const isAdmin = user.is_admin === true || (user.roles ?? []).includes('clinic_admin');
  return isAdmin || slot.provider_id === user.id;
}

function slotProvider(id: unknown) {
  const provider = typeof id === 'string' ? db.users.get(id) : undefined;
  if (!provider) return null;
  const rooms = Array.isArray(provider.rooms) ? provider.rooms : [];
  return {
    id: provider.id,
    username: provider.username,
    email: provider.email,
    platformid: typeof provider.platformid === 'string' ? provider.platformid : '',
    full_name: provider.full_name,
    specialties: Array.isArray(provider.specialties) ? provider.specialties : [],
    states_serviced: statesOf(provider),
    clinics: provider.clinics,
    rooms: rooms
      .map((r) => db.rooms.get(r.code))
      .filter((room): room is RoomRecord => room !== undefined)
      .map((room) => ({
        id: room.id,
        code: room.code,
        name: room.name,
        slug: room.slug,
        domain: room.domain,
        account_code: room.account_code,
      })),
  };
}

/** A slot with its group, provider and account embedded (spec 2.8). */
function slotBody(slot: SlotRecord): Record<string, unknown> {
  const group = groupOf(slot);
  const account = db.accounts.get(slot.account_code);
  return {
    ...wire(slot),
    group: group ? wire(group) : null,
    provider: slotProvider(slot.provider_id),
    account: account
      ? { id: account.id, name: account.name, domain: account.domain, code: account.code }
      : null,
  };
}

const isGroupSlot = (slot: SlotRecord) =>
  groupCapacity(groupOf(slot)) > 1 || groupOf(slot)?.visit_type === 'group';

function providerRoomCodes(providerId: unknown): string[] {
  const provider = typeof providerId === 'string' ? db.users.get(providerId) : undefined;
  return Array.isArray(provider?.rooms) ? provider.rooms.map((r) => r.code) : [];
}

const listParam = (value: string | undefined) =>
  (value ?? '')
    .split(',')
    .map((v) => v.trim())
    .filter(Boolean);

/**
 * The consultation an appointment was booked and paid for: its intake's, else its slot's. A move
 * keeps it (the slot's consultation must be the one paid for, DESIGN.md section 4).
 */
function bookedConsultationOf(visit: VisitRecord): { id: string; name: string } | undefined {
  const intake = typeof visit.intake_id === 'string' ? db.intakes.get(visit.intake_id) : undefined;
  const saved = intake?.[CUSTOM_FIELDS.consultationId];
  const fromIntake = typeof saved === 'string' ? saved : '';
  const slot = typeof visit._slot_id === 'string' ? db.slots.get(visit._slot_id) : undefined;
  const fromSlot = slot ? consultationIdOf(groupOf(slot)) : undefined;
  const id = fromIntake || (fromSlot === undefined ? '' : String(fromSlot));
  if (!id) return undefined;
  const room = findRoom(String(visit.room_code), String(visit.account_code));
  const known = room?.payment?.consultations?.find((c) => String(c.id) === id);
  const description = known?.description ?? (slot ? groupOf(slot)?.consultation?.description : undefined);
  return { id, name: typeof description === 'string' && description ? description : 'consultation' };
}

function refuseOtherConsultation(kept: { id: string; name: string } | undefined, slot: SlotRecord): void {
  const offered = groupOf(slot)?.consultation;
  if (!kept || offered?.id === undefined || String(offered.id) === kept.id) return;
  const name =
    typeof offered.description === 'string' && offered.description
      ? offered.description
      : 'another consultation';
  throw namedError(
    402,
    PAYMENT_REQUIRED,
    `That time is for ${name}, but your appointment is for ${kept.name}. Please choose another time.`,
  );
}

/** A walk-in waits in its room's queue; it is never moved onto an appointment time (docs/spec-decisions.md). */
const WALKIN_NOT_MOVED =
  'A walk-in visit waits in the queue and cannot be moved to an appointment time. To book an appointment, leave the queue and choose a time.';

/** A cancelled visit is 40; only scheduled visits that have not started can move or be cancelled. */
function checkChangeable(visit: VisitRecord): void {
  if (visit.status === VISIT_STATUS.completed || visit.status === VISIT_STATUS.inProgress) {
    throw fail('A visit that has started or ended cannot be changed');
  }
  if (visit.start === null || visit.start === undefined)
    throw fail('Only scheduled appointments can be changed');
}

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
    const consultationId = intake[CUSTOM_FIELDS.consultationId];
    const slot = slotToBook(
      user,
      room,
      slotStart,
      slotEnd,
      providerId && providerId !== '0' ? providerId : undefined,
      undefined,
      undefined,
      typeof consultationId === 'string' ? consultationId : undefined,
    );
    refuseDoubleBooking(user.id, slot);
    // createVisit refuses an unpaid consultation and a slot of another one (DESIGN.md section 4).
    const visit = createVisit(user, intake, room, {
      type: SCHEDULED_TYPE,
      start: slot.start,
      end: slot.end,
      provider_id: slot.provider_id,
      _slot_id: slot.id,
    });
    return ok(VisitSchema, withIntake(visit));
  }),

  /**
   * Updates an appointment (`version=2`): `slot_start` (with `slot_end`, else the same length)
   * moves it to another open slot and frees the old one; `status=40` cancels it and frees its
   * place (a portal decision, docs/spec-decisions.md). Repeating either answers the visit as it is.
   */
  http.post(api('/visits/:id'), ({ request, params }) => {
    const { user, clinic } = requireUser(request, AUTH);
    const query = queryOf(request);
    const visit = visitOr404(String(params.id), clinic);
    if (!isParticipant(user, visit)) throw forbidden('Not a participant on this visit');
    const version = requiredInt(query, 'version', fail);
    if (version !== UPDATE_VERSION) throw fail('version must be 2 for update operations');
    if (isSpecProfile()) refuseBeyondSpec(query);
    // A provider's take, start, complete or cancel (mocks/handlers/visit-actions.ts).
    if (isProviderAction(user, visit, query)) {
      return ok(VisitSchema, withIntake(applyProviderAction(user, visit, query)));
    }
    refuseColleaguesVisit(user, visit);
    const status = optionalInt(query, 'status', fail);
    const slotStart = optionalInt(query, 'slot_start', fail, { min: 0 });
    if (status === undefined && slotStart === undefined)
      throw fail('Nothing to update: send slot_start or status');
    if (status !== undefined && slotStart !== undefined)
      throw fail('Send either slot_start or status, not both');
    const t = nowSeconds();
    if (status !== undefined) {
      if (status !== VISIT_STATUS.cancelled) throw fail('status may only be set to 40 (cancelled)');
      if (visit.status === VISIT_STATUS.cancelled) return ok(VisitSchema, withIntake(visit));
      checkChangeable(visit);
      visit.status = VISIT_STATUS.cancelled;
      visit.modified = t;
      return ok(VisitSchema, withIntake(visit));
    }
    if (visit.status === VISIT_STATUS.cancelled) throw fail('A cancelled appointment cannot be moved');
    checkChangeable(visit);
    if (Number(visit.type) !== SCHEDULED_TYPE) throw fail(WALKIN_NOT_MOVED);
    const length = Number(visit.end) - Number(visit.start);
    const slotEnd = optionalInt(query, 'slot_end', fail, { min: 0 }) ?? (slotStart ?? 0) + length;
    if (slotStart === undefined || slotEnd <= slotStart) throw fail('slot_end must be after slot_start');
    const providerParam = optionalString(query, 'provider_id');
    const named = providerParam && providerParam !== '0' ? providerParam : undefined;
    // Staff move a visit only onto their own times: another provider's slot would hand it to them.
    const staffMove = isStaff(user) && visit.member_id !== user.id;
    if (staffMove && named && named !== user.id) throw fail('provider_id may only be your own id');
    const providerId = staffMove ? user.id : named;
    if (
      visit.start === slotStart &&
      visit.end === slotEnd &&
      (!providerId || visit.provider_id === providerId)
    ) {
      return ok(VisitSchema, withIntake(visit));
    }
    const room = findRoom(String(visit.room_code), user.account_code);
    if (!room) throw fail(`Room ${String(visit.room_code)} not found`);
    const kept = bookedConsultationOf(visit);
    const slot = slotToBook(
      user,
      room,
      slotStart,
      slotEnd,
      providerId,
      String(visit.id),
      visit.provider_id,
      kept?.id,
    );
    refuseOtherConsultation(kept, slot);
    refuseDoubleBooking(String(visit.member_id), slot, String(visit.id));
    const provider = db.users.get(slot.provider_id);
    Object.assign(visit, {
      start: slot.start,
      end: slot.end,
      provider_id: slot.provider_id,
      provider: provider ? person(provider) : null,
      modified: t,
      _slot_id: slot.id,
    });
    return ok(VisitSchema, withIntake(visit));
  }),

  http.get(api('/slots'), ({ request }) => {
    const { user } = requireUser(request, AUTH);
    const query = queryOf(request);
    const { start, end } = readWindow(query);
    const status = optionalInt(query, 'status', fail);
    const type = optionalString(query, 'type');
    if (type !== undefined && type !== 'one' && type !== 'group') throw fail('type must be one or group');
    const providerId = optionalString(query, 'provider_id');
    const roomCode = optionalString(query, 'room_code');
    const accountCode = optionalString(query, 'account_code');
    const specialty = optionalString(query, 'specialty_id')?.toLowerCase();
    const states = listParam(optionalString(query, 'states_serviced')).map((s) => s.toUpperCase());
    if (states.some((s) => !/^[A-Z]{2}$/.test(s)))
      throw fail('states_serviced must be two-letter state codes');
    const slots = [...db.slots.values()]
      .filter((slot) => slot.account_code === user.account_code)
      .filter((slot) => !accountCode || slot.account_code === accountCode)
      .filter((slot) => slot.start >= start && slot.start < end)
      .filter((slot) => status === undefined || slot.status === status)
      .filter((slot) => !type || (type === 'group') === isGroupSlot(slot))
      .filter((slot) => !providerId || slot.provider_id === providerId)
      .filter((slot) => !roomCode || providerRoomCodes(slot.provider_id).includes(roomCode))
      .filter((slot) => {
        if (!specialty) return true;
        const provider = db.users.get(slot.provider_id);
        const list = Array.isArray(provider?.specialties) ? provider.specialties : [];
        return list.some((s) => s.toLowerCase() === specialty);
      })
      .filter(
        (slot) =>
          states.length === 0 || statesOf(db.users.get(slot.provider_id)).some((s) => states.includes(s)),
      )
      .sort((a, b) => a.start - b.start || a.id.localeCompare(b.id));
    return ok(z.array(SlotSchema), slots.map(slotBody));
  }),

  /** Open future slots with a place left: across the caller's rooms for a provider, the clinic's for anyone else. */
  http.get(api('/slots/available'), ({ request }) => {
    const { user } = requireUser(request, AUTH);
    const t = nowSeconds();
    const mine = isStaff(user) ? providerRoomCodes(user.id) : [];
    const slots = [...db.slots.values()]
      .filter((slot) => slot.account_code === user.account_code && slot.status === 10)
      .filter((slot) => slot.start > t + BOOKING_NOTICE_SECONDS && placesLeft(slot) > 0)
      .filter(
        (slot) => mine.length === 0 || providerRoomCodes(slot.provider_id).some((c) => mine.includes(c)),
      )
      .sort((a, b) => a.start - b.start || a.id.localeCompare(b.id));
    return ok(z.array(SlotSchema), slots.map(slotBody));
  }),

  /** Deletes a group and all its slots. Booked visits stay: they are the patients' appointments. */
  http.delete(api('/slots/groups/:groupId'), ({ request, params }) => {
    const { user } = requireUser(request, AUTH);
    const group = db.slotGroups.get(String(params.groupId));
    if (!group || group.account_code !== user.account_code)
      throw namedError(404, 'not_found', 'Slot group not found');
    if (!canManageSlot(user, group)) throw forbidden('Only the provider of these slots can delete them');
    let deleted = 0;
    for (const slot of [...db.slots.values()]) {
      if (slot.group_id === group.id) {
        db.slots.delete(slot.id);
        deleted += 1;
      }
    }
    db.slotGroups.delete(group.id);
    return ok(SlotDeleteResultSchema, { slot_deleted: deleted, group_deleted: 1 });
  }),

  /** Deletes one slot; its group goes too when this was its last slot. */
  http.delete(api('/slots/:id'), ({ request, params }) => {
    const { user } = requireUser(request, AUTH);
    const slot = db.slots.get(String(params.id));
    if (!slot || slot.account_code !== user.account_code)
      throw namedError(404, 'not_found', 'Slot not found');
    if (!canManageSlot(user, slot)) throw forbidden('Only the provider of this slot can delete it');
    db.slots.delete(slot.id);
    const groupId = slot.group_id;
    const groupLeft = groupId !== null && [...db.slots.values()].some((s) => s.group_id === groupId);
    const groupDeleted = groupId !== null && !groupLeft && db.slotGroups.delete(groupId) ? 1 : 0;
    return ok(SlotDeleteResultSchema, { slot_deleted: 1, group_deleted: groupDeleted });
  }),

  /**
   * Development control (never a spec endpoint): places left of a provider's slot starting at
   * `start`, for browser tests.
   */
  http.get(mockControl('/scheduling/places'), ({ request }) => {
    const query = queryOf(request);
    const slot = [...db.slots.values()].find(
      (s) => s.provider_id === query.get('provider_id') && String(s.start) === query.get('start'),
    );
    return HttpResponse.json({
      data: slot ? { exists: true, places_left: placesLeft(slot) } : { exists: false, places_left: 0 },
    });
  }),

  /** Development control: whether a slot group still exists and how many slots it has. */
  http.get(mockControl('/scheduling/groups/:id'), ({ params }) => {
    const id = String(params.id);
    const slots = [...db.slots.values()].filter((s) => s.group_id === id).length;
    return HttpResponse.json({ data: { exists: db.slotGroups.has(id), slots } });
  }),
];
