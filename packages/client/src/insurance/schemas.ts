import { z } from 'zod';
import {
  BooleanishSchema,
  DateOnlySchema,
  IdSchema,
  IntegerishSchema,
  NumberishSchema,
  StateCodeSchema,
  StringishSchema,
  TimestampSchema,
  optionalField,
  tolerantList,
} from '../common/schemas.ts';

export const InsuranceCardTypeSchema = z.enum(['primary', 'secondary']);
export type InsuranceCardType = z.infer<typeof InsuranceCardTypeSchema>;

const OptionalTextSchema = StringishSchema.nullish();

/** An insurance card as read. Empty fields may arrive as null. */
export const InsuranceCardSchema = z.looseObject({
  card_type: InsuranceCardTypeSchema,
  insurer_code: OptionalTextSchema,
  subscriber_number: OptionalTextSchema,
  group_number: OptionalTextSchema,
  responsible_party: OptionalTextSchema,
  guarantor_first_name: OptionalTextSchema,
  guarantor_middle_name: OptionalTextSchema,
  guarantor_last_name: OptionalTextSchema,
  guarantor_dob: DateOnlySchema.or(z.literal('')).nullish(),
  /** Numeric gender code; the spec does not show the mapping. */
  guarantor_gender: IntegerishSchema.nullish(),
  guarantor_address: OptionalTextSchema,
  guarantor_address_2: OptionalTextSchema,
  guarantor_city: OptionalTextSchema,
  guarantor_zip: OptionalTextSchema,
  guarantor_state: OptionalTextSchema,
  consent: BooleanishSchema.nullish(),
});
export type InsuranceCard = z.infer<typeof InsuranceCardSchema>;

/**
 * Card fields as sent. All are optional on update (`POST /users/{user_id}/insurances/{card_type}`,
 * where the card type is in the path). We always send `subscriber_number`, never its alias `subscriber_num`.
 */
export const InsuranceCardInputSchema = z.object({
  insurer_code: z.string().min(1).optional(),
  subscriber_number: z.string().min(1).optional(),
  group_number: z.string().optional(),
  responsible_party: z.string().optional(),
  guarantor_first_name: z.string().optional(),
  guarantor_middle_name: z.string().optional(),
  guarantor_last_name: z.string().optional(),
  guarantor_dob: DateOnlySchema.optional(),
  guarantor_gender: z.number().int().optional(),
  guarantor_address: z.string().optional(),
  guarantor_address_2: z.string().optional(),
  guarantor_city: z.string().optional(),
  guarantor_zip: z.string().optional(),
  guarantor_state: StateCodeSchema.optional(),
  consent: z.boolean().optional(),
});
export type InsuranceCardInput = z.infer<typeof InsuranceCardInputSchema>;

/**
 * Body of `POST /users/{user_id}/insurances/import`: at most two cards, one primary and one
 * secondary. A card of a type that already exists is overwritten.
 */
export const ImportInsurancesInputSchema = z.object({
  insurances: z
    .array(InsuranceCardInputSchema.extend({ card_type: InsuranceCardTypeSchema }))
    .min(1)
    .max(2)
    .refine((cards) => new Set(cards.map((card) => card.card_type)).size === cards.length, {
      message: 'At most one primary and one secondary card',
    }),
});
export type ImportInsurancesInput = z.infer<typeof ImportInsurancesInputSchema>;

/**
 * Insurance responses are not plain `data` envelopes: they carry a sibling `version` (`2.0`).
 * This builds the schema of such a full response body.
 */
export function versionedBodySchema<T extends z.ZodType>(dataSchema: T) {
  return z.looseObject({
    data: dataSchema,
    version: StringishSchema,
  });
}

/** Full body of the card list and import responses: `{data: [card], version}`. */
export const InsuranceCardListBodySchema = versionedBodySchema(
  tolerantList(InsuranceCardSchema, 'insurance cards'),
);
export type InsuranceCardListBody = z.infer<typeof InsuranceCardListBodySchema>;

/** Full body of single-card read and update responses: `{data: card, version}`. */
export const InsuranceCardBodySchema = versionedBodySchema(InsuranceCardSchema);
export type InsuranceCardBody = z.infer<typeof InsuranceCardBodySchema>;

/** Eligibility job status: the spec names only `pending` and shows no transitions. */
export const ELIGIBILITY_STATUS_PENDING = 'pending';

/** Eligibility check of the primary card. Starting a check again too soon is answered with 429. */
export const EligibilityJobSchema = z.looseObject({
  job_id: StringishSchema.pipe(z.string().min(1)),
  status: StringishSchema,
});
export type EligibilityJob = z.infer<typeof EligibilityJobSchema>;

/** The latest job as read back: a server may answer "none yet" as a job of nulls (or empty text). */
export const LatestEligibilitySchema = z.looseObject({
  job_id: StringishSchema.nullish(),
  status: StringishSchema.nullish(),
});

export const CarrierAddressSchema = z.looseObject({
  zip: OptionalTextSchema,
  city: OptionalTextSchema,
  state: OptionalTextSchema,
  address1: OptionalTextSchema,
  address2: OptionalTextSchema,
  areacode: OptionalTextSchema,
});
export type CarrierAddress = z.infer<typeof CarrierAddressSchema>;

export const CarrierSchema = z.looseObject({
  code: StringishSchema.pipe(z.string().min(1)),
  name: StringishSchema,
  billing_system: z
    .looseObject({
      address: CarrierAddressSchema.nullish(),
      cpid: OptionalTextSchema,
      code: OptionalTextSchema,
    })
    .nullish(),
});
export type Carrier = z.infer<typeof CarrierSchema>;

/** Shape shared by the insurer, billing modifier and procedure reference lists. */
export const BillingReferenceItemSchema = z.looseObject({
  id: IdSchema,
  text: StringishSchema,
  description: StringishSchema.nullish(),
});
export type BillingReferenceItem = z.infer<typeof BillingReferenceItemSchema>;

export const InsurerSchema = BillingReferenceItemSchema;
export type Insurer = BillingReferenceItem;
export const BillingModifierSchema = BillingReferenceItemSchema;
export type BillingModifier = BillingReferenceItem;
export const ProcedureSchema = BillingReferenceItemSchema;
export type Procedure = BillingReferenceItem;

export const DiagnosisSchema = z.looseObject({
  code: StringishSchema.pipe(z.string().min(1)),
  description: StringishSchema.nullish(),
  billing_system: z.looseObject({ code: OptionalTextSchema }).nullish(),
});
export type Diagnosis = z.infer<typeof DiagnosisSchema>;

/** Query of `GET /reports/claims`. */
export const ClaimsReportQuerySchema = z.object({
  from_date: DateOnlySchema.optional(),
  to_date: DateOnlySchema.optional(),
});
export type ClaimsReportQuery = z.infer<typeof ClaimsReportQuerySchema>;

/** Code lists of a claim row: missing or null reads as none. */
const CodeListSchema = z
  .array(StringishSchema)
  .nullish()
  .transform((codes) => codes ?? []);

/**
 * One row of `GET /reports/claims`: a visit with its claim-relevant data. The spec shows only
 * "visit with claim-relevant data"; the fields below are what the portal reads (decision in
 * docs/spec-decisions.md, Insurance). Only `id` is required: the other columns are not in the spec,
 * so a row without them is shown with blanks, never refused. Unknown fields pass through.
 */
export const ClaimRowSchema = z.looseObject({
  id: IdSchema,
  /** UNIX seconds of the visit; an unscheduled visit has none. */
  start: optionalField(TimestampSchema),
  status: optionalField(IntegerishSchema),
  /** The visit's room (a visit field of spec 2.7): its detail gives the currency and the clinic's zone. */
  room_code: OptionalTextSchema,
  member_id: optionalField(IdSchema),
  patient_name: optionalField(StringishSchema),
  /** The patient's date of birth (`YYYY-MM-DD`); anything else reads as unknown. */
  patient_dob: DateOnlySchema.nullish().catch(null),
  /** ISO 4217 code of `amount` (any case); without it the room's payment currency is used. */
  currency: OptionalTextSchema,
  provider_name: StringishSchema.nullish(),
  insurer_code: OptionalTextSchema,
  insurer_name: OptionalTextSchema,
  subscriber_number: OptionalTextSchema,
  diagnosis_codes: CodeListSchema,
  procedure_codes: CodeListSchema,
  /** Amount charged, in the clinic's currency units (e.g. dollars). */
  amount: NumberishSchema.nullish(),
});
export type ClaimRow = z.infer<typeof ClaimRowSchema>;

/** Which caller a card call runs as: the patient themselves, or the clinic admin token for a patient. */
export type InsuranceAuth = 'user' | 'admin';
