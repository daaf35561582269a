import { z } from 'zod';
import {
  IdSchema,
  IntegerishSchema,
  StringishSchema,
  TimestampSchema,
  optionalField,
  tolerantList,
} from '../common/schemas.ts';

/** Longest message the portal lets a user send; the spec sets no limit, so this is our own cap. */
export const MESSAGE_MAX_LENGTH = 5000;
/** Thread page size: the spec's default is 25 and it caps `limit` at 200. */
export const MESSAGE_PAGE_DEFAULT_LIMIT = 25;
export const MESSAGE_PAGE_MAX_LIMIT = 200;

export const VisitMessageActorSchema = z.looseObject({
  id: IdSchema,
  /** User type code (spec 2.1), e.g. 200 member, 400 provider. */
  type: IntegerishSchema,
  display_name: StringishSchema,
});
export type VisitMessageActor = z.infer<typeof VisitMessageActorSchema>;

/** A message on an e-consult thread; `created` is in seconds with a fraction, which orders messages. */
export const VisitMessageSchema = z.looseObject({
  id: IdSchema,
  /** For example `patient_message`. */
  type: optionalField(StringishSchema),
  actor: VisitMessageActorSchema,
  content: StringishSchema,
  created: TimestampSchema,
  /** Ids of files sent with the message; the spec takes them on post, the mock echoes them on read. */
  attachment_ids: z.array(IdSchema).nullish(),
});
export type VisitMessage = z.infer<typeof VisitMessageSchema>;

/**
 * Full body of `GET /api/visits/{visit_id}/messages`: one page of the thread plus `total_count`.
 * The thread is append-only, so fetching with `skip` = messages held returns only new ones.
 */
export const VisitMessagePageSchema = z.looseObject({
  data: tolerantList(VisitMessageSchema, 'visit messages'),
  total_count: IntegerishSchema.pipe(z.number().nonnegative()),
});
export type VisitMessagePage = z.infer<typeof VisitMessagePageSchema>;

/** Body of `POST /api/visits/{visit_id}/messages`. The server refuses missing or empty `content` (400). */
export const PostMessageInputSchema = z.object({
  content: z
    .string()
    .max(MESSAGE_MAX_LENGTH, `Messages can be at most ${MESSAGE_MAX_LENGTH} characters`)
    .refine((content) => content.trim() !== '', { message: 'Write a message before sending' }),
  /** File ids returned by `POST /files`. */
  attachment_ids: z.array(z.string().min(1)).optional(),
});
export type PostMessageInput = z.infer<typeof PostMessageInputSchema>;

/**
 * Query of the thread list. `page` is an alternative to `skip` (skip = (page - 1) x limit);
 * the default order is oldest first.
 */
export const VisitMessageListParamsSchema = z.object({
  limit: z.number().int().min(1).max(MESSAGE_PAGE_MAX_LIMIT).optional(),
  skip: z.number().int().nonnegative().optional(),
  page: z.number().int().positive().optional(),
  /** A field such as `created`, or the compact form `created:desc`. */
  sort: z.string().min(1).optional(),
  order: z.enum(['asc', 'desc']).optional(),
});
export type VisitMessageListParams = z.infer<typeof VisitMessageListParamsSchema>;
