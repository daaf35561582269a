import { describe, expect, it } from 'vitest';
import { SurveyResponseListBodySchema, SurveyResponseSchema } from './schemas.ts';

const response = {
  id: 'sr-1',
  survey_code: 'post_visit_survey',
  clinic_code: 'clinic',
  visit_id: 'v-1',
  intake_id: 'intake-1',
  room_code: 'main',
  user_id: 'u-1',
  data: { reason: 'Sample reason', member_id: 'u-1', provider_id: 0 },
  created: 1700000000,
};

describe('survey schemas', () => {
  it('parses the list body with its total count', () => {
    const body = SurveyResponseListBodySchema.parse({ data: [response], total_count: 1 });
    expect(body.total_count).toBe(1);
    expect(body.data[0]?.data?.provider_id).toBeNull();
  });

  it('passes unknown fields through', () => {
    expect(SurveyResponseSchema.parse({ ...response, score: 5 })['score']).toBe(5);
  });

  it('refuses a response without a survey code, and a body without total_count', () => {
    const { survey_code: _code, ...withoutCode } = response;
    expect(SurveyResponseSchema.safeParse(withoutCode).error?.issues[0]?.path).toEqual(['survey_code']);
    expect(SurveyResponseListBodySchema.safeParse({ data: [] }).error?.issues[0]?.path).toEqual([
      'total_count',
    ]);
  });
});
