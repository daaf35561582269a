import { http, type HttpHandler } from 'msw';
import { CUSTOM_FIELDS } from '@telehealth/client/intakes/custom-fields';
import { IntakeRefSchema, IntakeSchema, type IntakeAttachment } from '@telehealth/client/intakes/schemas';
import { db, nowSeconds, randomId, type IntakeRecord, type UserRecord } from '../db.ts';
import { inClinic, isStaff, requireUser } from '../lib/auth.ts';
import { namedError } from '../lib/errors.ts';
import { formBody, optionalInt, optionalString, queryOf, requiredString } from '../lib/params.ts';
import { ok } from '../lib/respond.ts';
import { api } from '../lib/routes.ts';
import { findUserByCode } from '../lib/users.ts';
import { paidConsultationOf } from './billing.ts';
import { findRoom, roomOfIntake } from './rooms.ts';

/**
 * Intakes (spec 4.4, 2.6). Intake endpoints answer errors as `{error, message}` (spec section 7).
 * Named fields travel in the query string; custom field-value pairs in a form-urlencoded body,
 * on creation and (a portal decision, docs/spec-decisions.md) on update, where an empty value clears a field.
 */

const badRequest = (message: string) => namedError(400, 'bad_request', message);

/** Fields of the intake record itself; a custom field may not overwrite them. */
const RESERVED = new Set([
  'id',
  'created',
  'modified',
  'type',
  'reason_for_visit',
  'attachments',
  'provider',
  'provider_id',
  'visit_id',
  'room_code',
  'member_id',
  'location',
  'phone',
]);

const LIMITS = { customFields: 200, keyLength: 200, valueLength: 5000, reasonLength: 2000, phoneLength: 32 };

function readLocation(params: URLSearchParams): string | undefined {
  const value = optionalString(params, 'location');
  if (value === undefined) return undefined;
  if (!/^[A-Za-z]{2}$/.test(value)) throw badRequest('location must be a two-letter state code');
  return value.toUpperCase();
}

function readPhone(params: URLSearchParams): string | undefined {
  const value = optionalString(params, 'phone');
  if (value === undefined) return undefined;
  if (value.length > LIMITS.phoneLength || !/^[\d\s()+.-]+$/.test(value)) {
    throw badRequest('phone must be a phone number (digits, spaces, + - . and parentheses)');
  }
  return value;
}

function readReason(params: URLSearchParams): string | undefined {
  const value = params.get('reason_for_visit');
  if (value === null) return undefined;
  if (value.length > LIMITS.reasonLength)
    throw badRequest(`reason_for_visit must be at most ${LIMITS.reasonLength} characters`);
  return value;
}

/** `provider_id` 0 (or empty) means no provider chosen: the first available one. */
function readProvider(params: URLSearchParams): string | null | undefined {
  if (!params.has('provider_id')) return undefined;
  const value = params.get('provider_id') ?? '';
  if (value === '' || value === '0') return null;
  const provider = db.users.get(value);
  if (!provider || provider.type !== 400)
    throw badRequest(`provider_id ${value} is not a provider of this clinic`);
  return provider.id;
}

/** A patient creates intakes for themself; staff may name the patient by code. */
function readMember(params: URLSearchParams, caller: UserRecord, clinic: string): string {
  const code = optionalString(params, 'member_id');
  if (code === undefined || code === caller.code || code === caller.id) return caller.id;
  if (!isStaff(caller)) throw badRequest('member_id must be the signed-in patient');
  const member = findUserByCode(code);
  if (!member || !inClinic(member, clinic))
    throw badRequest(`member_id ${code} is not a patient of this clinic`);
  return member.id;
}

async function readCustomFields(request: Request): Promise<Map<string, string>> {
  const type = request.headers.get('Content-Type') ?? '';
  if (!type.includes('application/x-www-form-urlencoded')) {
    const text = await request.text();
    if (text.trim() !== '') throw badRequest('custom fields must be sent form-urlencoded');
    return new Map();
  }
  const form = await formBody(request);
  const fields = new Map<string, string>();
  for (const [key, value] of form) {
    if (key === '' || key.length > LIMITS.keyLength)
      throw badRequest(`custom field names must be 1 to ${LIMITS.keyLength} characters`);
    if (RESERVED.has(key) || key.startsWith('_') || key === '__proto__') {
      throw badRequest(`${key} is a field of the intake and cannot be sent as a custom field`);
    }
    if (value.length > LIMITS.valueLength)
      throw badRequest(`custom field ${key} must be at most ${LIMITS.valueLength} characters`);
    fields.set(key, value);
  }
  if (fields.size > LIMITS.customFields) throw badRequest(`at most ${LIMITS.customFields} custom fields`);
  return fields;
}

/** The owner's `intake_attachment` files named by id, in the shape of spec 2.6. */
function attachmentsFrom(ids: string, owner: string): IntakeAttachment[] {
  return ids
    .split(',')
    .map((id) => id.trim())
    .filter(Boolean)
    .map((id) => {
      const file = db.files.get(id);
      const creator = file?.creator;
      if (!file || (typeof creator?.id === 'string' && creator.id !== owner)) {
        throw badRequest(`attachment ${id} is not one of your files`);
      }
      return {
        _id: file.id,
        name: file.name,
        path: file.fullpath,
        size: file.size,
        ext: file.ext ?? undefined,
      };
    });
}

function applyCustomFields(intake: IntakeRecord, fields: Map<string, string>, owner: string): void {
  for (const [key, value] of fields) {
    // The ids of uploaded `intake_attachment` files; the mock lists them in `attachments`.
    if (key === CUSTOM_FIELDS.attachmentIds) intake.attachments = attachmentsFrom(value, owner);
    intake[key] = value;
  }
}

function ownIntake(id: string, user: UserRecord, clinic: string): IntakeRecord {
  const intake = db.intakes.get(id);
  if (!intake || roomOfIntake(intake)?.account_code !== clinic)
    throw namedError(404, 'not_found', 'Intake not found');
  if (intake._owner !== user.id && intake.member_id !== user.id) {
    throw namedError(403, 'forbidden', 'This intake belongs to someone else');
  }
  return intake;
}

/**
 * A paid intake keeps the consultation it was paid for: the charge cannot follow a change, and a
 * visit is only created for the consultation paid (DESIGN.md section 4). Re-sending it is fine.
 */
function refuseChangeOfPaidConsultation(intake: IntakeRecord, fields: Map<string, string>): void {
  const next = fields.get(CUSTOM_FIELDS.consultationId);
  if (next === undefined || next === intake[CUSTOM_FIELDS.consultationId]) return;
  const paid = paidConsultationOf(String(intake.id));
  if (!paid) return;
  const name = paid.description?.trim() || 'this consultation';
  throw namedError(
    409,
    'already_paid',
    `You have already paid for ${name}, so the consultation cannot change. Please start a new visit to choose another consultation.`,
  );
}

/** The wire form: everything but the mock-only `_` fields. */
function publicIntake(intake: IntakeRecord): Record<string, unknown> {
  return Object.fromEntries(Object.entries(intake).filter(([key]) => !key.startsWith('_')));
}

export const intakesHandlers: HttpHandler[] = [
  http.post(api('/intakes'), async ({ request }) => {
    const { user, clinic } = requireUser(request, { account: true, style: 'named' });
    const params = queryOf(request);
    const roomCode = requiredString(params, 'room_code', badRequest);
    if (!findRoom(roomCode, clinic)) throw badRequest(`room_code ${roomCode} is not a room of this clinic`);
    const type = optionalInt(params, 'type', badRequest);
    if (type !== undefined && type !== 1 && type !== 2)
      throw badRequest('type must be 1 (walk-in) or 2 (scheduled)');
    const member = readMember(params, user, clinic);
    const location = readLocation(params);
    const phone = readPhone(params);
    const reason = readReason(params);
    const provider = readProvider(params);
    const custom = await readCustomFields(request);

    const now = nowSeconds();
    const intake: IntakeRecord = {
      // Unguessable: an intake id opens its invoice and its visit to whoever may use them.
      id: randomId('int'),
      created: now,
      modified: now,
      type: String(type ?? 1),
      reason_for_visit: reason ?? '',
      attachments: [],
      provider: provider ?? null,
      visit_id: null,
      room_code: roomCode,
      member_id: member,
      location: location ?? '',
      phone: phone ?? '',
      _owner: user.id,
      _account_code: clinic,
    };
    applyCustomFields(intake, custom, member);
    db.intakes.set(intake.id, intake);
    return ok(IntakeRefSchema, { id: intake.id });
  }),

  http.post(api('/intakes/:id'), async ({ request, params: path }) => {
    const { user, clinic } = requireUser(request, { account: true, style: 'named' });
    const intake = ownIntake(String(path.id), user, clinic);
    const params = queryOf(request);
    const location = readLocation(params);
    const phone = readPhone(params);
    const reason = readReason(params);
    const provider = readProvider(params);
    const custom = await readCustomFields(request);
    refuseChangeOfPaidConsultation(intake, custom);

    if (location !== undefined) intake.location = location;
    if (phone !== undefined) intake.phone = phone;
    if (reason !== undefined) intake.reason_for_visit = reason;
    if (provider !== undefined) intake.provider = provider;
    applyCustomFields(intake, custom, typeof intake.member_id === 'string' ? intake.member_id : user.id);
    intake.modified = nowSeconds();
    return ok(IntakeRefSchema, { id: intake.id });
  }),

  http.get(api('/intakes/:id'), ({ request, params: path }) => {
    const { user, clinic } = requireUser(request, { account: true, style: 'named' });
    const intake = ownIntake(String(path.id), user, clinic);
    return ok(IntakeSchema, publicIntake(intake));
  }),
];
