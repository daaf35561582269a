import { z } from 'zod';
import { IdSchema, TimestampSchema } from '../common/schemas';

export { USER_TYPE } from './user-type';

/** Provider subtypes of spec 2.1. */
export const PROVIDER_SUBTYPE = {
  medicalAssistant: 460,
  customerService: 470,
  paramedic: 480,
  doctor: 482,
  nurse: 484,
} as const;

export const UserRoomSchema = z.looseObject({
  id: IdSchema.optional(),
  _id: IdSchema.optional(),
  code: z.string(),
  slug: z.string().optional(),
  name: z.string().optional(),
  domain: z.string().optional(),
  account_code: z.string().optional(),
  default: z.boolean().optional(),
  added_time: TimestampSchema.optional(),
  source: z.string().optional(),
});

const ExtraSchema = z.looseObject({
  marital_status: z.string().nullish(),
  gender_identity: z.string().nullish(),
  social_security_no: z.string().nullish(),
  veteran: z.union([z.string(), z.boolean()]).nullish(),
  race: z.string().nullish(),
  ethnicity: z.string().nullish(),
  health_insurance: z.union([z.string(), z.boolean()]).nullish(),
  insurance: z.string().nullish(),
  insurance_policy_number: z.string().nullish(),
  attachments: z.array(z.unknown()).nullish(),
  emerg_contact_name: z.string().nullish(),
});

/**
 * A user or profile (spec 2.2). `gender` is an integer in profile reads and text elsewhere;
 * `type` may arrive as a numeric string.
 */
export const UserSchema = z.looseObject({
  id: IdSchema,
  code: z.string().nullish(),
  first_name: z.string().nullish(),
  last_name: z.string().nullish(),
  full_name: z.string().nullish(),
  username: z.string().nullish(),
  platformid: z.string().nullish(),
  dob: z.string().nullish(),
  email: z.string().nullish(),
  gender: z.union([z.number(), z.string()]).nullish(),
  active: z.boolean().nullish(),
  tos: z
    .union([z.boolean(), z.number()])
    .transform((v) => Boolean(v))
    .nullish(),
  status: z.coerce.number().nullish(),
  subtype: z.union([z.string(), z.number()]).transform(String).nullish(),
  timezone: z.string().nullish(),
  email_verified: z.boolean().nullish(),
  signup_step: z.number().nullish(),
  nationality: z.string().nullish(),
  photo: z.string().nullish(),
  extra: ExtraSchema.nullish(),
  account_code: z.string().nullish(),
  clinics: z.array(z.string()).nullish(),
  rooms: z.array(UserRoomSchema).nullish(),
  created: TimestampSchema.nullish(),
  type: z.coerce.number().nullish(),
  last_login: z.union([z.string(), z.number()]).nullish(),
  phone: z.string().nullish(),
  street_addr: z.string().nullish(),
  city: z.string().nullish(),
  state: z.string().nullish(),
  zip: z.string().nullish(),
  pcp_name: z.string().nullish(),
  pcp_phone: z.string().nullish(),
  roles: z.array(z.string()).nullish(),
});
export type User = z.infer<typeof UserSchema>;

/** The profile of GET/POST /me: a user with photo, nationality and the editable contact fields. */
export const ProfileSchema = UserSchema;
export type Profile = User;

export const UserListSchema = z.looseObject({
  data: z.array(UserSchema),
  total_count: z.coerce.number(),
});
export type UserList = z.infer<typeof UserListSchema>;

export const RefreshTokenSchema = z.looseObject({
  user_id: IdSchema.optional(),
  token: z.string().min(1),
  expiry: TimestampSchema.nullish(),
  created: TimestampSchema.nullish(),
});

/** `data.token` of the SSO response (spec 2.2). */
export const TokenPairSchema = z.looseObject({
  user_id: IdSchema,
  token: z.string().min(1),
  expiry: TimestampSchema.nullish(),
  refresh_token: RefreshTokenSchema,
});
export type TokenPair = z.infer<typeof TokenPairSchema>;

/** POST /users/sso and the portal's /auth exchange: user fields plus the token pair. */
export const SsoResultSchema = UserSchema.extend({ token: TokenPairSchema });
export type SsoResult = z.infer<typeof SsoResultSchema>;

/**
 * POST /tokens/refresh. The spec's field table omits the new refresh token that its text says
 * is issued; we read it from `refresh_token` in the same form as SSO (docs/spec-decisions.md).
 */
export const RefreshResultSchema = z.looseObject({
  user_id: IdSchema,
  user_type: z.union([z.string(), z.number()]).transform(String).nullish(),
  token: z.string().min(1),
  expiry: TimestampSchema.nullish(),
  refresh_token: RefreshTokenSchema,
  user: z
    .looseObject({
      id: IdSchema,
      code: z.string().nullish(),
      username: z.string().nullish(),
      first_name: z.string().nullish(),
      last_name: z.string().nullish(),
      email: z.string().nullish(),
      dob: z.string().nullish(),
      gender: z.union([z.string(), z.number()]).nullish(),
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
