import { http, type HttpHandler } from 'msw';
import { SurveyCodeSchema, SurveyResponseListBodySchema } from '@/api/surveys/schemas';
import { db, type LooseRecord } from '../db';
import { isStaff, requireUser } from '../lib/auth';
import { codeError } from '../lib/errors';
import { optionalInt, queryOf } from '../lib/params';
import { raw } from '../lib/respond';
import { surveyApi } from '../lib/routes';

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

/**
 * Responses the patients gave in the wizard's survey step: the step keeps them on the intake
 * (docs/spec-decisions.md) and the survey service reads them from there once the intake has a
 * visit, as spec 2.16 responses: `data` holds each answer by its field key, plus the visit's
 * member and provider, like the seeded responses.
 */
function wizardResponses(): LooseRecord[] {
  const out: LooseRecord[] = [];
  for (const intake of db.intakes.values()) {
    const record = intake as Record<string, unknown>;
    const code = record[SURVEY_CODE_FIELD];
    if (typeof code !== 'string' || typeof intake.visit_id !== 'string') continue;
    const visit = db.visits.get(intake.visit_id);
    if (!visit) continue;
    const data: Record<string, unknown> = { member_id: visit.member_id };
    const provider = visit.provider as { id?: unknown } | string | null | undefined;
    const providerId = typeof provider === 'string' ? provider : provider?.id;
    if (typeof providerId === 'string') data.provider_id = providerId;
    for (const [key, value] of Object.entries(record)) {
      if (!key.startsWith(ANSWER_PREFIX) || value === '' || value === undefined) continue;
      data[key.slice(key.lastIndexOf('.') + 1)] = value;
    }
    out.push({
      id: `sr_${String(intake.id)}`,
      survey_code: code,
      clinic_code: visit.account_code,
      visit_id: visit.id,
      intake_id: intake.id,
      room_code: visit.room_code ?? intake.room_code ?? null,
      user_id: visit.member_id,
      data,
      created: Number(record[ANSWERED_AT_FIELD]) || Number(intake.modified) || 0,
    });
  }
  return out;
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
    const data = [...db.surveyResponses.values(), ...wizardResponses()]
      .filter((r) => code.data === 'all' || r.survey_code === code.data)
      .filter((r) => own.has(String(r.clinic_code)))
      .filter((r) => !clinics || clinics.includes(String(r.clinic_code)))
      .filter((r) => !visits || visits.includes(String(r.visit_id)))
      .filter((r) => from === undefined || Number(r.created) >= from)
      .filter((r) => to === undefined || Number(r.created) <= to)
      .sort((a, b) => Number(b.created) - Number(a.created));
    return raw(SurveyResponseListBodySchema, { data, total_count: data.length });
  }),
];
