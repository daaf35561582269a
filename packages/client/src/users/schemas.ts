import { z } from 'zod';
import {
  BooleanishSchema,
  IdSchema,
  NumberishSchema,
  StringishSchema,
  TimestampSchema,
  optionalField,
  tolerantList,
} from '../common/schemas.ts';

export { USER_TYPE } from './user-type.ts';

/** Provider subtypes of spec 2.1. */
export const PROVIDER_SUBTYPE = {
  medicalAssistant: 460,
  customerService: 470,
  paramedic: 480,
  doctor: 482,
  nurse: 484,
} as const;

export const UserRoomSchema = z.looseObject({
  id: optionalField(IdSchema),
  _id: optionalField(IdSchema),
  code: StringishSchema,
  slug: optionalField(StringishSchema),
  name: optionalField(StringishSchema),
  domain: optionalField(StringishSchema),
  account_code: optionalField(StringishSchema),
  default: optionalField(BooleanishSchema),
  added_time: optionalField(TimestampSchema),
  source: optionalField(StringishSchema),
});

const ExtraSchema = z.looseObject({
  marital_status: StringishSchema.nullish(),
  gender_identity: StringishSchema.nullish(),
  social_security_no: StringishSchema.nullish(),
  veteran: z.union([StringishSchema, z.boolean()]).nullish(),
  race: StringishSchema.nullish(),
  ethnicity: StringishSchema.nullish(),
  health_insurance: z.union([StringishSchema, z.boolean()]).nullish(),
  insurance: StringishSchema.nullish(),
  insurance_policy_number: StringishSchema.nullish(),
  attachments: z.array(z.unknown()).nullish(),
  emerg_contact_name: StringishSchema.nullish(),
});

/**
 * A user or profile (spec 2.2). `gender` is an integer in profile reads and text elsewhere;
 * `type` may arrive as a numeric string.
 */
export const UserSchema = z.looseObject({
  id: IdSchema,
  code: StringishSchema.nullish(),
  first_name: StringishSchema.nullish(),
  last_name: StringishSchema.nullish(),
  full_name: StringishSchema.nullish(),
  username: StringishSchema.nullish(),
  platformid: StringishSchema.nullish(),
  dob: StringishSchema.nullish(),
  email: StringishSchema.nullish(),
  gender: z.union([NumberishSchema, z.string()]).nullish(),
  active: BooleanishSchema.nullish(),
  tos: BooleanishSchema.nullish(),
  status: NumberishSchema.nullish(),
  subtype: z.union([StringishSchema, z.number()]).transform(String).nullish(),
  timezone: StringishSchema.nullish(),
  email_verified: BooleanishSchema.nullish(),
  signup_step: NumberishSchema.nullish(),
  nationality: StringishSchema.nullish(),
  photo: StringishSchema.nullish(),
  extra: ExtraSchema.nullish(),
  account_code: StringishSchema.nullish(),
  clinics: z.array(StringishSchema).nullish(),
  rooms: z.array(UserRoomSchema).nullish(),
  created: TimestampSchema.nullish(),
  type: NumberishSchema.nullish(),
  last_login: z.union([StringishSchema, z.number()]).nullish(),
  phone: StringishSchema.nullish(),
  street_addr: StringishSchema.nullish(),
  city: StringishSchema.nullish(),
  state: StringishSchema.nullish(),
  zip: StringishSchema.nullish(),
  pcp_name: StringishSchema.nullish(),
  pcp_phone: StringishSchema.nullish(),
  roles: z.array(StringishSchema).nullish(),
});
export type User = z.infer<typeof UserSchema>;

/** The profile of GET/POST /me: a user with photo, nationality and the editable contact fields. */
export const ProfileSchema = UserSchema;
export type Profile = User;

export const UserListSchema = z.looseObject({
  data: tolerantList(UserSchema, 'users'),
  total_count: NumberishSchema,
});
export type UserList = z.infer<typeof UserListSchema>;

/**
 * A token's `expiry` (and `created`): UNIX seconds per the spec, but milliseconds and ISO text are
 * accepted too (docs/spec-decisions.md). The session reads it with `normaliseExpiry`, where anything
 * unreadable means "unknown", so the schema only checks the type and never refuses a sign-in over it.
 */
const TokenTimeSchema = z.union([NumberishSchema, z.string()]).nullish();

export const RefreshTokenSchema = z.looseObject({
  user_id: optionalField(IdSchema),
  token: z.string().min(1),
  expiry: TokenTimeSchema,
  created: TokenTimeSchema,
});

/**
 * A pair without a refresh token (spec 2.2's refresh answer, a server that issues none) reads as
 * one whose refresh token is `''`: callers see one shape, and `''` means "no refresh token".
 */
const OptionalRefreshTokenSchema = RefreshTokenSchema.nullish().transform(
  (value) => value ?? { token: '', expiry: null },
);

/** `data.token` of the SSO response (spec 2.2). */
export const TokenPairSchema = z.looseObject({
  user_id: IdSchema,
  token: z.string().min(1),
  expiry: TokenTimeSchema,
  refresh_token: OptionalRefreshTokenSchema,
});
export type TokenPair = z.infer<typeof TokenPairSchema>;

/** POST /users/sso and the /auth JSON exchange (where a server offers it): user fields plus the token pair. */
export const SsoResultSchema = UserSchema.extend({ token: TokenPairSchema });
export type SsoResult = z.infer<typeof SsoResultSchema>;

/**
 * POST /tokens/refresh: spec 2.2's shape (`user_id`, `user_type`, `token`, `expiry`, `user`). Its
 * text says a new refresh token is issued but the field table names none; when a server sends one
 * in `refresh_token` (the SSO form) it is read, otherwise `refresh_token.token` is `''`
 * (docs/spec-decisions.md).
 */
export const RefreshResultSchema = z.looseObject({
  user_id: IdSchema,
  user_type: z.union([StringishSchema, z.number()]).transform(String).nullish(),
  token: z.string().min(1),
  expiry: TokenTimeSchema,
  refresh_token: OptionalRefreshTokenSchema,
  user: z
    .looseObject({
      id: IdSchema,
      code: StringishSchema.nullish(),
      username: StringishSchema.nullish(),
      first_name: StringishSchema.nullish(),
      last_name: StringishSchema.nullish(),
      email: StringishSchema.nullish(),
      dob: StringishSchema.nullish(),
      gender: z.union([StringishSchema, z.number()]).nullish(),
    })
    .nullish(),
});
export type RefreshResult = z.infer<typeof RefreshResultSchema>;

export const SSO_CODE_MAX_LENGTH = 128;
const StateCode = z.string().regex(/^[A-Z]{2}$/, 'Use the 2-letter state code, for example CA');
const IsoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'Use the format YYYY-MM-DD');

/** POST /users/sso body (multipart). */
export const SsoInputSchema = z
  .object({
    first_name: z.string().min(1),
    last_name: z.string().min(1),
    type: z.union([z.literal(200), z.literal(400), z.literal(600)]),
    code: z.string().min(1).max(SSO_CODE_MAX_LENGTH).optional(),
    dob: IsoDate.optional(),
    email: z.string().optional(),
    username: z.string().optional(),
    disable_emails: z.union([z.literal(0), z.literal(1)]).optional(),
    gender: z.enum(['male', 'female']).optional(),
    street_addr: z.string().optional(),
    city: z.string().optional(),
    zip: z.string().optional(),
    phone: z.string().optional(),
    state: StateCode.optional(),
  })
  .refine((v) => v.type === 600 || Boolean(v.code), {
    message: 'code is required for members and providers',
    path: ['code'],
  });
export type SsoInput = z.infer<typeof SsoInputSchema>;

/** The 10-digit primary-care phone of POST /me (spec section 8). */
export const PCP_PHONE_PATTERN = /^\d{10}$/;
export const STATE_PATTERN = /^[A-Z]{2}$/;
export const DATE_PATTERN = /^\d{4}-\d{2}-\d{2}$/;
/** Password bounds the mock enforces (the spec gives none). */
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;

/**
 * POST /me body (form-urlencoded; every field optional; only the fields sent change). An empty
 * string clears an optional text field; `photo: ''` removes the avatar.
 */
export const UpdateProfileInputSchema = z.object({
  first_name: z.string().trim().min(1, 'Enter a first name').max(100).optional(),
  last_name: z.string().trim().min(1, 'Enter a last name').max(100).optional(),
  password: z
    .string()
    .min(PASSWORD_MIN_LENGTH, `Use at least ${PASSWORD_MIN_LENGTH} characters`)
    .max(PASSWORD_MAX_LENGTH)
    .optional(),
  old_password: z.string().optional(),
  dob: z.union([z.literal(''), IsoDate]).optional(),
  gender: z.enum(['male', 'female']).optional(),
  nationality: z.string().max(100).optional(),
  tos: z.union([z.literal(0), z.literal(1)]).optional(),
  phone: z.string().max(30).optional(),
  street_addr: z.string().max(200).optional(),
  state: z.union([z.literal(''), StateCode]).optional(),
  zip: z.union([z.literal(''), z.string().regex(/^\d{5}(-\d{4})?$/, 'Use a 5-digit ZIP code')]).optional(),
  city: z.string().max(100).optional(),
  pcp_name: z.string().max(200).optional(),
  pcp_phone: z
    .union([z.literal(''), z.string().regex(PCP_PHONE_PATTERN, 'Use exactly 10 digits')])
    .optional(),
  timezone: z.string().optional(),
  photo: z.string().optional(),
});
export type UpdateProfileInput = z.infer<typeof UpdateProfileInputSchema>;

export interface ListUsersFilter {
  id?: string | string[];
  full_name?: string;
  email?: string;
  q?: string;
  type?: number | number[];
  status?: number | number[];
  role?: string;
  ex_filter?: 'all' | 'my-patient';
  is_hidden?: boolean;
  is_admin?: boolean;
  room_code?: string;
  account_code?: string;
  group?: string;
  subtype?: number;
  sort?: string;
  start?: number;
  limit?: number;
  fields?: string[];
}

/** POST /users/logout answers a bare boolean. */
export const LogoutResultSchema = z.boolean();

/** POST /users/reset_password: the answer is not shown; any 2xx body means the request was taken. */
export const ResetPasswordResultSchema = z.unknown().transform(() => true as const);
