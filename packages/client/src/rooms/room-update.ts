import { z } from 'zod';

/*
 * The room editor's body and rules (`PUT /rooms/{code}`, docs/spec-decisions.md, "Editing a room").
 * Apart from the room's read schemas, so the first page (which reads rooms) does not carry them.
 */

/** Weekday names as `operation_settings.closed_days` holds them. */
export const WEEKDAYS = [
  'Monday',
  'Tuesday',
  'Wednesday',
  'Thursday',
  'Friday',
  'Saturday',
  'Sunday',
] as const;
export type Weekday = (typeof WEEKDAYS)[number];

/** Consultation rules of the room editor (docs/spec-decisions.md, "Editing a room"). */
export const CONSULTATION_DURATION = { min: 5, max: 240 } as const;
export const CONSULTATION_DESCRIPTION_MAX = 200;

/** True for a number with at most two decimals (a price in the currency's main unit). */
export const hasAtMostTwoDecimals = (value: number): boolean =>
  Math.abs(value * 100 - Math.round(value * 100)) < 1e-6;

/**
 * One consultation in `PUT /rooms/{code}`: the consultation as read, with the edited fields replaced.
 * The whole list is sent, so a server that replaces the array loses none of them.
 */
export const ConsultationUpdateSchema = z.looseObject({
  id: z.string().min(1),
  description: z.string().trim().min(1).max(CONSULTATION_DESCRIPTION_MAX).optional(),
  duration: z.number().int().min(CONSULTATION_DURATION.min).max(CONSULTATION_DURATION.max).optional(),
  amount: z.number().nonnegative().refine(hasAtMostTwoDecimals).optional(),
});
export type ConsultationUpdate = z.infer<typeof ConsultationUpdateSchema>;

/**
 * Body of `PUT /rooms/{code}` for editing a room: a partial room of the same shape as
 * `GET /rooms/{code}`, holding only what was edited (docs/spec-decisions.md, "Editing a room").
 */
export const RoomUpdateInputSchema = z.object({
  operation_settings: z
    .object({
      is_open_all_time: z.boolean(),
      closed_days: z.array(z.enum(WEEKDAYS)),
      close_msg: z.string().trim().max(500),
    })
    .partial()
    .optional(),
  payment: z.object({ consultations: z.array(ConsultationUpdateSchema) }).optional(),
});
export type RoomUpdateInput = z.infer<typeof RoomUpdateInputSchema>;
