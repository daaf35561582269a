import { z } from 'zod';
import {
  BooleanishSchema,
  IdSchema,
  IntegerishSchema,
  NumberishSchema,
  StringishSchema,
  TimestampSchema,
  optionalField,
} from '../common/schemas.ts';

/** Push endpoint types: 10 = email, 30 = Apple push (APNS), 40 = Google push (GCM/FCM). */
export const PUSH_ENDPOINT_TYPE = { email: 10, apple: 30, google: 40 } as const;
export const PushEndpointTypeSchema = IntegerishSchema.pipe(
  z.literal([PUSH_ENDPOINT_TYPE.email, PUSH_ENDPOINT_TYPE.apple, PUSH_ENDPOINT_TYPE.google]),
);
export type PushEndpointType = z.infer<typeof PushEndpointTypeSchema>;

/** Only the two push types can be registered through `POST /endpoints`. */
export const RegistrablePushEndpointTypeSchema = z.literal([
  PUSH_ENDPOINT_TYPE.apple,
  PUSH_ENDPOINT_TYPE.google,
]);
export type RegistrablePushEndpointType = z.infer<typeof RegistrablePushEndpointTypeSchema>;

/** A notification endpoint; `arn` is present for the push types only. */
export const PushEndpointSchema = z.looseObject({
  id: IdSchema,
  key: StringishSchema,
  type: PushEndpointTypeSchema,
  user_id: optionalField(IdSchema),
  arn: StringishSchema.nullish(),
  created: optionalField(TimestampSchema),
  modified: optionalField(TimestampSchema),
});
export type PushEndpoint = z.infer<typeof PushEndpointSchema>;

/** Form body of `POST /endpoints`: `key` is the Apple device token or the Android registration id. */
export const RegisterPushEndpointInputSchema = z.object({
  key: z.string().min(1),
  type: RegistrablePushEndpointTypeSchema,
});
export type RegisterPushEndpointInput = z.infer<typeof RegisterPushEndpointInputSchema>;

/** Result of `DELETE /endpoints/{id}`. */
export const DeletedPushEndpointSchema = z.looseObject({ id: IdSchema });
export type DeletedPushEndpoint = z.infer<typeof DeletedPushEndpointSchema>;

/**
 * A notification. Unlike other timestamps, `mtime` is in milliseconds; it is the cursor for
 * paging (`last` takes the `mtime` of the oldest notification held).
 */
export const NotificationSchema = z.looseObject({
  id: IdSchema,
  user_id: optionalField(IdSchema),
  type: optionalField(StringishSchema),
  time: optionalField(TimestampSchema),
  mtime: NumberishSchema.pipe(z.number().int().nonnegative()),
  is_new: optionalField(BooleanishSchema),
  read: optionalField(BooleanishSchema),
  title: StringishSchema.nullish(),
  image: StringishSchema.nullish(),
  /** Not in the spec's list (passed through where a server sends it): the visit it is about. */
  visit_id: IdSchema.nullish(),
  /** Not in the spec's list (passed through where a server sends it): the file it is about. */
  file_id: IdSchema.nullish(),
});
export type Notification = z.infer<typeof NotificationSchema>;

/** Query of `GET /notifications`; `size` defaults to 10 on the server, `last` is in milliseconds. */
export const NotificationListParamsSchema = z.object({
  size: z.number().int().positive().optional(),
  last: z.number().int().nonnegative().optional(),
});
export type NotificationListParams = z.infer<typeof NotificationListParamsSchema>;

/** `GET /notifications/badge`: the unread badge number. */
export const NotificationBadgeSchema = IntegerishSchema.pipe(z.number().nonnegative());
export type NotificationBadge = z.infer<typeof NotificationBadgeSchema>;
