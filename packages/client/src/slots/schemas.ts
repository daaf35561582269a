import { z } from 'zod';
import {
  BooleanishSchema,
  IdSchema,
  IntegerishSchema,
  NullableIdSchema,
  NumberishSchema,
  StateCodeSchema,
  StringishSchema,
  TimestampSchema,
  mapSchema,
  optionalField,
  tolerantList,
} from '../common/schemas.ts';
import { ConsultationSchema } from '../rooms/schemas.ts';

/** Slot status 10 is the only one the spec names: an open slot. */
export const SLOT_STATUS_OPEN = 10;

/** Slot type filter of `GET /slots`. */
export const SlotTypeSchema = z.enum(['one', 'group']);
export type SlotType = z.infer<typeof SlotTypeSchema>;

/**
 * Recurring group of slots. `date_*` and `time_*` are timestamps that the server sends as strings;
 * they normalise to numbers.
 */
export const SlotGroupSchema = z.looseObject({
  id: IdSchema,
  date_start: optionalField(TimestampSchema),
  date_end: optionalField(TimestampSchema),
  time_start: optionalField(TimestampSchema),
  time_end: optionalField(TimestampSchema),
  repeat: optionalField(BooleanishSchema),
  repeat_day: z.array(StringishSchema).nullish(),
  repeat_week: IntegerishSchema.nullish(),
  account_code: optionalField(StringishSchema),
  provider_id: NullableIdSchema.optional(),
  /** For example `one` or `group`. */
  visit_type: optionalField(StringishSchema),
  consultation: ConsultationSchema.nullish(),
  timezone: z.string().nullish(),
  modified: optionalField(TimestampSchema),
  created: optionalField(TimestampSchema),
});
export type SlotGroup = z.infer<typeof SlotGroupSchema>;

export const SlotProviderRoomSchema = z.looseObject({
  id: IdSchema,
  code: optionalField(StringishSchema),
  name: optionalField(StringishSchema),
  slug: optionalField(StringishSchema),
  domain: optionalField(StringishSchema),
  account_code: optionalField(StringishSchema),
});
export type SlotProviderRoom = z.infer<typeof SlotProviderRoomSchema>;

export const SlotProviderSchema = z.looseObject({
  id: IdSchema,
  username: optionalField(StringishSchema),
  email: StringishSchema.nullish(),
  platformid: optionalField(StringishSchema),
  full_name: optionalField(StringishSchema),
  specialties: optionalField(z.array(StringishSchema)),
  /** Two-letter state codes. */
  states_serviced: optionalField(z.array(StringishSchema)),
  /** Clinic account codes. */
  clinics: optionalField(z.array(StringishSchema)),
  rooms: optionalField(z.array(SlotProviderRoomSchema)),
});
export type SlotProvider = z.infer<typeof SlotProviderSchema>;

export const SlotAccountSchema = z.looseObject({
  id: IdSchema,
  name: optionalField(StringishSchema),
  domain: optionalField(StringishSchema),
  code: optionalField(StringishSchema),
});
export type SlotAccount = z.infer<typeof SlotAccountSchema>;

/** A provider's slot. `GET /slots/available` embeds its group, provider and account. */
export const SlotSchema = z.looseObject({
  id: IdSchema,
  start: TimestampSchema,
  end: TimestampSchema,
  provider_id: NullableIdSchema.optional(),
  account_code: optionalField(StringishSchema),
  group_id: NullableIdSchema.optional(),
  status: optionalField(IntegerishSchema),
  modified: optionalField(TimestampSchema),
  created: optionalField(TimestampSchema),
  group: SlotGroupSchema.nullish(),
  provider: SlotProviderSchema.nullish(),
  account: SlotAccountSchema.nullish(),
});
export type Slot = z.infer<typeof SlotSchema>;

/**
 * Booked and free places of an available time. The spec leaves the type open; counts (group
 * consultations hold several places) and booleans are both accepted and normalised to a count.
 */
const SlotCountSchema = z.union([
  z
    .union([z.boolean(), z.literal(['true', 'false'])])
    .transform((flag) => (flag === true || flag === 'true' ? 1 : 0)),
  IntegerishSchema,
]);

export const AvailableSlotSchema = z.looseObject({
  slot_id: IdSchema,
  slot_start: TimestampSchema,
  slot_end: TimestampSchema,
  slot_booked: optionalField(SlotCountSchema),
  slot_available: optionalField(SlotCountSchema),
  group_id: NullableIdSchema.optional(),
});
export type AvailableSlot = z.infer<typeof AvailableSlotSchema>;

export const AvailabilitySlotDataSchema = z.looseObject({
  id: IdSchema,
  provider_id: NullableIdSchema.optional(),
  account_code: optionalField(StringishSchema),
  start: optionalField(TimestampSchema),
  end: optionalField(TimestampSchema),
  group_id: NullableIdSchema.optional(),
  status: optionalField(IntegerishSchema),
  consultation: z
    .looseObject({
      /** Minutes. */
      duration: optionalField(NumberishSchema),
      slots: optionalField(IntegerishSchema),
    })
    .nullish(),
});
export type AvailabilitySlotData = z.infer<typeof AvailabilitySlotDataSchema>;

/** Result of `GET /availability`: open times plus slot details keyed by slot id. */
export const AvailabilitySchema = z.looseObject({
  slots: tolerantList(AvailableSlotSchema, 'available times'),
  slot_data: mapSchema(AvailabilitySlotDataSchema),
});
export type Availability = z.infer<typeof AvailabilitySchema>;

/** Result of deleting a slot or a slot group: how many of each were removed. */
export const SlotDeleteResultSchema = z.looseObject({
  slot_deleted: IntegerishSchema,
  group_deleted: IntegerishSchema,
});
export type SlotDeleteResult = z.infer<typeof SlotDeleteResultSchema>;

/** Query of `GET /slots`. */
export const SlotFilterSchema = z
  .object({
    start: z.number().int().nonnegative(),
    end: z.number().int().nonnegative(),
    status: z.number().int().optional(),
    type: SlotTypeSchema.optional(),
    provider_id: z.string().min(1).optional(),
    room_code: z.string().min(1).optional(),
    account_code: z.string().min(1).optional(),
    specialty_id: z.string().min(1).optional(),
    states_serviced: z.string().min(1).optional(),
  })
  .refine((filter) => filter.end >= filter.start, { message: 'end must not precede start', path: ['end'] });
export type SlotFilter = z.infer<typeof SlotFilterSchema>;

/**
 * Query of `GET /availability`. `room_code` may be left out only when `intake_id` is given;
 * `duration` is in seconds.
 */
export const AvailabilityQuerySchema = z
  .object({
    start: z.number().int().nonnegative(),
    end: z.number().int().nonnegative(),
    room_code: z.string().min(1).optional(),
    duration: z.number().int().positive().optional(),
    provider_id: z.string().min(1).optional(),
    intake_id: z.string().min(1).optional(),
    consultation_id: z.string().min(1).optional(),
    location: StateCodeSchema.optional(),
  })
  .refine((query) => query.end >= query.start, { message: 'end must not precede start', path: ['end'] })
  .refine((query) => query.room_code !== undefined || query.intake_id !== undefined, {
    message: 'room_code is required unless intake_id is given',
    path: ['room_code'],
  });
export type AvailabilityQuery = z.infer<typeof AvailabilityQuerySchema>;
