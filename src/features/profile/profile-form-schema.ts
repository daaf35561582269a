import { z } from 'zod';
import {
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  type Profile,
  type UpdateProfileInput,
} from '@/api/users/schemas';
import { memorableDateSchema, partsFromIso } from '@/components/form/memorable-date';
import { browserTimeZone, calendarDateIn, isValidTimeZone } from '@/lib/dates';

/** Digits only: "(212) 555-0190" and "212.555.0190" both become 2125550190. */
export const digitsOnly = (value: string) => value.replace(/\D/g, '');

const optionalText = (max: number, label: string) =>
  z.string().trim().max(max, `${label} can be at most ${max} characters`);

/**
 * The profile form mirrors the limits of spec 4.1 and 8 (10-digit primary-care phone, 2-letter
 * state, YYYY-MM-DD dates, male/female, an IANA time zone) with messages that say what to do. The
 * date of birth is typed as month, day and year; the time zone is chosen from a list in words.
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
  // Three parts in, `YYYY-MM-DD` out. "Today" is the device's: where the patient is now.
  dob: memorableDateSchema({
    label: 'Date of birth',
    earliest: '1900-01-01',
    today: () => calendarDateIn(Math.floor(Date.now() / 1000), browserTimeZone()),
  }),
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
      'Choose your time zone from the list, or use this device’s time zone',
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

/**
 * The gender choices, as the insurance card offers them: the two values `POST /me` takes, and
 * "Prefer not to say", which sends nothing (docs/spec-decisions.md, "Gender and sex choices").
 */
export const GENDER_OPTIONS = [
  { value: 'male', label: 'Male' },
  { value: 'female', label: 'Female' },
  { value: '', label: 'Prefer not to say' },
];

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
    dob: partsFromIso(profile.dob),
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
 * takes male or female only): "Prefer not to say" sends nothing.
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
