import { z } from 'zod';
import {
  IdSchema,
  IntegerishSchema,
  NullableIdSchema,
  StringishSchema,
  TimestampSchema,
  optionalField,
  tolerantList,
} from '../common/schemas.ts';

/** Survey codes of spec 2.1; `all` is a path value that selects every survey. */
export const SURVEY_CODES = [
  'all',
  'cancel_intake_survey',
  'provider_visit_survey',
  'cancel_call_survey',
  'post_visit_survey',
] as const;
export const SurveyCodeSchema = z.enum(SURVEY_CODES);
export type SurveyCode = z.infer<typeof SurveyCodeSchema>;

export const SurveyResponseDataSchema = z.looseObject({
  reason: StringishSchema.nullish(),
  member_id: NullableIdSchema.optional(),
  provider_id: NullableIdSchema.optional(),
});
export type SurveyResponseData = z.infer<typeof SurveyResponseDataSchema>;

/** One survey answer. The references are absent or null when the survey was not tied to them. */
export const SurveyResponseSchema = z.looseObject({
  id: IdSchema,
  survey_code: SurveyCodeSchema,
  clinic_code: StringishSchema.nullish(),
  visit_id: NullableIdSchema.optional(),
  intake_id: NullableIdSchema.optional(),
  room_code: StringishSchema.nullish(),
  user_id: NullableIdSchema.optional(),
  data: SurveyResponseDataSchema.nullish(),
  created: optionalField(TimestampSchema),
});
export type SurveyResponse = z.infer<typeof SurveyResponseSchema>;

/** Full body of `GET /surveys/{survey_code}/responses`: `{data: [...], total_count}`. */
export const SurveyResponseListBodySchema = z.looseObject({
  data: tolerantList(SurveyResponseSchema, 'survey responses'),
  total_count: IntegerishSchema,
});
export type SurveyResponseListBody = z.infer<typeof SurveyResponseListBodySchema>;

/** Query of the survey responses list; the lists are sent comma-separated. */
export const SurveyResponseFilterSchema = z.object({
  from_time: z.number().int().nonnegative().optional(),
  to_time: z.number().int().nonnegative().optional(),
  clinic_codes: z.array(z.string().min(1)).optional(),
  visit_ids: z.array(z.string().min(1)).optional(),
});
export type SurveyResponseFilter = z.infer<typeof SurveyResponseFilterSchema>;
