import { z } from 'zod';
import {
  BooleanishSchema,
  IdSchema,
  IntegerishSchema,
  NullableIdSchema,
  StringishSchema,
  TimestampSchema,
  mapSchema,
  optionalField,
} from '../common/schemas.ts';
import { IntakeSchema } from '../intakes/schemas.ts';
import { RecordingSchema } from '../recordings/schemas.ts';

/** Visit status codes of spec 2.1. */
export const VISIT_STATUS = {
  pending: 10,
  confirmed: 20,
  inProgress: 25,
  completed: 30,
  cancelled: 40,
} as const;
export const VisitStatusSchema = z.literal([
  VISIT_STATUS.pending,
  VISIT_STATUS.confirmed,
  VISIT_STATUS.inProgress,
  VISIT_STATUS.completed,
  VISIT_STATUS.cancelled,
]);
export type VisitStatus = z.infer<typeof VisitStatusSchema>;

const VISIT_STATUS_LABELS: Record<VisitStatus, string> = {
  10: 'Pending',
  20: 'Confirmed',
  25: 'In progress',
  30: 'Completed',
  40: 'Cancelled',
};

/** Label of a visit status; the spec shows no transitions, so codes outside its table read 'Unknown status'. */
export function visitStatusLabel(status: number): string {
  const parsed = VisitStatusSchema.safeParse(status);
  return parsed.success ? VISIT_STATUS_LABELS[parsed.data] : 'Unknown status';
}

/** Visit subtype codes of spec 2.1; video is the default. */
export const VISIT_SUBTYPE = { inPerson: 1, phone: 2, video: 3, econsult: 4 } as const;
export const VisitSubtypeSchema = z.literal([
  VISIT_SUBTYPE.inPerson,
  VISIT_SUBTYPE.phone,
  VISIT_SUBTYPE.video,
  VISIT_SUBTYPE.econsult,
]);
export type VisitSubtype = z.infer<typeof VisitSubtypeSchema>;

/** Provider or member as embedded in a visit. */
export const VisitPersonSchema = z.looseObject({
  id: IdSchema,
  first_name: optionalField(StringishSchema),
  last_name: optionalField(StringishSchema),
  full_name: optionalField(StringishSchema),
  email: StringishSchema.nullish(),
  phone: StringishSchema.nullish(),
  code: StringishSchema.nullish(),
});
export type VisitPerson = z.infer<typeof VisitPersonSchema>;

export const VisitAccountSchema = z.looseObject({
  code: StringishSchema,
  name: optionalField(StringishSchema),
});
export type VisitAccount = z.infer<typeof VisitAccountSchema>;

/** Visit hosts: the spec says only "array", so ids and person objects are both accepted. */
const VisitHostsSchema = z.array(z.union([IdSchema, VisitPersonSchema]));

export const VisitMeetingSchema = z.looseObject({
  recording_auto_start: optionalField(BooleanishSchema),
  /** Dial-in numbers keyed by country. */
  phone_numbers: optionalField(mapSchema(z.array(StringishSchema))),
  hosts: optionalField(VisitHostsSchema),
  expiry: TimestampSchema.nullish(),
  conference_pin: StringishSchema.nullish(),
  meeting_id: StringishSchema.nullish(),
});
export type VisitMeeting = z.infer<typeof VisitMeetingSchema>;

export const VisitRecordingsSchema = z.looseObject({
  count: IntegerishSchema,
  data: z.array(RecordingSchema),
});
export type VisitRecordings = z.infer<typeof VisitRecordingsSchema>;

/**
 * Visit (spec 2.7). An e-consult is created unscheduled, so `start`/`end` may be missing or null;
 * `provider_id` is 0 or null until a provider is assigned and normalises to null. The intake
 * arrives either embedded (`intake`) or by reference (`intake_id`); see `visitIntakeId`.
 */
export const VisitSchema = z.looseObject({
  id: IdSchema,
  status: IntegerishSchema,
  member_id: optionalField(IdSchema),
  provider_id: NullableIdSchema.optional(),
  account_code: optionalField(StringishSchema),
  code: optionalField(StringishSchema),
  start: TimestampSchema.nullish(),
  end: TimestampSchema.nullish(),
  actual_start: TimestampSchema.nullish(),
  actual_end: TimestampSchema.nullish(),
  /** Numeric in practice (2 = scheduled on creation), but the spec does not type it. */
  type: optionalField(z.union([IntegerishSchema, z.string()])),
  subtype: optionalField(IntegerishSchema),
  room_id: optionalField(IdSchema),
  room_code: optionalField(StringishSchema),
  created: optionalField(TimestampSchema),
  modified: optionalField(TimestampSchema),
  incharge: optionalField(BooleanishSchema),
  isEditExpired: optionalField(BooleanishSchema),
  hosts: optionalField(VisitHostsSchema),
  intake: IntakeSchema.nullish(),
  intake_id: NullableIdSchema.optional(),
  provider: VisitPersonSchema.nullish(),
  member: VisitPersonSchema.nullish(),
  account: optionalField(VisitAccountSchema),
  meeting: VisitMeetingSchema.nullish(),
  recordings: optionalField(VisitRecordingsSchema),
});
export type Visit = z.infer<typeof VisitSchema>;

/** The intake id of a visit, whether the intake is embedded or referenced. */
export function visitIntakeId(visit: Pick<Visit, 'intake' | 'intake_id'>): string | undefined {
  return visit.intake?.id ?? visit.intake_id ?? undefined;
}

/** Query of `GET /visits`. `fields` must include `recordings` to receive recording objects. */
export const VisitFilterSchema = z.object({
  room_code: z.string().min(1).optional(),
  /** Visits starting after this timestamp. */
  start_time: z.number().int().nonnegative().optional(),
  /** Visits ending before this timestamp. */
  end_time: z.number().int().nonnegative().optional(),
  status: VisitStatusSchema.optional(),
  fields: z.array(z.string().min(1)).optional(),
  /** 1 drops visits without recordings. */
  with_recordings_only: z.literal([0, 1]).optional(),
});
export type VisitFilter = z.infer<typeof VisitFilterSchema>;

/** Query of `POST /visits/add_walkin`. */
export const AddWalkinInputSchema = z.object({
  intake_id: z.string().min(1),
  /** Id of a scheduled appointment. */
  visit_data_id: z.string().min(1),
  room_code: z.string().min(1),
  provider_id: z.string().min(1).optional(),
  visit_id: z.string().min(1).optional(),
  user_code: z.string().min(1).optional(),
});
export type AddWalkinInput = z.infer<typeof AddWalkinInputSchema>;

/** Body of `POST /visits/add_econsult`; the e-consult is created without scheduling. */
export const AddEconsultInputSchema = z.object({
  intake_id: z.string().min(1),
  room_code: z.string().min(1),
});
export type AddEconsultInput = z.infer<typeof AddEconsultInputSchema>;

/** Query of `POST /visits` (book a scheduled appointment; `type` 2 = scheduling). */
export const BookVisitInputSchema = z
  .object({
    slot_start: z.number().int().nonnegative(),
    slot_end: z.number().int().nonnegative(),
    room_code: z.string().min(1),
    type: z.literal(2),
    intake_id: z.string().min(1),
    member_id: z.string().min(1).optional(),
    provider_id: z.string().min(1).optional(),
  })
  .refine((input) => input.slot_end > input.slot_start, {
    message: 'slot_end must be after slot_start',
    path: ['slot_end'],
  });
export type BookVisitInput = z.infer<typeof BookVisitInputSchema>;

/** Query of `POST /visits/{id}` moving an appointment (`version` 2 marks updates). */
export const RescheduleVisitInputSchema = z
  .object({
    slot_start: z.number().int().nonnegative(),
    slot_end: z.number().int().nonnegative().optional(),
    provider_id: z.string().min(1).optional(),
  })
  .refine((input) => input.slot_end === undefined || input.slot_end > input.slot_start, {
    message: 'slot_end must be after slot_start',
    path: ['slot_end'],
  });
export type RescheduleVisitInput = z.infer<typeof RescheduleVisitInputSchema>;
