import { z } from 'zod';
import {
  BooleanishSchema,
  IdSchema,
  NumberishSchema,
  StringishSchema,
  optionalField,
} from '../common/schemas.ts';
import { SERVER_EXTENSIONS, type ServerExtension } from '../common/server-extensions.ts';

/** A field of a generic step form's schema (DESIGN.md section 4). */
export const StepFieldSchema = z.looseObject({
  type: z.enum(['string', 'number', 'integer', 'boolean', 'array']).or(StringishSchema),
  title: optionalField(StringishSchema),
  required: optionalField(BooleanishSchema),
  enum: optionalField(z.array(z.union([StringishSchema, z.number()]))),
  maxLength: optionalField(NumberishSchema),
  minimum: optionalField(NumberishSchema),
  maximum: optionalField(NumberishSchema),
  pattern: optionalField(StringishSchema),
  /**
   * JSON Schema's date limits (not named by the spec; passed through where an account sets them):
   * `YYYY-MM-DD`, or `today` for the patient's own today (a symptom cannot start tomorrow).
   */
  formatMaximum: optionalField(StringishSchema),
  formatMinimum: optionalField(StringishSchema),
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
  key: StringishSchema,
  type: StringishSchema,
  placeholder: optionalField(StringishSchema),
  title: optionalField(StringishSchema),
  titleMap: optionalField(
    z.union([
      z.record(z.string(), StringishSchema),
      z.array(z.looseObject({ value: z.union([StringishSchema, z.number()]), name: z.string() })),
    ]),
  ),
});
export type StepFormItem = z.infer<typeof StepFormItemSchema>;

export const StepSectionSchema = z.looseObject({
  code: StringishSchema,
  title: optionalField(StringishSchema),
  schema: z.record(z.string(), StepFieldSchema),
  form: z.array(StepFormItemSchema),
});
export type StepSection = z.infer<typeof StepSectionSchema>;

/** One step of `intake_steps` / `post_intake_steps`; `code` names the kind of content. */
export const IntakeStepSchema = z.looseObject({
  code: StringishSchema,
  name: optionalField(StringishSchema),
  next: optionalField(z.looseObject({ title: optionalField(StringishSchema) })),
  sections: optionalField(z.array(StepSectionSchema)),
});
export type IntakeStep = z.infer<typeof IntakeStepSchema>;

export const AccountFileSchema = z.looseObject({
  file_id: optionalField(IdSchema),
  code: StringishSchema,
  path: StringishSchema,
});

export const WaitingRoomSchema = z.looseObject({
  subtitle: StringishSchema.nullish(),
  enter_text: StringishSchema.nullish(),
  need_schedule: BooleanishSchema.nullish(),
  show_code: BooleanishSchema.nullish(),
  average_visit_time: NumberishSchema.nullish(),
  capacity: NumberishSchema.nullish(),
  default_room_code: StringishSchema.nullish(),
});

const isServerExtension = (name: unknown): name is ServerExtension =>
  (SERVER_EXTENSIONS as readonly unknown[]).includes(name);

function knownExtensions(value: unknown): ServerExtension[] | undefined {
  return Array.isArray(value) ? value.filter(isServerExtension) : undefined;
}

/** GET /accounts/{code} (spec 2.5). Steps that do not parse are kept out rather than failing the account. */
export const AccountSchema = z.looseObject({
  id: IdSchema,
  code: StringishSchema,
  domain: StringishSchema.nullish(),
  name: StringishSchema,
  portal_title: StringishSchema.nullish(),
  /** Not in the spec: the clinic's brand colour (`#rrggbb`) when the account carries one (spec-decisions). */
  brand_color: StringishSchema.nullish(),
  files: z.array(AccountFileSchema).nullish(),
  waiting_room: WaitingRoomSchema.nullish(),
  states: z.looseObject({ signup: optionalField(z.unknown()) }).nullish(),
  intake_steps: z.array(z.unknown()).nullish(),
  post_intake_steps: z.array(z.unknown()).nullish(),
  /**
   * Not in the spec: what the server offers beyond it (`SERVER_EXTENSIONS`). Names the portal does
   * not know are left out; a missing or unreadable list offers none.
   */
  portal_extensions: z.unknown().transform(knownExtensions).optional(),
});
export type Account = z.infer<typeof AccountSchema>;

/** GET /settings: a nested object; GET /settings/{key}: any value. */
export const SettingsSchema = z.record(z.string(), z.unknown());
export type Settings = z.infer<typeof SettingsSchema>;
export const SettingValueSchema = z.unknown();
