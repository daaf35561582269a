import { http, type HttpHandler } from 'msw';
import { z } from 'zod';
import {
  BillingReferenceItemSchema,
  CarrierSchema,
  ClaimRowSchema,
  DiagnosisSchema,
  EligibilityJobSchema,
  InsuranceCardBodySchema,
  InsuranceCardListBodySchema,
} from '@telehealth/client/insurance/schemas';
import {
  db,
  nextId,
  nowSeconds,
  type EligibilityRecord,
  type InsuranceCardRecord,
  type ReferenceListName,
  type UserRecord,
  type VisitRecord,
} from '../db.ts';
import { inClinic, isStaff, requireUserOrAdmin, resolveUserId } from '../lib/auth.ts';
import { codeError } from '../lib/errors.ts';
import { jsonBody, queryOf } from '../lib/params.ts';
import { noContent, ok, raw } from '../lib/respond.ts';
import { isSpecProfile } from '../lib/profile.ts';
import { api } from '../lib/routes.ts';
import { checkBound, TEXT_BOUNDS } from '../lib/text.ts';
import { demoEligibilityAnswer, eligibilityAnswerBody, referenceList } from '../seed/insurance.ts';
import { NO_ELIGIBILITY_JOB_SCHEMA } from '../spec-profile/answers.ts';

/**
 * Insurance (spec 4.8). Decisions where the spec is silent (docs/spec-decisions.md, Insurance):
 * - Refusals are 400 `{code, message}`; a message about one field starts with its name
 *   (`guarantor_zip: …`) so the portal can put it on that field. Unknown fields are refused.
 * - Who may call: the patient for their own cards; clinic staff and the clinic admin token for
 *   patients of their clinic. Another patient's cards answer 403; a user of another clinic 404.
 * - `insurer_code` must name an insurer (`id`) or carrier (`code`) of the reference lists.
 * - Eligibility jobs start `pending` (the only status the spec shows) and settle
 *   `eligibilitySettleSeconds` later, when read, into the insurer's answer for the card checked:
 *   `active` (with `copay`, an extension field the spec profile cuts), `inactive` or `not_found`;
 *   some cards are never answered and stay `pending` (`demoEligibilityAnswer`, chosen by the
 *   member ID; docs/spec-decisions.md, "Coverage results in plain words (issue 27)"). A check
 *   needs a primary card. Starting again within `eligibilityWindowSeconds` of the earlier start is
 *   429 with `Retry-After` in seconds and a message naming when the earlier check started (ISO
 *   8601 UTC). The window is the patient's and the carrier/member's, whatever happened to the
 *   card record. Before any check, GET …/eligibility is 404 (the spec profile answers a job of nulls).
 * - `GET /reports/claims` is for the clinic admin token and clinic staff; patients get 403.
 */

export const INSURANCE_MOCK_DEFAULTS = {
  eligibilityWindowSeconds: 120,
  /** How long the insurer takes to answer a check it answers at all. */
  eligibilitySettleSeconds: 40,
};
export const insuranceMockConfig = { ...INSURANCE_MOCK_DEFAULTS };

const CARD_TYPES = ['primary', 'secondary'] as const;
type CardType = (typeof CARD_TYPES)[number];

const str = (value: unknown): string =>
  typeof value === 'string' || typeof value === 'number' ? String(value) : '';
const bad = (message: string) => codeError(400, message);
const fieldError = (field: string, message: string) => bad(`${field}: ${message}`);

type Caller = { user: UserRecord | null; isAdmin: boolean; accountCode: string };

function auth(request: Request): Caller {
  const caller = requireUserOrAdmin(request, { account: true });
  return { ...caller, accountCode: caller.clinic };
}

/** The patient whose cards are asked for, if this caller may touch them. */
function targetOf(caller: Caller, param: string | readonly string[] | undefined): UserRecord {
  const id = resolveUserId(param, caller.user);
  const target = db.users.get(id);
  if (caller.user && !isStaff(caller.user)) {
    if (id !== caller.user.id) throw codeError(403, 'You may only read and change your own insurance cards');
    if (!target) throw codeError(404, 'User not found');
    return target;
  }
  if (!target || !inClinic(target, caller.accountCode)) throw codeError(404, 'User not found');
  return target;
}

function cardTypeOf(param: string | readonly string[] | undefined): CardType {
  const value = String(param ?? '');
  if (!(CARD_TYPES as readonly string[]).includes(value))
    throw fieldError('card_type', 'must be primary or secondary');
  return value as CardType;
}

/** Free-text card fields and their longest length. */
const TEXT_LIMITS = [
  ['group_number', 40],
  ['responsible_party', 60],
  ['guarantor_first_name', 100],
  ['guarantor_middle_name', 100],
  ['guarantor_last_name', 100],
  ['guarantor_address', 200],
  ['guarantor_address_2', 200],
  ['guarantor_city', 100],
] as const;
const CARD_FIELDS = new Set([
  'card_type',
  'insurer_code',
  'subscriber_number',
  'subscriber_num',
  'group_number',
  'responsible_party',
  'guarantor_first_name',
  'guarantor_middle_name',
  'guarantor_last_name',
  'guarantor_dob',
  'guarantor_gender',
  'guarantor_address',
  'guarantor_address_2',
  'guarantor_city',
  'guarantor_zip',
  'guarantor_state',
  'consent',
]);
const SUBSCRIBER = /^[A-Za-z0-9-]{3,40}$/;
const GROUP = /^[A-Za-z0-9-]*$/;
const ZIP = /^\d{5}(-\d{4})?$/;
const STATE = /^[A-Za-z]{2}$/;
const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

function isKnownInsurer(code: string): boolean {
  return (
    referenceList(db, 'insurers').some((i) => i.id === code) ||
    referenceList(db, 'carriers').some((c) => c.code === code)
  );
}

function isPastCalendarDate(value: string): 'bad' | 'future' | 'ok' {
  const m = DATE.exec(value);
  if (!m) return 'bad';
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const date = new Date(Date.UTC(y, mo - 1, d));
  if (date.getUTCFullYear() !== y || date.getUTCMonth() !== mo - 1 || date.getUTCDate() !== d) return 'bad';
  if (y < 1900) return 'bad';
  return date.getTime() > Date.now() ? 'future' : 'ok';
}

/** The card fields a request sets, validated and normalised. */
type CardPatch = Partial<Pick<InsuranceCardRecord, keyof typeof EMPTY_CARD>>;

/** Validates card fields as the spec and section 8 state; returns the fields to store. */
export function validateCardFields(body: Record<string, unknown>, where = ''): CardPatch {
  const name = (field: string) => `${where}${field}`;
  const patch: CardPatch = {};
  for (const key of Object.keys(body)) {
    if (!CARD_FIELDS.has(key)) throw fieldError(name(key), 'is not a card field');
  }
  const text = (key: string): string | undefined => {
    const value = body[key];
    if (value === undefined) return undefined;
    if (value === null) return '';
    if (typeof value !== 'string' && typeof value !== 'number') throw fieldError(name(key), 'must be text');
    // The mock's one bounds table for stored text (lib/text.ts): NUL, line breaks, length.
    if (Object.hasOwn(TEXT_BOUNDS.insurance, key))
      checkBound(name(key), value, TEXT_BOUNDS.insurance[key as keyof typeof TEXT_BOUNDS.insurance], bad);
    return String(value).trim();
  };
  const insurer = text('insurer_code');
  if (insurer !== undefined) {
    if (insurer === '') throw fieldError(name('insurer_code'), 'cannot be empty');
    if (!isKnownInsurer(insurer)) throw fieldError(name('insurer_code'), 'is not a known insurer or carrier');
    patch.insurer_code = insurer;
  }
  // The update endpoint also accepts the alias `subscriber_num`; the full name wins when both are sent.
  const subscriber = text('subscriber_number') ?? text('subscriber_num');
  if (subscriber !== undefined) {
    const field = body.subscriber_number !== undefined ? 'subscriber_number' : 'subscriber_num';
    if (!SUBSCRIBER.test(subscriber))
      throw fieldError(name(field), 'must be 3 to 40 letters, digits or hyphens');
    patch.subscriber_number = subscriber;
  }
  for (const [key, max] of TEXT_LIMITS) {
    const value = text(key);
    if (value === undefined) continue;
    if (value.length > max) throw fieldError(name(key), `must be at most ${max} characters`);
    if (key === 'group_number' && !GROUP.test(value))
      throw fieldError(name(key), 'may contain only letters, digits and hyphens');
    patch[key] = value;
  }
  const dob = text('guarantor_dob');
  if (dob !== undefined) {
    if (dob !== '') {
      const verdict = isPastCalendarDate(dob);
      if (verdict === 'bad') throw fieldError(name('guarantor_dob'), 'must be a date as YYYY-MM-DD');
      if (verdict === 'future') throw fieldError(name('guarantor_dob'), 'cannot be in the future');
    }
    patch.guarantor_dob = dob;
  }
  if (body.guarantor_gender !== undefined) {
    const value = body.guarantor_gender;
    if (value === null || value === '') patch.guarantor_gender = null;
    else {
      const n = typeof value === 'number' ? value : Number(value);
      if (!Number.isInteger(n) || (n !== 1 && n !== 2))
        throw fieldError(name('guarantor_gender'), 'must be 1 (male) or 2 (female)');
      patch.guarantor_gender = n;
    }
  }
  const zip = text('guarantor_zip');
  if (zip !== undefined) {
    if (zip !== '' && !ZIP.test(zip)) throw fieldError(name('guarantor_zip'), 'must be 5 digits or ZIP+4');
    patch.guarantor_zip = zip;
  }
  const state = text('guarantor_state');
  if (state !== undefined) {
    if (state !== '' && !STATE.test(state))
      throw fieldError(name('guarantor_state'), 'must be a 2-letter code');
    patch.guarantor_state = state.toUpperCase();
  }
  if (body.consent !== undefined) {
    if (typeof body.consent !== 'boolean') throw fieldError(name('consent'), 'must be true or false');
    patch.consent = body.consent;
  }
  return patch;
}

const EMPTY_CARD = {
  insurer_code: null,
  subscriber_number: null,
  group_number: null,
  responsible_party: null,
  guarantor_first_name: null,
  guarantor_middle_name: null,
  guarantor_last_name: null,
  guarantor_dob: null,
  guarantor_gender: null,
  guarantor_address: null,
  guarantor_address_2: null,
  guarantor_city: null,
  guarantor_zip: null,
  guarantor_state: null,
  consent: false,
};

const wire = (card: InsuranceCardRecord) =>
  Object.fromEntries(Object.entries(card).filter(([k]) => k !== 'id' && !k.startsWith('_')));
const cardsOf = (userId: string) =>
  CARD_TYPES.map((t) => db.insuranceCards.get(`${userId}:${t}`)).filter((c): c is InsuranceCardRecord => !!c);
const VERSION = { version: '2.0' };

function store(userId: string, cardType: CardType, patch: CardPatch, replace: boolean): InsuranceCardRecord {
  const key = `${userId}:${cardType}`;
  const existing = replace ? undefined : db.insuranceCards.get(key);
  const record: InsuranceCardRecord = {
    ...EMPTY_CARD,
    ...existing,
    ...patch,
    id: key,
    _user: userId,
    card_type: cardType,
  };
  db.insuranceCards.set(key, record);
  return record;
}

function isoSeconds(seconds: number): string {
  return new Date(seconds * 1000).toISOString().replace(/\.\d{3}Z$/, 'Z');
}

const LIST_SCHEMAS: Record<ReferenceListName, z.ZodType> = {
  carriers: z.array(CarrierSchema),
  insurers: z.array(BillingReferenceItemSchema),
  billing_modifiers: z.array(BillingReferenceItemSchema),
  procedures: z.array(BillingReferenceItemSchema),
  dxs: z.array(DiagnosisSchema),
};

/** Claim codes of a visit, derived from its id so the report is the same on every read. */
function claimCodes(visitId: string): { diagnosis: string[]; procedure: string[]; amount: number } {
  let h = 0;
  for (const ch of visitId) h = (h * 31 + ch.charCodeAt(0)) >>> 0;
  const dxs = referenceList(db, 'dxs');
  const procs = referenceList(db, 'procedures');
  const dx = (i: number) => str(dxs[(h + i * 97) % dxs.length]?.code);
  const proc = str(procs[h % procs.length]?.id);
  return { diagnosis: h % 3 === 0 ? [dx(0), dx(1)] : [dx(0)], procedure: [proc], amount: 40 + (h % 9) * 15 };
}

function claimRow(visit: VisitRecord): Record<string, unknown> {
  const memberId = str(visit.member_id);
  const member = db.users.get(memberId);
  const providerId = typeof visit.provider_id === 'string' ? visit.provider_id : '';
  const provider = providerId ? db.users.get(providerId) : undefined;
  const card = db.insuranceCards.get(`${memberId}:primary`);
  const insurerCode = typeof card?.insurer_code === 'string' ? card.insurer_code : null;
  const insurer = insurerCode
    ? (referenceList(db, 'insurers').find((i) => i.id === insurerCode)?.text ??
      referenceList(db, 'carriers').find((c) => c.code === insurerCode)?.name ??
      null)
    : null;
  const codes = claimCodes(visit.id);
  const roomCode = typeof visit.room_code === 'string' ? visit.room_code : '';
  const payment = roomCode ? db.rooms.get(roomCode)?.payment : undefined;
  const dob = typeof member?.dob === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(member.dob) ? member.dob : null;
  return {
    id: visit.id,
    start: typeof visit.start === 'number' ? visit.start : Number(visit.created ?? 0),
    status: Number(visit.status ?? 10),
    room_code: roomCode || null,
    member_id: memberId,
    patient_name: member?.full_name ?? '',
    patient_dob: dob,
    currency: payment?.paymentCurrency ?? payment?.currency ?? 'usd',
    provider_name: provider?.full_name ?? null,
    insurer_code: insurerCode,
    insurer_name: insurer,
    subscriber_number: typeof card?.subscriber_number === 'string' ? card.subscriber_number : null,
    diagnosis_codes: codes.diagnosis,
    procedure_codes: codes.procedure,
    amount: codes.amount,
  };
}

function dayStart(value: string, field: string): number {
  const verdict = isPastCalendarDate(value);
  if (verdict === 'bad' && !DATE.test(value)) throw fieldError(field, 'must be a date as YYYY-MM-DD');
  const time = Date.parse(`${value}T00:00:00Z`);
  if (Number.isNaN(time)) throw fieldError(field, 'must be a date as YYYY-MM-DD');
  return time / 1000;
}

export const insuranceHandlers: HttpHandler[] = [
  http.get(api('/users/:id/insurances'), ({ request, params }) => {
    const target = targetOf(auth(request), params.id);
    return raw(InsuranceCardListBodySchema, { data: cardsOf(target.id).map(wire), ...VERSION });
  }),

  http.post(api('/users/:id/insurances/import'), async ({ request, params }) => {
    const target = targetOf(auth(request), params.id);
    const body = await jsonBody(request, bad);
    const list = body.insurances;
    if (list === undefined) throw fieldError('insurances', 'is required');
    if (!Array.isArray(list)) throw fieldError('insurances', 'must be an array of cards');
    if (list.length === 0) throw fieldError('insurances', 'must hold at least one card');
    if (list.length > 2) throw fieldError('insurances', 'holds at most 2 cards (one primary, one secondary)');
    const seen = new Set<string>();
    const parsed = list.map((item: unknown, index) => {
      if (typeof item !== 'object' || item === null || Array.isArray(item))
        throw fieldError(`insurances.${index}`, 'must be a card object');
      const card = item as Record<string, unknown>;
      const type = str(card.card_type);
      if (!(CARD_TYPES as readonly string[]).includes(type))
        throw fieldError(`insurances.${index}.card_type`, 'must be primary or secondary');
      if (seen.has(type)) throw fieldError('insurances', `holds more than one ${type} card`);
      seen.add(type);
      const { card_type: _type, ...fields } = card;
      return { type: type as CardType, patch: validateCardFields(fields, `insurances.${index}.`) };
    });
    // Validated as a whole first, so a refused import changes nothing.
    for (const { type, patch } of parsed) store(target.id, type, patch, true);
    return raw(InsuranceCardListBodySchema, { data: cardsOf(target.id).map(wire), ...VERSION });
  }),

  http.post(api('/users/:id/insurances/primary/eligibility/check'), ({ request, params }) => {
    const target = targetOf(auth(request), params.id);
    const card = db.insuranceCards.get(`${target.id}:primary`);
    if (!card) throw fieldError('primary', 'there is no primary card to check');
    const now = nowSeconds();
    const subscriber = subscriberKey(card);
    const startedAt = recentStart(target.id, subscriber, now);
    if (startedAt !== undefined)
      throw tooSoon(startedAt, startedAt + insuranceMockConfig.eligibilityWindowSeconds, now);
    // The insurer's answer is fixed by the card as it was checked; it shows once the job settles.
    const answer = demoEligibilityAnswer(str(card.subscriber_number));
    const job: EligibilityRecord = {
      id: target.id,
      job_id: nextId('elig'),
      status: 'pending',
      _started: now,
      _answer_status: answer.status,
      ...(answer.copay !== undefined ? { _answer_copay: answer.copay } : {}),
      ...(subscriber ? { _subscriber: subscriber } : {}),
    };
    db.eligibility.set(target.id, job);
    return ok(EligibilityJobSchema, { job_id: job.job_id, status: job.status });
  }),

  http.get(api('/users/:id/insurances/primary/eligibility'), ({ request, params }) => {
    const target = targetOf(auth(request), params.id);
    const job = db.eligibility.get(target.id);
    if (!job || job._cardRemoved) {
      // The 404 meaning "no check yet" is the `eligibility-none` extension; the spec (4.8) shows
      // only 200 {job_id, status}, so the spec profile answers a job that is not there: both null.
      if (isSpecProfile()) return ok(NO_ELIGIBILITY_JOB_SCHEMA, { job_id: null, status: null });
      throw codeError(404, 'No eligibility check has been started');
    }
    return ok(EligibilityJobSchema, eligibilityAnswerBody(settle(job)));
  }),

  http.post(api('/users/:id/insurances/:cardType'), async ({ request, params }) => {
    const caller = auth(request);
    const target = targetOf(caller, params.id);
    const cardType = cardTypeOf(params.cardType);
    const body = await jsonBody(request, bad);
    if (body.card_type !== undefined && body.card_type !== cardType)
      throw fieldError('card_type', 'must match the card type in the path');
    const { card_type: _type, ...fields } = body;
    const record = store(target.id, cardType, validateCardFields(fields), false);
    return raw(InsuranceCardBodySchema, { data: wire(record), ...VERSION });
  }),

  http.get(api('/users/:id/insurances/:cardType'), ({ request, params }) => {
    const target = targetOf(auth(request), params.id);
    const cardType = cardTypeOf(params.cardType);
    const record = db.insuranceCards.get(`${target.id}:${cardType}`);
    if (!record) throw codeError(404, `No ${cardType} card on file`);
    return raw(InsuranceCardBodySchema, { data: wire(record), ...VERSION });
  }),

  http.delete(api('/users/:id/insurances/:cardType'), ({ request, params }) => {
    const target = targetOf(auth(request), params.id);
    const cardType = cardTypeOf(params.cardType);
    const key = `${target.id}:${cardType}`;
    if (!db.insuranceCards.has(key)) throw codeError(404, `No ${cardType} card on file`);
    db.insuranceCards.delete(key);
    // The job goes with the card, but its start stays: the 429 window belongs to the patient.
    const job = cardType === 'primary' ? db.eligibility.get(target.id) : undefined;
    if (job) db.eligibility.set(target.id, { ...job, _cardRemoved: true });
    return noContent();
  }),

  http.get(api('/reports/claims'), ({ request }) => {
    const caller = auth(request);
    if (caller.user && !isStaff(caller.user))
      throw codeError(403, 'The claims report is for the clinic only');
    const query = queryOf(request);
    const from = query.get('from_date') || undefined;
    const to = query.get('to_date') || undefined;
    const fromAt = from ? dayStart(from, 'from_date') : -Infinity;
    const toAt = to ? dayStart(to, 'to_date') + 24 * 60 * 60 : Infinity;
    if (fromAt >= toAt) throw fieldError('to_date', 'must not be before from_date');
    const rows = [...db.visits.values()]
      .filter((v) => v.account_code === caller.accountCode)
      .map(claimRow)
      .filter((row) => {
        const start = Number(row.start);
        return start >= fromAt && start < toAt;
      })
      .sort((a, b) => Number(a.start) - Number(b.start));
    return ok(z.array(ClaimRowSchema), rows);
  }),

  http.get(api('/insurances/list/:list'), ({ request, params }) => {
    auth(request);
    const name = String(params.list ?? '') as ReferenceListName;
    // Own keys only: `constructor` or `__proto__` name no list (Object.prototype is not one).
    const schema = Object.hasOwn(LIST_SCHEMAS, name) ? LIST_SCHEMAS[name] : undefined;
    if (!schema) throw codeError(404, `No reference list ${String(params.list)}`);
    // Carriers and diagnoses have no `id` on the wire (spec 2.11); the store keys them by code.
    const keepsId = name !== 'carriers' && name !== 'dxs';
    const list = referenceList(db, name).map((item) =>
      keepsId ? item : Object.fromEntries(Object.entries(item).filter(([k]) => k !== 'id')),
    );
    return ok(schema, list);
  }),
];

/**
 * A pending job whose insurer answers, read once `eligibilitySettleSeconds` have passed since it
 * started, takes the answer (stored, so the job keeps it). A job without an answer stays pending.
 */
function settle(job: EligibilityRecord): EligibilityRecord {
  if (job.status !== 'pending' || typeof job._answer_status !== 'string' || job._answer_status === 'pending')
    return job;
  if (nowSeconds() < Number(job._started) + insuranceMockConfig.eligibilitySettleSeconds) return job;
  const settled: EligibilityRecord = {
    ...job,
    status: job._answer_status,
    ...(typeof job._answer_copay === 'number' ? { copay: job._answer_copay } : {}),
  };
  db.eligibility.set(job.id, settled);
  return settled;
}

/** The card's carrier and member as one key (case and outer spaces ignored), if it names both. */
function subscriberKey(card: InsuranceCardRecord): string | undefined {
  const insurer = str(card.insurer_code).trim().toUpperCase();
  const member = str(card.subscriber_number).trim().toUpperCase();
  return insurer && member ? `${insurer}:${member}` : undefined;
}

/**
 * The latest start, still inside the window, of a check of this patient or of this carrier and
 * member: the limit follows the person and the policy, not the card record, so deleting and
 * re-adding a card (or adding it to another record) does not start a new check.
 */
function recentStart(patientId: string, subscriber: string | undefined, now: number): number | undefined {
  const window = insuranceMockConfig.eligibilityWindowSeconds;
  let latest: number | undefined;
  for (const job of db.eligibility.values()) {
    if (job.id !== patientId && (subscriber === undefined || job._subscriber !== subscriber)) continue;
    const started = Number(job._started);
    // A start after "now" (a test clock set back before the seed) is not a recent start.
    if (started <= now && now < started + window && (latest === undefined || started > latest))
      latest = started;
  }
  return latest;
}

/** 429 with `Retry-After` (seconds) and a message naming when the earlier check started. */
function tooSoon(startedAt: number, until: number, now: number): Response {
  const response = codeError(
    429,
    `An eligibility check was already started at ${isoSeconds(startedAt)}. Try again after ${isoSeconds(until)}.`,
  );
  response.headers.set('Retry-After', String(until - now));
  return response;
}
