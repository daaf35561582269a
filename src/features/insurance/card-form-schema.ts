import { z } from 'zod';
import { US_STATES } from '@/api/common/us-states';
import type { InsuranceCard, InsuranceCardInput, InsuranceCardType } from '@/api/insurance/schemas';

/** Two-letter codes of US states, the District of Columbia and the territories. */
export const US_STATE_CODES: readonly string[] = US_STATES.map((s) => s.code);

export const RESPONSIBLE_PARTIES = [
  { value: 'self', label: 'Me (I hold this insurance)' },
  { value: 'spouse', label: 'My spouse or partner' },
  { value: 'parent', label: 'My parent' },
  { value: 'guardian', label: 'My legal guardian' },
  { value: 'other', label: 'Someone else' },
] as const;

/** Guarantor gender codes (the spec gives none; this clinic uses 1 male, 2 female as on profiles). */
export const GENDERS = [
  { value: '1', label: 'Male' },
  { value: '2', label: 'Female' },
] as const;

export const CARD_LABELS = {
  insurer_code: 'Insurer or carrier',
  subscriber_number: 'Member ID (subscriber number)',
  group_number: 'Group number',
  responsible_party: 'Who holds this insurance?',
  guarantor_first_name: 'First name',
  guarantor_middle_name: 'Middle name',
  guarantor_last_name: 'Last name',
  guarantor_dob: 'Date of birth',
  guarantor_gender: 'Gender',
  guarantor_address: 'Street address',
  guarantor_address_2: 'Apartment, suite, unit',
  guarantor_city: 'City',
  guarantor_zip: 'ZIP code',
  guarantor_state: 'State',
  consent: 'Consent',
} as const;
export type CardField = keyof typeof CARD_LABELS;

const SUBSCRIBER = /^[A-Za-z0-9-]{3,40}$/;
const GROUP = /^[A-Za-z0-9-]*$/;
const ZIP = /^\d{5}(-\d{4})?$/;
const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Today as YYYY-MM-DD in the browser's zone (a date of birth is a calendar date, not an instant). */
export function todayIso(now: Date = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

function dateProblem(value: string): string | null {
  const m = DATE.exec(value);
  if (!m) return 'Enter the date of birth as year, month and day.';
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const date = new Date(Date.UTC(y, mo - 1, d));
  if (date.getUTCFullYear() !== y || date.getUTCMonth() !== mo - 1 || date.getUTCDate() !== d)
    return 'That date does not exist. Check the day and month.';
  if (y < 1900) return 'Enter a date of birth after 1900.';
  if (value > todayIso()) return 'A date of birth cannot be in the future.';
  return null;
}

const text = (max: number, label: string) =>
  z.string().trim().max(max, `${label} can be at most ${max} characters.`);

/** The card form: every field of spec 2.11, with messages in the patient's words. */
export const CardFormSchema = z
  .object({
    insurer_code: z.string().min(1, 'Choose your insurer or carrier from the list.'),
    subscriber_number: z
      .string()
      .trim()
      .min(1, 'Enter the member ID printed on your card.')
      .regex(SUBSCRIBER, 'The member ID is 3 to 40 letters, digits or hyphens, as printed on your card.'),
    group_number: text(40, 'The group number').regex(
      GROUP,
      'The group number has only letters, digits and hyphens.',
    ),
    responsible_party: z.enum(['self', 'spouse', 'parent', 'guardian', 'other'], {
      error: 'Choose who holds this insurance.',
    }),
    guarantor_first_name: text(100, 'The first name'),
    guarantor_middle_name: text(100, 'The middle name'),
    guarantor_last_name: text(100, 'The last name'),
    guarantor_dob: z.string().trim(),
    guarantor_gender: z.enum(['', '1', '2']),
    guarantor_address: text(200, 'The street address'),
    guarantor_address_2: text(200, 'This address line'),
    guarantor_city: text(100, 'The city'),
    guarantor_zip: z
      .string()
      .trim()
      .refine((v) => v === '' || ZIP.test(v), 'Enter a 5-digit ZIP code, or ZIP+4 like 12345-6789.'),
    guarantor_state: z
      .string()
      .trim()
      .transform((v) => v.toUpperCase())
      .refine(
        (v) => v === '' || US_STATE_CODES.includes(v),
        'Enter the two-letter state code, like NY or CA.',
      ),
    consent: z.boolean().refine((v) => v, 'Tick the box so the clinic may use this card for your visits.'),
  })
  .superRefine((values, ctx) => {
    if (values.guarantor_dob !== '') {
      const problem = dateProblem(values.guarantor_dob);
      if (problem) ctx.addIssue({ code: 'custom', path: ['guarantor_dob'], message: problem });
    }
    // Someone else holds the insurance: the clinic needs to know who.
    if (values.responsible_party !== 'self') {
      const who = 'the person who holds this insurance';
      if (!values.guarantor_first_name)
        ctx.addIssue({
          code: 'custom',
          path: ['guarantor_first_name'],
          message: `Enter the first name of ${who}.`,
        });
      if (!values.guarantor_last_name)
        ctx.addIssue({
          code: 'custom',
          path: ['guarantor_last_name'],
          message: `Enter the last name of ${who}.`,
        });
      if (!values.guarantor_dob)
        ctx.addIssue({
          code: 'custom',
          path: ['guarantor_dob'],
          message: `Enter the date of birth of ${who}.`,
        });
    }
  });
export type CardFormInput = z.input<typeof CardFormSchema>;
export type CardFormValues = z.output<typeof CardFormSchema>;

const s = (value: unknown) => (typeof value === 'string' ? value : '');

export function cardDefaults(card: InsuranceCard | null | undefined): CardFormInput {
  const party = s(card?.responsible_party);
  const gender = card?.guarantor_gender;
  return {
    insurer_code: s(card?.insurer_code),
    subscriber_number: s(card?.subscriber_number),
    group_number: s(card?.group_number),
    responsible_party: (RESPONSIBLE_PARTIES.some((p) => p.value === party) ? party : 'self') as 'self',
    guarantor_first_name: s(card?.guarantor_first_name),
    guarantor_middle_name: s(card?.guarantor_middle_name),
    guarantor_last_name: s(card?.guarantor_last_name),
    guarantor_dob: s(card?.guarantor_dob),
    guarantor_gender: gender === 1 ? '1' : gender === 2 ? '2' : '',
    guarantor_address: s(card?.guarantor_address),
    guarantor_address_2: s(card?.guarantor_address_2),
    guarantor_city: s(card?.guarantor_city),
    guarantor_zip: s(card?.guarantor_zip),
    guarantor_state: s(card?.guarantor_state),
    consent: card?.consent === true,
  };
}

/** The body sent: every field, so clearing one on screen clears it on the server too. */
export function toCardInput(values: CardFormValues): InsuranceCardInput & Record<string, unknown> {
  return {
    ...values,
    guarantor_dob: values.guarantor_dob === '' ? undefined : values.guarantor_dob,
    guarantor_gender: values.guarantor_gender === '' ? undefined : Number(values.guarantor_gender),
    guarantor_state: values.guarantor_state === '' ? undefined : values.guarantor_state,
  };
}

/**
 * The card field a refusal names (`fieldRefusal`): the last part of its path, so an import's
 * `insurances.1.guarantor_zip` is the guarantor's ZIP; the server's `subscriber_num` is the
 * subscriber number. Null for anything the form does not show.
 */
export function cardFieldOf(path: readonly string[]): CardField | null {
  const last = path.at(-1) ?? '';
  const key = last === 'subscriber_num' ? 'subscriber_number' : last;
  return Object.hasOwn(CARD_LABELS, key) ? (key as CardField) : null;
}

export const CARD_TYPE_LABEL: Record<InsuranceCardType, string> = {
  primary: 'Primary insurance',
  secondary: 'Secondary insurance',
};
