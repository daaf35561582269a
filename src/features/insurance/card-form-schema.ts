import { msg, t } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import { z } from 'zod';
import { US_STATES } from '@telehealth/client/common/us-states';
import type {
  InsuranceCard,
  InsuranceCardInput,
  InsuranceCardType,
} from '@telehealth/client/insurance/schemas';

/** Two-letter codes of US states, the District of Columbia and the territories. */
export const US_STATE_CODES: readonly string[] = US_STATES.map((s) => s.code);

export const RESPONSIBLE_PARTIES = [
  { value: 'self', label: msg`Me (I hold this insurance)` },
  { value: 'spouse', label: msg`My spouse or partner` },
  { value: 'parent', label: msg`My parent` },
  { value: 'guardian', label: msg`My legal guardian` },
  { value: 'other', label: msg`Someone else` },
] as const;

/** Guarantor gender codes (the spec gives none; this clinic uses 1 male, 2 female as on profiles). */
export const GENDERS = [
  { value: '1', label: msg`Male` },
  { value: '2', label: msg`Female` },
] as const;

export const CARD_LABELS = {
  insurer_code: msg`Insurer or carrier`,
  subscriber_number: msg`Member ID (subscriber number)`,
  group_number: msg`Group number`,
  responsible_party: msg`Who holds this insurance?`,
  guarantor_first_name: msg`First name`,
  guarantor_middle_name: msg`Middle name`,
  guarantor_last_name: msg`Last name`,
  guarantor_dob: msg`Date of birth`,
  guarantor_gender: msg`Gender`,
  guarantor_address: msg`Street address`,
  guarantor_address_2: msg`Apartment, suite, unit`,
  guarantor_city: msg`City`,
  guarantor_zip: msg`ZIP code`,
  guarantor_state: msg`State`,
  consent: msg`Consent`,
} satisfies Record<string, MessageDescriptor>;
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
  if (!m) return t`Enter the date of birth as year, month and day.`;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const date = new Date(Date.UTC(y, mo - 1, d));
  if (date.getUTCFullYear() !== y || date.getUTCMonth() !== mo - 1 || date.getUTCDate() !== d)
    return t`That date does not exist. Check the day and month.`;
  if (y < 1900) return t`Enter a date of birth after 1900.`;
  if (value > todayIso()) return t`A date of birth cannot be in the future.`;
  return null;
}

/** A text field of at most `max` characters; `tooLong` says so in a whole sentence, when shown. */
const text = (max: number, tooLong: (max: number) => string) =>
  z
    .string()
    .trim()
    .max(max, { error: () => tooLong(max) });

/** The card form: every field of spec 2.11, with messages in the patient's words. */
export const CardFormSchema = z
  .object({
    insurer_code: z.string().min(1, { error: () => t`Choose your insurer or carrier from the list.` }),
    subscriber_number: z
      .string()
      .trim()
      .min(1, { error: () => t`Enter the member ID printed on your card.` })
      .regex(SUBSCRIBER, {
        error: () => t`The member ID is 3 to 40 letters, digits or hyphens, as printed on your card.`,
      }),
    group_number: text(40, (max) => t`The group number can be at most ${max} characters.`).regex(GROUP, {
      error: () => t`The group number has only letters, digits and hyphens.`,
    }),
    responsible_party: z.enum(['self', 'spouse', 'parent', 'guardian', 'other'], {
      error: () => t`Choose who holds this insurance.`,
    }),
    guarantor_first_name: text(100, (max) => t`The first name can be at most ${max} characters.`),
    guarantor_middle_name: text(100, (max) => t`The middle name can be at most ${max} characters.`),
    guarantor_last_name: text(100, (max) => t`The last name can be at most ${max} characters.`),
    guarantor_dob: z.string().trim(),
    guarantor_gender: z.enum(['', '1', '2']),
    guarantor_address: text(200, (max) => t`The street address can be at most ${max} characters.`),
    guarantor_address_2: text(200, (max) => t`This address line can be at most ${max} characters.`),
    guarantor_city: text(100, (max) => t`The city can be at most ${max} characters.`),
    guarantor_zip: z
      .string()
      .trim()
      .refine((v) => v === '' || ZIP.test(v), {
        error: () => t`Enter a 5-digit ZIP code, or ZIP+4 like 12345-6789.`,
      }),
    guarantor_state: z
      .string()
      .trim()
      .transform((v) => v.toUpperCase())
      .refine((v) => v === '' || US_STATE_CODES.includes(v), {
        error: () => t`Enter the two-letter state code, like NY or CA.`,
      }),
    consent: z
      .boolean()
      .refine((v) => v, { error: () => t`Tick the box so the clinic may use this card for your visits.` }),
  })
  .superRefine((values, ctx) => {
    if (values.guarantor_dob !== '') {
      const problem = dateProblem(values.guarantor_dob);
      if (problem) ctx.addIssue({ code: 'custom', path: ['guarantor_dob'], message: problem });
    }
    // Someone else holds the insurance: the clinic needs to know who.
    if (values.responsible_party !== 'self') {
      if (!values.guarantor_first_name)
        ctx.addIssue({
          code: 'custom',
          path: ['guarantor_first_name'],
          message: t`Enter the first name of the person who holds this insurance.`,
        });
      if (!values.guarantor_last_name)
        ctx.addIssue({
          code: 'custom',
          path: ['guarantor_last_name'],
          message: t`Enter the last name of the person who holds this insurance.`,
        });
      if (!values.guarantor_dob)
        ctx.addIssue({
          code: 'custom',
          path: ['guarantor_dob'],
          message: t`Enter the date of birth of the person who holds this insurance.`,
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

export const CARD_TYPE_LABEL: Record<InsuranceCardType, MessageDescriptor> = {
  primary: msg`Primary insurance`,
  secondary: msg`Secondary insurance`,
};

/** The words about one card, each a whole sentence in the page's language (made when called). */
export function cardTypeWords(type: InsuranceCardType) {
  return type === 'primary'
    ? {
        none: t`No primary card on file.`,
        add: t`Add primary card`,
        edit: t`Edit primary card`,
        remove: t`Remove primary card`,
        save: t`Save primary card`,
        addHeading: t`Add primary insurance`,
        editHeading: t`Edit primary insurance`,
        saved: t`Primary insurance saved.`,
        removed: t`Primary insurance removed.`,
        removeQuestion: t`Remove the primary card?`,
      }
    : {
        none: t`No secondary card on file.`,
        add: t`Add secondary card`,
        edit: t`Edit secondary card`,
        remove: t`Remove secondary card`,
        save: t`Save secondary card`,
        addHeading: t`Add secondary insurance`,
        editHeading: t`Edit secondary insurance`,
        saved: t`Secondary insurance saved.`,
        removed: t`Secondary insurance removed.`,
        removeQuestion: t`Remove the secondary card?`,
      };
}
