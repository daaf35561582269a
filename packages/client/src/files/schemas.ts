import { z } from 'zod';
import {
  BooleanishSchema,
  IdSchema,
  IntegerishSchema,
  StringishSchema,
  TimestampSchema,
  optionalField,
} from '../common/schemas.ts';

/**
 * File categories of spec 2.1. `intake_attachment` files belong to one visit and show only on its page;
 * `user_document` files show on the patient's documents page and the provider's documents tab.
 */
export const FILE_CATEGORIES = ['intake_attachment', 'user_consent', 'user_avatar', 'user_document'] as const;
export const FileCategorySchema = z.enum(FILE_CATEGORIES);
export type FileCategory = z.infer<typeof FileCategorySchema>;

/**
 * Category as read from a file record: a category this client does not know becomes `unknown`
 * instead of failing the whole file list.
 */
export const FileRecordCategorySchema = z
  .string()
  .transform((value): FileCategory | 'unknown' =>
    FileCategorySchema.safeParse(value).success ? (value as FileCategory) : 'unknown',
  );
export type FileRecordCategory = z.infer<typeof FileRecordCategorySchema>;

/** Targets a file can be uploaded for. */
export const FileTargetTypeSchema = z.enum(['user', 'visit']);
export type FileTargetType = z.infer<typeof FileTargetTypeSchema>;

/** Target types seen on file records: a record may also show `intake`. */
export const FileRecordTargetTypeSchema = z.enum(['user', 'visit', 'intake']);
export type FileRecordTargetType = z.infer<typeof FileRecordTargetTypeSchema>;

export const FileMetaSchema = z.looseObject({
  category: FileRecordCategorySchema.nullish(),
  target: z
    .looseObject({
      id: IdSchema,
      type: FileRecordTargetTypeSchema,
    })
    .nullish(),
  account: z.looseObject({ code: z.string() }).nullish(),
  title: StringishSchema.nullish(),
  description: StringishSchema.nullish(),
});
export type FileMeta = z.infer<typeof FileMetaSchema>;

export const FileCreatorSchema = z.looseObject({
  id: IdSchema,
  username: StringishSchema.nullish(),
  email: StringishSchema.nullish(),
  full_name: StringishSchema.nullish(),
  /** User type code (spec 2.1). */
  type: optionalField(IntegerishSchema),
});
export type FileCreator = z.infer<typeof FileCreatorSchema>;

/**
 * File record (spec 2.10). `fullpath` is a time-limited download URL: its `auth_code` and `time`
 * query parameters stop working after a while, so re-read the record rather than storing the URL.
 */
export const FileRecordSchema = z.looseObject({
  id: IdSchema,
  name: StringishSchema,
  /** Bytes. */
  size: optionalField(IntegerishSchema),
  ext: StringishSchema.nullish(),
  fullpath: optionalField(StringishSchema),
  meta: optionalField(FileMetaSchema),
  creator: FileCreatorSchema.nullish(),
  created: optionalField(TimestampSchema),
  is_deletable: optionalField(BooleanishSchema),
});
export type FileRecord = z.infer<typeof FileRecordSchema>;

/**
 * Metadata of `POST /files` (the binary travels separately as `file`). The target is required
 * whenever the upload is for someone else, for example a clinic admin uploading for a patient.
 */
export const UploadFileInputSchema = z.object({
  title: z.string().trim().min(1).optional(),
  description: z.string().optional(),
  target: z.object({ id: z.string().min(1), type: FileTargetTypeSchema }).optional(),
  category: FileCategorySchema.optional(),
});
export type UploadFileInput = z.infer<typeof UploadFileInputSchema>;

/**
 * Rename through `POST /files/{id}`. Only the name can be modified today and `name` is deprecated
 * in favour of `meta.title`, so the request sends the value under both keys.
 */
export const UpdateFileInputSchema = z.object({
  name: z.string().trim().min(1),
});
export type UpdateFileInput = z.infer<typeof UpdateFileInputSchema>;

/** Query of `GET /files`. */
export const FileFilterSchema = z.object({
  target_id: z.string().min(1).optional(),
  target_type: FileTargetTypeSchema.optional(),
  category_type: FileCategorySchema.optional(),
  include_shared: z.boolean().optional(),
});
export type FileFilter = z.infer<typeof FileFilterSchema>;
