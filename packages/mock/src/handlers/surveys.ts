import { http, type HttpHandler } from 'msw';
import {
  SurveyCodeSchema,
  SurveyResponseListBodySchema,
  SurveyResponseSchema,
} from '@telehealth/client/surveys/schemas';
import { db, type LooseRecord } from '../db.ts';
import { isStaff, requireUser } from '../lib/auth.ts';
import { codeError } from '../lib/errors.ts';
import { optionalInt, queryOf } from '../lib/params.ts';
import { raw } from '../lib/respond.ts';
import { surveyApi } from '../lib/routes.ts';

/**
 * Survey responses (spec 4.13): X-ApiToken only, body `{data, total_count}`. Decisions
 * (docs/spec-decisions.md): only providers and admins read responses (patients 403); a caller
 * sees the responses of their own clinics only, whatever `clinic_codes` asks for; newest first.
 */

const bad = (message: string) => codeError(400, message);
const list = (value: string | null) =>
  value
    ? value
        .split(',')
        .map((v) => v.trim())
        .filter(Boolean)
    : null;

/** Custom fields the portal's survey step keeps on the intake (features/surveys). */
const SURVEY_CODE_FIELD = 'survey_code';
const ANSWERED_AT_FIELD = 'survey_answered_at';
const ANSWER_PREFIX = 'survey.';

/** The codes a response can carry: `all` only selects in the path. */
const RESPONSE_CODES = new Set<string>(SurveyCodeSchema.options.filter((c) => c !== 'all'));
/**
 * Keys of a response (spec 2.16) and of the visit it names. The server sets them from the visit
 * and the intake; an answer of that name is dropped, so a body can never rename the patient,
 * the provider, the visit or the time (docs/spec-decisions.md).
 */
const SERVER_OWNED = new Set([
  'id',
  'survey_code',
  'clinic_code',
  'visit_id',
  'intake_id',
  'room_code',
  'user_id',
  'member_id',
  'provider_id',
  'created',
  'modified',
  'account',
  'account_code',
  'clinic',
]);
/** Longest answer text the report carries (the intake's custom-field limit). */
const MAX_ANSWER = 5000;
/** The last second of year 9999: a later time cannot be shown as a date. */
const MAX_TIME = 253402300799;

type Answer = string | number | boolean;
type Id = string | number | null;

/** A stored property; one that cannot be read (a throwing getter) counts as absent. */
function read(record: object, key: string): unknown {
  try {
    return (record as Record<string, unknown>)[key];
  } catch {
    return undefined;
  }
}

/** An answer key the report can carry: not empty, not a property every object has, not the server's. */
const usableKey = (key: string) => key !== '' && !(key in Object.prototype) && !SERVER_OWNED.has(key);

/** A stored answer as the contract carries it: text, a finite number or yes/no; else JSON text, or nothing. */
function answerOf(value: unknown): Answer | undefined {
  if (typeof value === 'string') return value === '' ? undefined : value.slice(0, MAX_ANSWER);
  if (typeof value === 'boolean') return value;
  if (typeof value === 'number') return Number.isFinite(value) ? value : undefined;
  if (typeof value === 'bigint') return String(value);
  if (value === null || typeof value !== 'object') return undefined;
  try {
    const text = JSON.stringify(value) as string | undefined;
    return text !== undefined && text.length <= MAX_ANSWER ? text : undefined;
  } catch {
    return undefined;
  }
}

const idOf = (value: unknown): Id | undefined =>
  typeof value === 'string' || value === null || (typeof value === 'number' && Number.isInteger(value))
    ? value
    : undefined;

/** UNIX seconds from a number or a numeric string, if it is a time that can be shown. */
function timeOf(value: unknown): number | undefined {
  const n =
    typeof value === 'number'
      ? value
      : typeof value === 'string' && /^\d+(\.\d+)?$/.test(value)
        ? Number(value)
        : NaN;
  return Number.isFinite(n) && n >= 0 && n <= MAX_TIME ? Math.floor(n) : undefined;
}

/** Answers of a stored response, each readable or left out; `reason` is always text. */
function answersOf(data: object): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(data)) {
    const value = read(data, key);
    if (key === 'member_id' || key === 'provider_id') {
      const id = idOf(value);
      if (id !== undefined) out[key] = id;
      continue;
    }
    if (!usableKey(key)) continue;
    const answer = answerOf(value);
    if (answer !== undefined) out[key] = key === 'reason' ? String(answer) : answer;
  }
  return out;
}

/**
 * A stored response in the shape of spec 2.16, built field by field, or nothing when its id, code,
 * answers or time cannot be read: one odd record never fails the report for the whole clinic.
 */
function responseOf(record: object): LooseRecord | undefined {
  try {
    const id = read(record, 'id');
    const code = read(record, 'survey_code');
    if (!((typeof id === 'string' && id !== '') || (typeof id === 'number' && Number.isInteger(id)))) return;
    if (typeof code !== 'string' || !RESPONSE_CODES.has(code)) return;
    const out: LooseRecord = { id: String(id), survey_code: code };
    for (const key of ['clinic_code', 'room_code'] as const) {
      const value = read(record, key);
      if (typeof value === 'string' || value === null) out[key] = value;
    }
    for (const key of ['visit_id', 'intake_id', 'user_id'] as const) {
      const value = idOf(read(record, key));
      if (value !== undefined) out[key] = value;
    }
    const data = read(record, 'data');
    if (data !== undefined && data !== null && (typeof data !== 'object' || Array.isArray(data))) return;
    if (data !== undefined) out.data = data === null ? null : answersOf(data);
    const created = read(record, 'created');
    if (created !== undefined) {
      const at = timeOf(created);
      if (at === undefined) return;
      out.created = at;
    }
    return SurveyResponseSchema.safeParse(out).success ? out : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Responses the patients gave in the wizard's survey step: the step keeps them on the intake
 * (docs/spec-decisions.md) and the survey service reads them from there once the intake has a
 * visit, as spec 2.16 responses: `data` holds each answer by its field key, plus the visit's
 * member and provider, like the seeded responses. Everything but the answers and the survey's
 * code comes from the visit and the intake; the answer time is kept within the intake's life.
 */
function wizardResponses(): LooseRecord[] {
  const out: LooseRecord[] = [];
  for (const intake of db.intakes.values()) {
    try {
      const response = wizardResponse(intake);
      if (response) out.push(response);
    } catch {
      // An intake that cannot be read gives no response.
    }
  }
  return out;
}

function wizardResponse(intake: object): LooseRecord | undefined {
  const code = read(intake, SURVEY_CODE_FIELD);
  const intakeId = read(intake, 'id');
  const visitId = read(intake, 'visit_id');
  if (typeof code !== 'string' || !RESPONSE_CODES.has(code)) return;
  if (typeof intakeId !== 'string' || typeof visitId !== 'string') return;
  const visit = db.visits.get(visitId);
  if (!visit || typeof visit.member_id !== 'string') return;
  const data: Record<string, unknown> = { member_id: visit.member_id };
  const provider = visit.provider as { id?: unknown } | string | null | undefined;
  const providerId = typeof provider === 'string' ? provider : (provider?.id ?? visit.provider_id);
  if (typeof providerId === 'string' && providerId !== '') data.provider_id = providerId;
  for (const key of Object.keys(intake)) {
    if (!key.startsWith(ANSWER_PREFIX)) continue;
    const name = key.slice(key.lastIndexOf('.') + 1);
    if (!usableKey(name)) continue;
    const answer = answerOf(read(intake, key));
    if (answer !== undefined) data[name] = answer;
  }
  const made = timeOf(read(intake, 'created'));
  const written = timeOf(read(intake, 'modified'));
  const answered = timeOf(read(intake, ANSWERED_AT_FIELD));
  let created = answered ?? written;
  if (created !== undefined && written !== undefined) created = Math.min(created, written);
  if (created !== undefined && made !== undefined) created = Math.max(created, made);
  const roomCode = visit.room_code ?? read(intake, 'room_code');
  return responseOf({
    id: `sr_${intakeId}`,
    survey_code: code,
    clinic_code: visit.account_code,
    visit_id: visit.id,
    intake_id: intakeId,
    room_code: typeof roomCode === 'string' ? roomCode : null,
    user_id: visit.member_id,
    data,
    created: created ?? 0,
  });
}

export const surveyHandlers: HttpHandler[] = [
  http.get(surveyApi('/surveys/:code/responses'), ({ request, params }) => {
    const caller = requireUser(request).user;
    const code = SurveyCodeSchema.safeParse(params.code);
    if (!code.success) throw bad(`survey_code: must be one of ${SurveyCodeSchema.options.join(', ')}`);
    if (!isStaff(caller)) throw codeError(403, 'Only the clinic team can read survey responses');
    const query = queryOf(request);
    const from = optionalInt(query, 'from_time', bad, { min: 0 });
    const to = optionalInt(query, 'to_time', bad, { min: 0 });
    if (from !== undefined && to !== undefined && from > to)
      throw bad('from_time: must not be after to_time');
    const clinics = list(query.get('clinic_codes'));
    const visits = list(query.get('visit_ids'));
    const own = new Set(caller.clinics.length ? caller.clinics : [caller.account_code]);
    const stored = [...db.surveyResponses.values()].map(responseOf);
    const data = [...stored.filter((r): r is LooseRecord => r !== undefined), ...wizardResponses()]
      .filter((r) => code.data === 'all' || r.survey_code === code.data)
      .filter((r) => own.has(String(r.clinic_code)))
      .filter((r) => !clinics || clinics.includes(String(r.clinic_code)))
      .filter((r) => !visits || visits.includes(String(r.visit_id)))
      .filter((r) => from === undefined || Number(r.created) >= from)
      .filter((r) => to === undefined || Number(r.created) <= to)
      .sort((a, b) => Number(b.created ?? 0) - Number(a.created ?? 0));
    return raw(SurveyResponseListBodySchema, { data, total_count: data.length });
  }),
];
