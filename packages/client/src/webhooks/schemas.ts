import { z } from 'zod';
import {
  IdSchema,
  NullableIdSchema,
  StringishSchema,
  TimestampSchema,
  optionalField,
} from '../common/schemas.ts';

/** Event envelope of spec 6. `id` is per delivery and changes on each retry: do not de-duplicate on it. */
export const WebhookEnvelopeSchema = z.looseObject({
  version: StringishSchema,
  id: IdSchema,
  type: z.string().min(1),
  created: TimestampSchema,
  account_code: StringishSchema,
  data: z.looseObject({}),
});
export type WebhookEnvelope = z.infer<typeof WebhookEnvelopeSchema>;

export const VisitCreatedEventDataSchema = z.looseObject({
  id: IdSchema,
  member_id: optionalField(IdSchema),
  provider_id: NullableIdSchema.optional(),
  start: TimestampSchema.nullish(),
  end: TimestampSchema.nullish(),
  actual_start: TimestampSchema.nullish(),
  actual_end: TimestampSchema.nullish(),
  /** A string here, unlike the integer `status` of a visit read. */
  status: optionalField(StringishSchema),
  completed_by: NullableIdSchema.optional(),
});
export type VisitCreatedEventData = z.infer<typeof VisitCreatedEventDataSchema>;

/**
 * Pointer to a new thread message; it carries no content. Receivers skip an already seen `message_id`
 * (retries repeat deliveries) and order by `ts`, since delivery order is not guaranteed.
 */
export const VisitMessageCreatedEventDataSchema = z.looseObject({
  visit_id: IdSchema,
  message_id: IdSchema,
  actor_type: z.enum(['patient', 'provider']),
  ts: TimestampSchema,
});
export type VisitMessageCreatedEventData = z.infer<typeof VisitMessageCreatedEventDataSchema>;

export const VisitCreatedEventSchema = WebhookEnvelopeSchema.extend({
  type: z.literal('visit.created'),
  data: VisitCreatedEventDataSchema,
});
export type VisitCreatedEvent = z.infer<typeof VisitCreatedEventSchema>;

export const VisitMessageCreatedEventSchema = WebhookEnvelopeSchema.extend({
  type: z.literal('visit.message.created'),
  data: VisitMessageCreatedEventDataSchema,
});
export type VisitMessageCreatedEvent = z.infer<typeof VisitMessageCreatedEventSchema>;

/** The event types whose data the spec describes; other types should be checked against `WebhookEnvelopeSchema`. */
export const KnownWebhookEventSchema = z.discriminatedUnion('type', [
  VisitCreatedEventSchema,
  VisitMessageCreatedEventSchema,
]);
export type KnownWebhookEvent = z.infer<typeof KnownWebhookEventSchema>;

/** One delivery in the log of the `GET /webhooks/deliveries` extension (docs/spec-decisions.md). */
export const WebhookDeliverySchema = z.looseObject({
  /** The delivery id the envelope carried. */
  id: IdSchema,
  type: z.string(),
  /** When it was sent. */
  sent: TimestampSchema,
  /** The receiver's answer; null when none came within 30 seconds. */
  status: z.number().int().nullable(),
  /** 1 for the first try; retries count up to 5 (spec 8). */
  attempt: z.number().int().min(1),
});
export type WebhookDelivery = z.infer<typeof WebhookDeliverySchema>;

/** The `GET /webhooks/deliveries` answer: the clinic's webhook address (null when none) and recent deliveries, newest first. */
export const WebhookDeliveryLogSchema = z.looseObject({
  endpoint_url: z.string().nullable(),
  deliveries: z.array(WebhookDeliverySchema),
});
export type WebhookDeliveryLog = z.infer<typeof WebhookDeliveryLogSchema>;
