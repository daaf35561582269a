import { apiJson, type CallOptions } from '../http.ts';
import {
  SurveyResponseListBodySchema,
  type SurveyCode,
  type SurveyResponseFilter,
  type SurveyResponseListBody,
} from './schemas.ts';

/**
 * GET {survey_base_url}/surveys/{code}/responses (spec 4.13): X-ApiToken only; the body is
 * `{data, total_count}`. The spec names no paging parameters, so the report pages on the client.
 */
export function listSurveyResponses(
  code: SurveyCode,
  filter: SurveyResponseFilter = {},
  options: CallOptions = {},
): Promise<SurveyResponseListBody> {
  return apiJson({
    base: 'survey',
    path: `/surveys/${encodeURIComponent(code)}/responses`,
    auth: 'user-token',
    query: {
      from_time: filter.from_time,
      to_time: filter.to_time,
      clinic_codes: filter.clinic_codes?.join(','),
      visit_ids: filter.visit_ids?.join(','),
    },
    schema: SurveyResponseListBodySchema,
    envelope: 'none',
    signal: options.signal,
  });
}
