import { z } from 'zod';
import {
  IdSchema,
  IntegerishSchema,
  StringishSchema,
  TimestampSchema,
  optionalField,
} from '../common/schemas.ts';

export const RecordingParticipantSchema = z.looseObject({
  first_name: optionalField(StringishSchema),
  last_name: optionalField(StringishSchema),
  platformid: optionalField(StringishSchema),
});
export type RecordingParticipant = z.infer<typeof RecordingParticipantSchema>;

/** A visit recording; unlike most records its `id` is an integer. */
export const RecordingSchema = z.looseObject({
  id: IntegerishSchema,
  visit_id: optionalField(IdSchema),
  start: optionalField(TimestampSchema),
  end: optionalField(TimestampSchema),
  version: optionalField(IntegerishSchema),
  participants: optionalField(z.array(RecordingParticipantSchema)),
});
export type Recording = z.infer<typeof RecordingSchema>;

/**
 * Recording detail, returned unwrapped (no `data` envelope) by `GET /visits/{id}/recordings/{recording_id}`.
 * `path.url` is pre-signed and stops working at `path.expiry`.
 */
export const RecordingDetailSchema = RecordingSchema.extend({
  path: z.looseObject({
    url: z.url(),
    expiry: TimestampSchema,
  }),
});
export type RecordingDetail = z.infer<typeof RecordingDetailSchema>;
