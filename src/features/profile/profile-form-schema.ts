import { z } from 'zod';
import {
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  type Profile,
  type UpdateProfileInput,
} from '@/api/users/schemas';
import { isValidTimeZone } from '@/lib/dates';

/** Digits only: "(212) 555-0190" and "212.555.0190" both become 2125550190. */
export const digitsOnly = (value: string) => value.replace(/\D/g, '');

function isRealDate(value: string): boolean {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!m) return false;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const date = new Date(Date.UTC(y, mo - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === mo - 1 && date.getUTCDate() === d;
}

const optionalText = (max: number, label: string) =>
  z.string().trim().max(max, `${label} can be at most ${max} characters`);

/**
 * The profile form mirrors the limits of spec 4.1 and 8 (10-digit primary-care phone, 2-letter
 * state, YYYY-MM-DD dates, male/female, an IANA time zone) with messages that say what to do.
 */
export const ProfileFormSchema = z.object({
  first_name: z
    .string()
    .trim()
    .min(1, 'Enter your first name')
    .max(100, 'First name can be at most 100 characters'),
  last_name: z
    .string()
    .trim()
    .min(1, 'Enter your last name')
    .max(100, 'Last name can be at most 100 characters'),
  dob: z
    .string()
    .trim()
    .refine(
      (v) => v === '' || isRealDate(v),
      'Enter your date of birth as YYYY-MM-DD, for example 1990-04-21',
    )
    .refine(
      (v) => v === '' || v <= new Date().toISOString().slice(0, 10),
      'Your date of birth cannot be in the future',
    )
    .refine((v) => v === '' || v >= '1900-01-01', 'Enter a date of birth after 1900-01-01'),
  gender: z.enum(['', 'male', 'female']),
  nationality: optionalText(100, 'Nationality'),
  phone: z
    .string()
    .trim()
    .refine(
      (v) => v === '' || /^[0-9+()\-. ]{7,30}$/.test(v),
      'Enter a phone number using digits, spaces and + ( ) - only',
    ),
  street_addr: optionalText(200, 'Street address'),
  city: optionalText(100, 'City'),
  state: z
    .string()
    .trim()
    .refine((v) => v === '' || /^[A-Za-z]{2}$/.test(v), 'Use the 2-letter state code, for example NY')
    .transform((v) => v.toUpperCase()),
  zip: z
    .string()
    .trim()
    .refine((v) => v === '' || /^\d{5}(-\d{4})?$/.test(v), 'Enter a 5-digit ZIP code, for example 11201'),
  pcp_name: optionalText(200, 'Primary-care provider name'),
  pcp_phone: z
    .string()
    .trim()
    .refine(
      (v) => v === '' || digitsOnly(v).length === 10,
      'Enter the 10-digit phone number of your primary-care provider, for example 212 555 0190',
    )
    .refine(
      (v) => v === '' || /^[0-9()\-. ]+$/.test(v),
      'Use digits only (spaces, dashes and brackets are fine)',
    )
    .transform((v) => digitsOnly(v)),
  timezone: z
    .string()
    .trim()
    .refine(
      (v) => isValidTimeZone(v) && /^[A-Za-z]/.test(v),
      'Choose a time zone from the list, for example America/New_York',
    ),
});
export type ProfileFormInput = z.input<typeof ProfileFormSchema>;
export type ProfileFormValues = z.output<typeof ProfileFormSchema>;
export type ProfileField = keyof ProfileFormInput;
export const PROFILE_FIELDS = Object.keys(ProfileFormSchema.shape) as ProfileField[];

/** Visible labels, also used to phrase the server's field messages. */
export const PROFILE_LABELS: Record<ProfileField, string> = {
  first_name: 'First name',
  last_name: 'Last name',
  dob: 'Date of birth',
  gender: 'Gender',
  nationality: 'Nationality',
  phone: 'Phone',
  street_addr: 'Street address',
  city: 'City',
  state: 'State',
  zip: 'ZIP code',
  pcp_name: 'Primary-care provider name',
  pcp_phone: 'Primary-care provider phone',
  timezone: 'Time zone',
};

/** Profile reads give gender as an integer (1 male, 2 female in this clinic) or as text. */
export function genderOf(value: Profile['gender']): '' | 'male' | 'female' {
  if (value === 1 || value === 'male' || value === '1') return 'male';
  if (value === 2 || value === 'female' || value === '2') return 'female';
  return '';
}

export function toFormValues(profile: Profile, fallbackZone: string): ProfileFormInput {
  return {
    first_name: profile.first_name ?? '',
    last_name: profile.last_name ?? '',
    dob: profile.dob ?? '',
    gender: genderOf(profile.gender),
    nationality: profile.nationality ?? '',
    phone: profile.phone ?? '',
    street_addr: profile.street_addr ?? '',
    city: profile.city ?? '',
    state: profile.state ?? '',
    zip: profile.zip ?? '',
    pcp_name: profile.pcp_name ?? '',
    pcp_phone: profile.pcp_phone ?? '',
    timezone: isValidTimeZone(profile.timezone) ? profile.timezone : fallbackZone,
  };
}

/**
 * What POST /me gets: only the fields that differ from the profile as loaded, so a save never
 * overwrites a field with what happened to be on screen. Gender cannot be cleared (the spec
 * takes male or female only).
 */
export function changedFields(values: ProfileFormValues, initial: ProfileFormValues): UpdateProfileInput {
  const out: Record<string, string> = {};
  for (const key of PROFILE_FIELDS) {
    const next = values[key];
    if (next === initial[key]) continue;
    if (key === 'gender' && next === '') continue;
    out[key] = next;
  }
  return out;
}

export const PasswordFormSchema = z
  .object({
    old_password: z.string(),
    password: z
      .string()
      .min(PASSWORD_MIN_LENGTH, `Use at least ${PASSWORD_MIN_LENGTH} characters`)
      .max(PASSWORD_MAX_LENGTH, `Use at most ${PASSWORD_MAX_LENGTH} characters`),
    confirm: z.string(),
  })
  .refine((v) => v.password === v.confirm, {
    path: ['confirm'],
    message: 'The two new passwords do not match',
  });
export type PasswordFormValues = z.infer<typeof PasswordFormSchema>;
