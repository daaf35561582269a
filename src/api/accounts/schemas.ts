import { z } from 'zod';
import { IdSchema } from '../common/schemas';

/** A field of a generic step form's schema (DESIGN.md section 4). */
export const StepFieldSchema = z.looseObject({
  type: z.enum(['string', 'number', 'integer', 'boolean', 'array']).or(z.string()),
  title: z.string().optional(),
  required: z.boolean().optional(),
  enum: z.array(z.union([z.string(), z.number()])).optional(),
  maxLength: z.number().optional(),
  minimum: z.number().optional(),
  maximum: z.number().optional(),
  pattern: z.string().optional(),
});
export type StepField = z.infer<typeof StepFieldSchema>;

export const FORM_FIELD_TYPES = [
  'text',
  'textarea',
  'select',
  'radio',
  'checkbox',
  'date',
  'number',
] as const;

export const StepFormItemSchema = z.looseObject({
  key: z.string(),
  type: z.string(),
  placeholder: z.string().optional(),
  title: z.string().optional(),
  titleMap: z
    .union([
      z.record(z.string(), z.string()),
      z.array(z.looseObject({ value: z.union([z.string(), z.number()]), name: z.string() })),
    ])
    .optional(),
});
export type StepFormItem = z.infer<typeof StepFormItemSchema>;

export const StepSectionSchema = z.looseObject({
  code: z.string(),
  title: z.string().optional(),
  schema: z.record(z.string(), StepFieldSchema),
  form: z.array(StepFormItemSchema),
});
export type StepSection = z.infer<typeof StepSectionSchema>;

/** One step of `intake_steps` / `post_intake_steps`; `code` names the kind of content. */
export const IntakeStepSchema = z.looseObject({
  code: z.string(),
  name: z.string().optional(),
  next: z.looseObject({ title: z.string().optional() }).optional(),
  sections: z.array(StepSectionSchema).optional(),
});
export type IntakeStep = z.infer<typeof IntakeStepSchema>;

export const AccountFileSchema = z.looseObject({
  file_id: IdSchema.optional(),
  code: z.string(),
  path: z.string(),
});

export const WaitingRoomSchema = z.looseObject({
  subtitle: z.string().nullish(),
  enter_text: z.string().nullish(),
  need_schedule: z.boolean().nullish(),
  show_code: z.boolean().nullish(),
  average_visit_time: z.coerce.number().nullish(),
  capacity: z.coerce.number().nullish(),
  default_room_code: z.string().nullish(),
});

/** GET /accounts/{code} (spec 2.5). Steps that do not parse are kept out rather than failing the account. */
export const AccountSchema = z.looseObject({
  id: IdSchema,
  code: z.string(),
  domain: z.string().nullish(),
  name: z.string(),
  portal_title: z.string().nullish(),
  /** Not in the spec: the clinic's brand colour (`#rrggbb`) when the account carries one (spec-decisions). */
  brand_color: z.string().nullish(),
  files: z.array(AccountFileSchema).nullish(),
  waiting_room: WaitingRoomSchema.nullish(),
  states: z.looseObject({ signup: z.unknown().optional() }).nullish(),
  intake_steps: z.array(z.unknown()).nullish(),
  post_intake_steps: z.array(z.unknown()).nullish(),
});
export type Account = z.infer<typeof AccountSchema>;

/** GET /settings: a nested object; GET /settings/{key}: any value. */
export const SettingsSchema = z.record(z.string(), z.unknown());
export type Settings = z.infer<typeof SettingsSchema>;
export const SettingValueSchema = z.unknown();
