import { z } from 'zod';
import {
  IdSchema,
  IntegerishSchema,
  NullableIdSchema,
  StateCodeSchema,
  StringishSchema,
  TimestampSchema,
  optionalField,
} from '../common/schemas.ts';

/** Intake `type` on creation: 1 = walk-in, 2 = scheduled. */
export const INTAKE_TYPE = { walkin: 1, scheduled: 2 } as const;
export const IntakeTypeSchema = z.literal([INTAKE_TYPE.walkin, INTAKE_TYPE.scheduled]);
export type IntakeType = z.infer<typeof IntakeTypeSchema>;

export const IntakeAttachmentSchema = z.looseObject({
  _id: IdSchema,
  name: optionalField(StringishSchema),
  path: optionalField(StringishSchema),
  /** Size in bytes. */
  size: optionalField(IntegerishSchema),
  ext: optionalField(StringishSchema),
});
export type IntakeAttachment = z.infer<typeof IntakeAttachmentSchema>;

/**
 * The provider of an intake: the spec names the field without a shape, so an id or a person object
 * is accepted. Before a provider is chosen servers send 0, "" or null, which all read as null.
 */
const IntakeProviderSchema = z.union([
  NullableIdSchema,
  z.looseObject({
    id: IdSchema,
    first_name: optionalField(StringishSchema),
    last_name: optionalField(StringishSchema),
    full_name: optionalField(StringishSchema),
  }),
]);

/**
 * Intake record (`GET /intakes/{id}`). Besides the named fields it carries any custom field-value
 * pairs the caller sent, which pass through untouched.
 */
export const IntakeSchema = z.looseObject({
  id: IdSchema,
  created: optionalField(TimestampSchema),
  modified: optionalField(TimestampSchema),
  /** The spec types the stored `type` as a string although it is sent as 1 or 2. */
  type: optionalField(StringishSchema),
  reason_for_visit: StringishSchema.nullish(),
  attachments: z.array(IntakeAttachmentSchema).nullish(),
  provider: IntakeProviderSchema.nullish(),
  visit_id: NullableIdSchema.optional(),
});
export type Intake = z.infer<typeof IntakeSchema>;

/** `{id}` returned by intake create and update. */
export const IntakeRefSchema = z.looseObject({ id: IdSchema });
export type IntakeRef = z.infer<typeof IntakeRefSchema>;

/** Custom field-value pairs sent form-urlencoded in the body of intake creation. */
export const IntakeCustomFieldsSchema = z.record(z.string(), z.string());
export type IntakeCustomFields = z.infer<typeof IntakeCustomFieldsSchema>;

/** Query of `POST /intakes`; custom fields travel separately in the body. */
export const CreateIntakeInputSchema = z.object({
  room_code: z.string().trim().min(1),
  provider_id: IdSchema.optional(),
  reason_for_visit: z.string().optional(),
  type: IntakeTypeSchema.optional(),
  /** Patient code. */
  member_id: z.string().min(1).optional(),
  location: StateCodeSchema.optional(),
  phone: z.string().optional(),
});
export type CreateIntakeInput = z.infer<typeof CreateIntakeInputSchema>;

/** Query of `POST /intakes/{id}`. */
export const UpdateIntakeInputSchema = z.object({
  provider_id: IdSchema.optional(),
  reason_for_visit: z.string().optional(),
  location: StateCodeSchema.optional(),
  phone: z.string().optional(),
});
export type UpdateIntakeInput = z.infer<typeof UpdateIntakeInputSchema>;
