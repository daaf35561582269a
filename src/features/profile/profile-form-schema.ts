import type { MessageDescriptor } from '@lingui/core';
import { msg, t } from '@lingui/core/macro';
import { z } from 'zod';
import {
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  type Profile,
  type UpdateProfileInput,
} from '@telehealth/client/users/schemas';
import { memorableDateSchema, partsFromIso } from '@/components/form/memorable-date';
import { browserTimeZone, calendarDateIn, isValidTimeZone } from '@/lib/dates';
import { i18n } from '@/lib/i18n';

/** Digits only: "(212) 555-0190" and "212.555.0190" both become 2125550190. */
export const digitsOnly = (value: string) => value.replace(/\D/g, '');

const optionalText = (max: number, field: MessageDescriptor) =>
  z
    .string()
    .trim()
    .max(max, {
      error: () => {
        const label = i18n._(field);
        return t`${label} can be at most ${max} characters`;
      },
    });

const DOB_LABEL = msg`Date of birth`;
const dobSchemas = new Map<string, ReturnType<typeof memorableDateSchema>>();
/**
 * The date of birth's rules, with its name in the page's language (its messages say "Date of birth
 * must include a year"): made once per language, when a date is first checked in it.
 */
function dobSchema() {
  const label = i18n._(DOB_LABEL);
  let schema = dobSchemas.get(label);
  if (!schema) {
    schema = memorableDateSchema({
      label,
      earliest: '1900-01-01',
      today: () => calendarDateIn(Math.floor(Date.now() / 1000), browserTimeZone()),
    });
    dobSchemas.set(label, schema);
  }
  return schema;
}

/**
 * The profile form mirrors the limits of spec 4.1 and 8 (10-digit primary-care phone, 2-letter
 * state, YYYY-MM-DD dates, male/female, an IANA time zone) with messages that say what to do. The
 * date of birth is typed as month, day and year; the time zone is chosen from a list in words.
 */
export const ProfileFormSchema = z.object({
  first_name: z
    .string()
    .trim()
    .min(1, { error: () => t`Enter your first name` })
    .max(100, { error: () => t`First name can be at most 100 characters` }),
  last_name: z
    .string()
    .trim()
    .min(1, { error: () => t`Enter your last name` })
    .max(100, { error: () => t`Last name can be at most 100 characters` }),
  // Three parts in, `YYYY-MM-DD` out. "Today" is the device's: where the patient is now.
  // Checked by the rules of the page's language (dobSchema); the issues keep their parts' paths.
  dob: z.object({ month: z.string(), day: z.string(), year: z.string() }).transform((value, ctx) => {
    const result = dobSchema().safeParse(value);
    if (result.success) return result.data;
    for (const issue of result.error.issues)
      ctx.addIssue({ code: 'custom', path: issue.path, message: issue.message });
    return z.NEVER;
  }),
  gender: z.enum(['', 'male', 'female']),
  nationality: optionalText(100, msg`Nationality`),
  phone: z
    .string()
    .trim()
    .refine((v) => v === '' || /^[0-9+()\-. ]{7,30}$/.test(v), {
      error: () => t`Enter a phone number using digits, spaces and + ( ) - only`,
    }),
  street_addr: optionalText(200, msg`Street address`),
  city: optionalText(100, msg`City`),
  state: z
    .string()
    .trim()
    .refine((v) => v === '' || /^[A-Za-z]{2}$/.test(v), {
      error: () => t`Use the 2-letter state code, for example NY`,
    })
    .transform((v) => v.toUpperCase()),
  zip: z
    .string()
    .trim()
    .refine((v) => v === '' || /^\d{5}(-\d{4})?$/.test(v), {
      error: () => t`Enter a 5-digit ZIP code, for example 11201`,
    }),
  pcp_name: optionalText(200, msg`Primary-care provider name`),
  pcp_phone: z
    .string()
    .trim()
    .refine((v) => v === '' || digitsOnly(v).length === 10, {
      error: () => t`Enter the 10-digit phone number of your primary-care provider, for example 212 555 0190`,
    })
    .refine((v) => v === '' || /^[0-9()\-. ]+$/.test(v), {
      error: () => t`Use digits only (spaces, dashes and brackets are fine)`,
    })
    .transform((v) => digitsOnly(v)),
  timezone: z
    .string()
    .trim()
    .refine((v) => isValidTimeZone(v) && /^[A-Za-z]/.test(v), {
      error: () => t`Choose your time zone from the list, or use this device’s time zone`,
    }),
});
export type ProfileFormInput = z.input<typeof ProfileFormSchema>;
export type ProfileFormValues = z.output<typeof ProfileFormSchema>;
export type ProfileField = keyof ProfileFormInput;
export const PROFILE_FIELDS = Object.keys(ProfileFormSchema.shape) as ProfileField[];

/** Visible labels, also used to phrase the server's field messages: shown through `profileLabel`. */
export const PROFILE_LABELS: Record<ProfileField, MessageDescriptor> = {
  first_name: msg`First name`,
  last_name: msg`Last name`,
  dob: DOB_LABEL,
  gender: msg`Gender`,
  nationality: msg`Nationality`,
  phone: msg`Phone`,
  street_addr: msg`Street address`,
  city: msg`City`,
  state: msg`State`,
  zip: msg`ZIP code`,
  pcp_name: msg`Primary-care provider name`,
  pcp_phone: msg`Primary-care provider phone`,
  timezone: msg`Time zone`,
};

/** A field's label in the page's language. */
export const profileLabel = (field: ProfileField): string => i18n._(PROFILE_LABELS[field]);

/**
 * The gender choices, as the insurance card offers them: the two values `POST /me` takes, and
 * "Prefer not to say", which sends nothing (docs/spec-decisions.md, "Gender and sex choices").
 */
export const GENDER_OPTIONS: readonly { value: '' | 'male' | 'female'; label: MessageDescriptor }[] = [
  { value: 'male', label: msg`Male` },
  { value: 'female', label: msg`Female` },
  { value: '', label: msg`Prefer not to say` },
];

/** The gender choices with their words in the page's language. */
export const genderOptions = () => GENDER_OPTIONS.map((o) => ({ value: o.value, label: i18n._(o.label) }));

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
      .min(PASSWORD_MIN_LENGTH, {
        error: () => {
          const min = PASSWORD_MIN_LENGTH;
          return t`Use at least ${min} characters`;
        },
      })
      .max(PASSWORD_MAX_LENGTH, {
        error: () => {
          const max = PASSWORD_MAX_LENGTH;
          return t`Use at most ${max} characters`;
        },
      }),
    confirm: z.string(),
  })
  .refine((v) => v.password === v.confirm, {
    path: ['confirm'],
    error: () => t`The two new passwords do not match`,
  });
export type PasswordFormValues = z.infer<typeof PasswordFormSchema>;
