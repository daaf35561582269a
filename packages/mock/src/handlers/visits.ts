import { http, HttpResponse, type HttpHandler } from 'msw';
import { z } from 'zod';
import { IntakeSchema } from '@telehealth/client/intakes/schemas';
import type { VisitKind } from '@telehealth/client/visits/kinds';
import { VISIT_STATUS, VisitSchema } from '@telehealth/client/visits/schemas';
import {
  db,
  nextId,
  nowSeconds,
  randomId,
  type IntakeRecord,
  type RoomRecord,
  type UserRecord,
  type VisitRecord,
} from '../db.ts';
import { requireUser, requireUserOrAdmin } from '../lib/auth.ts';
import { namedError } from '../lib/errors.ts';
import { jsonBody, optionalInt, optionalString, queryOf, requiredString } from '../lib/params.ts';
import { ok } from '../lib/respond.ts';
import { api, mockControl } from '../lib/routes.ts';
import { requirePaidConsultation, settleForControl } from './billing.ts';
import { findRoom, roomProviders, wire } from './rooms.ts';

/** Visit and intake endpoints answer errors as `{error, message}` (spec section 7). */
const fail = (message: string) => namedError(400, 'bad_request', message);
const AUTH = { account: true, style: 'named' } as const;

const STATUSES: readonly number[] = Object.values(VISIT_STATUS);
const WALKIN_TYPE = 1;
const ECONSULT_SUBTYPE = 4;
/** The demo provider takes a walk-in that a development control moves to "in progress". */
const DEMO_PROVIDER_ID = 'usr_provider';

export function person(user: UserRecord) {
  return {
    id: user.id,
    first_name: user.first_name,
    last_name: user.last_name,
    full_name: user.full_name,
    email: user.email,
    phone: typeof user.phone === 'string' ? user.phone : '',
    code: user.code,
  };
}

function roomCodesOf(user: UserRecord): string[] {
  return (user.rooms ?? []).map((r) => r.code);
}

function hostIds(visit: VisitRecord): string[] {
  const hosts: unknown[] = Array.isArray(visit.hosts) ? visit.hosts : [];
  return hosts.map((h) => (h && typeof h === 'object' && 'id' in h ? String(h.id) : String(h)));
}

/**
 * Who may see a visit: the patient, the assigned provider, a host, and the providers of its
 * room (they accept walk-ins and e-consults from their dashboards, spec 3).
 */
export function isParticipant(user: UserRecord, visit: VisitRecord): boolean {
  if (visit.member_id === user.id) return true;
  if (user.type !== 400 && user.type !== 100) return false;
  return (
    visit.provider_id === user.id ||
    hostIds(visit).includes(user.id) ||
    roomCodesOf(user).includes(String(visit.room_code))
  );
}

/**
 * Time filters: a visit's start and end; an e-consult has neither, so it starts at `created`
 * and ends at `actual_end` (an open one has not ended and never matches `end_time`).
 */
const startOf = (v: VisitRecord) => (typeof v.start === 'number' ? v.start : Number(v.created));
const endOf = (v: VisitRecord): number | null =>
  typeof v.end === 'number' ? v.end : typeof v.actual_end === 'number' ? v.actual_end : null;

export function withIntake(visit: VisitRecord): Record<string, unknown> {
  const body = wire(visit);
  const intake = typeof visit.intake_id === 'string' ? db.intakes.get(visit.intake_id) : undefined;
  // The detail embeds the intake (spec 2.7 allows either form); one the contract cannot read stays a reference.
  const embedded = intake ? wire(intake) : undefined;
  return embedded && IntakeSchema.safeParse(embedded).success ? { ...body, intake: embedded } : body;
}

/** List items embed the intake too, so a provider's queue shows each patient's reason without a read per visit. */
function listItem(visit: VisitRecord, withRecordings: boolean): Record<string, unknown> {
  const body = withIntake(visit);
  if (!withRecordings) delete body.recordings;
  return body;
}

/** A visit of the caller's clinic; another clinic's visit does not exist for the caller. */
export function visitOr404(id: string, clinic: string): VisitRecord {
  const visit = db.visits.get(id);
  if (!visit || visit.account_code !== clinic) throw namedError(404, 'not_found', 'Visit not found');
  return visit;
}

/**
 * The intake must exist and be the caller's, by user id only: an SSO `code` is the integrator's
 * name for a person and may equal someone else's id. The spec lists only 400 for bad input here.
 */
export function intakeOf(user: UserRecord, intakeId: string): IntakeRecord {
  const intake = db.intakes.get(intakeId);
  if (!intake || !(intake._owner === user.id || intake.member_id === user.id))
    throw fail(`Intake ${intakeId} not found`);
  return intake;
}

/** A room of one of the caller's clinics (a patient may belong to several accounts of one clinic). */
export function roomFor(user: UserRecord, intake: IntakeRecord, roomCode: string): RoomRecord {
  const clinics = new Set([user.account_code, ...user.clinics]);
  const room = [...clinics].map((code) => findRoom(roomCode, code)).find((r) => r !== undefined);
  if (!room) throw fail(`Room ${roomCode} not found`);
  if (typeof intake.room_code === 'string' && intake.room_code && intake.room_code !== roomCode) {
    throw fail(`Intake ${String(intake.id)} belongs to room ${intake.room_code}, not ${roomCode}`);
  }
  return room;
}

/** The same intake never makes a second visit: a retry, double click or second tab gets the first (case D32). */
export function existingVisitOf(intake: IntakeRecord): VisitRecord | undefined {
  return typeof intake.visit_id === 'string' ? db.visits.get(intake.visit_id) : undefined;
}

function meetingFor(t: number) {
  return {
    recording_auto_start: false,
    phone_numbers: { US: ['+1 555 0100 200'], GB: ['+44 20 0000 0000'] },
    hosts: [],
    expiry: t + 86_400,
    conference_pin: String(100_000 + (db.seq % 900_000)),
    meeting_id: `800 555 ${String(db.seq % 10_000).padStart(4, '0')}`,
  };
}

/** The consultation of the slot an appointment is booked on (its group's), if it names one. */
function slotConsultation(slotId: unknown) {
  const slot = typeof slotId === 'string' ? db.slots.get(slotId) : undefined;
  return slot?.group_id ? db.slotGroups.get(slot.group_id)?.consultation : undefined;
}

/**
 * Creates a visit of any kind (walk-in, e-consult, appointment). Every path comes through here, so
 * here the consultation must be paid first, and be the booked slot's (DESIGN.md section 4).
 */
export function createVisit(
  user: UserRecord,
  intake: IntakeRecord,
  room: RoomRecord,
  over: Partial<VisitRecord>,
): VisitRecord {
  requirePaidConsultation(intake, room, slotConsultation(over._slot_id));
  const t = nowSeconds();
  const id = nextId('vis');
  // A visit belongs to the clinic of its room (a patient may belong to several accounts).
  const clinic = room.account_code;
  const provider = typeof over.provider_id === 'string' ? db.users.get(over.provider_id) : undefined;
  const visit: VisitRecord = {
    id,
    code: id.replace('vis_', 'V-'),
    member_id: user.id,
    provider_id: null,
    account_code: clinic,
    room_id: room.id,
    room_code: room.code,
    type: WALKIN_TYPE,
    subtype: 3,
    status: VISIT_STATUS.pending,
    start: t,
    end: null,
    actual_start: null,
    actual_end: null,
    created: t,
    modified: t,
    incharge: false,
    isEditExpired: false,
    hosts: [],
    intake_id: intake.id,
    member: person(user),
    provider: provider ? person(provider) : null,
    account: { code: clinic, name: String(db.accounts.get(clinic)?.name ?? '') },
    meeting: meetingFor(t),
    recordings: { count: 0, data: [] },
    ...over,
  };
  db.visits.set(id, visit);
  intake.visit_id = id;
  intake.modified = t;
  db.outbox.push({
    id: nextId('evt'),
    type: 'visit.created',
    created: t,
    account_code: clinic,
    version: '1.0',
    data: {
      id,
      member_id: visit.member_id,
      provider_id: visit.provider_id ?? null,
      start: visit.start ?? null,
      end: visit.end ?? null,
      actual_start: visit.actual_start ?? null,
      actual_end: visit.actual_end ?? null,
      status: String(visit.status),
      completed_by: null,
    },
  });
  return visit;
}

const enabled = (room: RoomRecord, kind: VisitKind) => {
  const setting: unknown = room.visits?.[kind];
  return typeof setting === 'object' && setting !== null && 'enabled' in setting && setting.enabled === true;
};

/**
 * The visits a list call has to look at, from the indexes: those of the requested room, or a
 * patient's own visits. Staff without a room filter (they see their rooms, their assignments and
 * the visits they host) and the admin token read the whole collection.
 */
function candidatesFor(user: UserRecord | null, roomCode: string | undefined): Iterable<VisitRecord> {
  if (roomCode) return db.visits.by('room', roomCode);
  if (user && user.type !== 400 && user.type !== 100) return db.visits.by('member', user.id);
  return db.visits.values();
}

const isClosed = (room: RoomRecord) => room.operation_settings?.is_closed === true;

export const visitsHandlers: HttpHandler[] = [
  /** USER; the clinic admin token (spec 4.12) sees every visit of the clinic. */
  http.get(api('/visits'), ({ request }) => {
    const { user, clinic } = requireUserOrAdmin(request, AUTH);
    const query = queryOf(request);
    const roomCode = optionalString(query, 'room_code');
    const startTime = optionalInt(query, 'start_time', fail, { min: 0 });
    const endTime = optionalInt(query, 'end_time', fail, { min: 0 });
    const status = optionalInt(query, 'status', fail);
    if (status !== undefined && !STATUSES.includes(status))
      throw fail('status must be one of 10, 20, 25, 30 or 40');
    const onlyWithRecordings = optionalInt(query, 'with_recordings_only', fail, { min: 0, max: 1 }) === 1;
    const fields = (query.get('fields') ?? '')
      .split(',')
      .map((f) => f.trim())
      .filter(Boolean);
    // Bound to the clinic the caller works in (`X-AccountCode`), as every visit read is: a list
    // never names a visit that `GET /visits/{id}` would answer 404 for.
    const visits = [...candidatesFor(user, roomCode)]
      .filter((v) => v.account_code === clinic)
      .filter((v) => (user ? isParticipant(user, v) : true))
      .filter((v) => !roomCode || v.room_code === roomCode)
      .filter((v) => startTime === undefined || startOf(v) > startTime)
      .filter((v) => {
        if (endTime === undefined) return true;
        const end = endOf(v);
        return end !== null && end < endTime;
      })
      .filter((v) => status === undefined || v.status === status)
      .filter((v) => !onlyWithRecordings || Number(v.recordings?.count ?? 0) > 0)
      .sort((a, b) => startOf(b) - startOf(a) || String(a.id).localeCompare(String(b.id)));
    return ok(
      z.array(VisitSchema),
      visits.map((v) => listItem(v, fields.includes('recordings'))),
    );
  }),

  http.post(api('/visits/add_walkin'), ({ request }) => {
    const { user } = requireUser(request, AUTH);
    const query = queryOf(request);
    const intakeId = requiredString(query, 'intake_id', fail);
    requiredString(query, 'visit_data_id', fail);
    const roomCode = requiredString(query, 'room_code', fail);
    const providerId = optionalString(query, 'provider_id');
    const intake = intakeOf(user, intakeId);
    const room = roomFor(user, intake, roomCode);
    const existing = existingVisitOf(intake);
    if (existing) return ok(VisitSchema, withIntake(existing));
    if (!enabled(room, 'walkin')) throw fail(`Room ${roomCode} does not take walk-in visits`);
    if (isClosed(room)) throw fail(`Room ${roomCode} is closed and does not take walk-in visits now`);
    if (providerId && !roomProviders(roomCode).some((p) => p.id === providerId)) {
      throw fail(`Provider ${providerId} does not work in room ${roomCode}`);
    }
    const userCode = optionalString(query, 'user_code');
    const visit = createVisit(user, intake, room, {
      provider_id: providerId ?? null,
      ...(userCode ? { user_code: userCode } : {}),
    });
    return ok(VisitSchema, withIntake(visit));
  }),

  /** An e-consult is asynchronous: it is created unscheduled, even while the room is closed. */
  http.post(api('/visits/add_econsult'), async ({ request }) => {
    const { user } = requireUser(request, AUTH);
    const body = await jsonBody(request, fail);
    const intakeId = requiredString(body, 'intake_id', fail);
    const roomCode = requiredString(body, 'room_code', fail);
    const intake = intakeOf(user, intakeId);
    const room = roomFor(user, intake, roomCode);
    const existing = existingVisitOf(intake);
    if (existing) return ok(VisitSchema, withIntake(existing));
    if (!enabled(room, 'econsult')) throw fail(`Room ${roomCode} does not take e-consults`);
    const visit = createVisit(user, intake, room, {
      subtype: ECONSULT_SUBTYPE,
      start: null,
      end: null,
      meeting: null,
    });
    return ok(VisitSchema, withIntake(visit));
  }),

  http.get(api('/visits/:id'), ({ request, params }) => {
    const { user, clinic } = requireUserOrAdmin(request, AUTH);
    const visit = visitOr404(String(params.id), clinic);
    if (user ? !isParticipant(user, visit) : visit.account_code !== request.headers.get('X-AccountCode')) {
      throw namedError(403, 'forbidden', 'Not a participant on this visit');
    }
    return ok(VisitSchema, withIntake(visit));
  }),

  /**
   * Development control (never a spec endpoint): `count` patients (1 to 1,000, default 1) join the
   * walk-in queue of a room, as if they had finished the intake, so the provider dashboard can be
   * watched taking in arrivals (and tried with hundreds waiting).
   */
  http.post(mockControl('/rooms/:code/walkins'), async ({ request, params }) => {
    const room = [...db.rooms.values()].find((r) => r.code === String(params.code));
    if (!room) return HttpResponse.json({ error: 'not_found', message: 'Room not found' }, { status: 404 });
    const body = (await request.json().catch(() => null)) as { count?: unknown; reason?: unknown } | null;
    const count = Math.min(Math.max(Math.floor(Number(body?.count ?? 1)) || 1, 1), 1000);
    const reason =
      typeof body?.reason === 'string' && body.reason.trim() ? body.reason.trim() : 'Feeling unwell';
    // Patients not already waiting in this room, so one person is never in the line twice.
    const waiting = new Set(
      [...db.visits.by('room', room.code)]
        .filter((v) => v.status === VISIT_STATUS.pending || v.status === VISIT_STATUS.confirmed)
        .map((v) => v.member_id),
    );
    const members = [...db.users.values()].filter(
      (u) => u.type === 200 && u.account_code === room.account_code,
    );
    const free = members.filter((u) => !waiting.has(u.id));
    // Once every patient is in the line, the same ones queue again (benchmarks need hundreds).
    const patients = free.length ? free : members;
    const ids: string[] = [];
    for (let i = 0; i < count; i += 1) {
      const member = patients[i % patients.length];
      if (!member) break;
      const t = nowSeconds();
      const intakeId = randomId('int');
      const intake: IntakeRecord = {
        id: intakeId,
        created: t,
        modified: t,
        type: String(WALKIN_TYPE),
        reason_for_visit: count === 1 ? reason : `${reason} (${i + 1})`,
        attachments: [],
        provider: null,
        room_code: room.code,
        member_id: member.id,
        _owner: member.id,
      };
      db.intakes.set(intakeId, intake);
      // As if each had finished the intake, payment included: the rule of createVisit holds here too.
      settleForControl(intake, room);
      ids.push(createVisit(member, intake, room, {}).id);
    }
    return HttpResponse.json({ data: { ids } }, { status: 201 });
  }),

  /**
   * Development control (never a spec endpoint): moves a visit to another status so tests and
   * developers can watch the waiting room react.
   */
  http.post(mockControl('/visits/:id/status'), async ({ request, params }) => {
    const visit = db.visits.get(String(params.id));
    if (!visit) return HttpResponse.json({ error: 'not_found', message: 'Visit not found' }, { status: 404 });
    const body = (await request.json().catch(() => null)) as { status?: unknown } | null;
    const status = Number(body?.status);
    if (!STATUSES.includes(status)) {
      return HttpResponse.json(
        { error: 'bad_request', message: 'status must be one of 10, 20, 25, 30 or 40' },
        { status: 400 },
      );
    }
    const t = nowSeconds();
    visit.status = status;
    visit.modified = t;
    if (status === VISIT_STATUS.inProgress) {
      if (!visit.provider_id) {
        const provider = db.users.get(DEMO_PROVIDER_ID);
        visit.provider_id = DEMO_PROVIDER_ID;
        visit.provider = provider ? person(provider) : null;
      }
      visit.actual_start ??= t;
    }
    if (status === VISIT_STATUS.completed) visit.actual_end ??= t;
    return HttpResponse.json({ data: wire(visit) });
  }),
];
