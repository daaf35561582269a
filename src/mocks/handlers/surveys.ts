import { http, type HttpHandler } from 'msw';
import { SurveyCodeSchema, SurveyResponseListBodySchema } from '@/api/surveys/schemas';
import { db } from '../db';
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
    const data = [...db.surveyResponses.values()]
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
