import { z } from 'zod';
import {
  BooleanishSchema,
  IdSchema,
  IntegerishSchema,
  StringishSchema,
  TimestampSchema,
  optionalField,
} from '../common/schemas.ts';

/** The seven medical-record sections of spec 2.13. */
export const EMR_SECTION_NAMES = [
  'allergies',
  'conditions',
  'surgeries',
  'family_conditions',
  'social_history',
  'health_habits',
  'medications',
] as const;
export const EmrSectionNameSchema = z.enum(EMR_SECTION_NAMES);
export type EmrSectionName = z.infer<typeof EmrSectionNameSchema>;

export const ConditionsDataSchema = z.array(z.looseObject({ condition: z.string() }));
export const SurgeriesDataSchema = z.array(z.looseObject({ procedure: z.string() }));
export const FamilyConditionsDataSchema = z.array(
  z.looseObject({ condition: StringishSchema, relations: z.array(StringishSchema) }),
);
export const SocialHistoryDataSchema = z.looseObject({
  marital_status: StringishSchema.nullish(),
  highest_ed: StringishSchema.nullish(),
  occupation: StringishSchema.nullish(),
  num_kids: IntegerishSchema.pipe(z.number().nonnegative()).nullish(),
});
export const HealthHabitsDataSchema = z.looseObject({
  smoking: StringishSchema.nullish(),
  alcohol: StringishSchema.nullish(),
  drugs: StringishSchema.nullish(),
  exercise: StringishSchema.nullish(),
});
export const MedicationsDataSchema = z.array(z.looseObject({ name: z.string() }));
export const AllergiesDataSchema = z.array(z.looseObject({ substance: z.string() }));

/** The `data` shape of each section on write (spec 2.13): lists of entries, or one object for two sections. */
export const emrSectionDataSchemas = {
  allergies: AllergiesDataSchema,
  conditions: ConditionsDataSchema,
  surgeries: SurgeriesDataSchema,
  family_conditions: FamilyConditionsDataSchema,
  social_history: SocialHistoryDataSchema,
  health_habits: HealthHabitsDataSchema,
  medications: MedicationsDataSchema,
} as const satisfies Record<EmrSectionName, z.ZodType>;

export type EmrSectionData = {
  [N in EmrSectionName]: z.infer<(typeof emrSectionDataSchemas)[N]>;
};
export type ConditionsData = EmrSectionData['conditions'];
export type SurgeriesData = EmrSectionData['surgeries'];
export type FamilyConditionsData = EmrSectionData['family_conditions'];
export type SocialHistoryData = EmrSectionData['social_history'];
export type HealthHabitsData = EmrSectionData['health_habits'];
export type MedicationsData = EmrSectionData['medications'];
export type AllergiesData = EmrSectionData['allergies'];

/** Who last changed a section. The spec says it may be empty: `{}`, `[]` and null all read as null. */
export const EmrModifiedBySchema = z.union([
  z.null(),
  z.array(z.never()).transform(() => null),
  z
    .looseObject({
      id: optionalField(IdSchema),
      /** User type code (spec 2.1). */
      type: optionalField(IntegerishSchema),
      first_name: optionalField(StringishSchema),
      last_name: optionalField(StringishSchema),
      full_name: optionalField(StringishSchema),
      title: StringishSchema.nullish(),
      suffix: StringishSchema.nullish(),
    })
    .transform((person) => (person.id === undefined ? null : person)),
]);
export type EmrModifiedBy = z.infer<typeof EmrModifiedBySchema>;

/** An object section never filled in may arrive as `[]` (an empty map from the server); it reads as `{}`. */
function emptyArrayAsObject<T extends z.ZodType>(schema: T) {
  return z.preprocess((value) => (Array.isArray(value) && value.length === 0 ? {} : value), schema);
}

/** Builds the read wrapper of one section: `{data, modified, modified_by}`; `data` is null when never filled in. */
export function emrSectionReadSchema<T extends z.ZodType>(dataSchema: T) {
  return z.looseObject({
    /** Missing reads as null, like a section never filled in. */
    data: dataSchema.nullish().transform((data): z.output<T> | null => data ?? null),
    modified: TimestampSchema.nullish(),
    modified_by: optionalField(EmrModifiedBySchema),
    /** Not in the spec's read; the mock (and, we expect, the server) echo the last write's flag. */
    data_not_reported: optionalField(BooleanishSchema),
  });
}

/**
 * Full medical record (`GET /users/{id}/emr`). The spec returns all seven sections; each is optional
 * here so that one section missing shows as "not recorded" instead of failing the whole record.
 */
export const EmrRecordSchema = z.looseObject({
  allergies: optionalField(emrSectionReadSchema(AllergiesDataSchema)),
  conditions: optionalField(emrSectionReadSchema(ConditionsDataSchema)),
  surgeries: optionalField(emrSectionReadSchema(SurgeriesDataSchema)),
  family_conditions: optionalField(emrSectionReadSchema(FamilyConditionsDataSchema)),
  social_history: optionalField(emrSectionReadSchema(emptyArrayAsObject(SocialHistoryDataSchema))),
  health_habits: optionalField(emrSectionReadSchema(emptyArrayAsObject(HealthHabitsDataSchema))),
  medications: optionalField(emrSectionReadSchema(MedicationsDataSchema)),
});
export type EmrRecord = z.infer<typeof EmrRecordSchema>;
export type EmrSectionRead<N extends EmrSectionName> = NonNullable<EmrRecord[N]>;

/**
 * Body of `POST /users/{id}/emr/{name}`. `data_not_reported` is true when the user declines to declare
 * data for the section.
 */
export function emrWriteBodySchema<N extends EmrSectionName>(name: N) {
  return z.object({
    data: emrSectionDataSchemas[name],
    data_not_reported: z.boolean(),
  });
}
export type EmrWriteBody<N extends EmrSectionName> = {
  data: EmrSectionData[N];
  data_not_reported: boolean;
};

/** Response payload of a section write: `{data: updated section data}` inside the usual envelope. */
export function emrWriteResultSchema<N extends EmrSectionName>(name: N) {
  return z.looseObject({ data: emrSectionDataSchemas[name] });
}
export type EmrWriteResult<N extends EmrSectionName> = { data: EmrSectionData[N] };

/** GET /emr/schema: section name → the server's description of its input (shape not shown). */
export const EmrInputSchemaSchema = z.record(z.string(), z.unknown());
