import { useSyncExternalStore } from 'react';
import { readIntakeNote, writeIntakeNote } from '@/api/intakes/notes';
import type { Intake, IntakeCustomFields, UpdateIntakeInput } from '@telehealth/client/intakes/schemas';
import { CUSTOM_FIELDS, stepsDone } from '@/wizard';

/**
 * What the browser keeps of the wizard's own bookkeeping on an intake, so a server that drops the
 * custom fields of `POST /intakes/{id}` (spec 4.4 lists only query parameters there) loses neither
 * resume nor the booking, the price or the pharmacy (docs/spec-decisions.md "The wizard on the
 * spec's terms"). Only ids, codes, times and flags: never a free-text answer, a phone number or a
 * name (DESIGN.md section 5). Kept in this tab's sessionStorage (`api/intakes/notes`), wiped at
 * sign-out.
 */
export const KEPT_FIELDS: ReadonlySet<string> = new Set([
  CUSTOM_FIELDS.stepsDone,
  CUSTOM_FIELDS.visitKind,
  CUSTOM_FIELDS.consultationId,
  CUSTOM_FIELDS.slotStart,
  CUSTOM_FIELDS.slotEnd,
  CUSTOM_FIELDS.slotProviderId,
  CUSTOM_FIELDS.consentAccepted,
  CUSTOM_FIELDS.consentAcceptedAt,
  CUSTOM_FIELDS.attachmentIds,
  // Fields of steps other features own, by the names they save under (features do not import each
  // other): payments' `PAYMENT_FIELDS`, pharmacy's `VISIT_PHARMACY_FIELDS.code`, insurance's
  // `INSURANCE_INTAKE_FIELDS`.
  'payment_source_id',
  'payment_promo_code',
  'pharmacy_code',
  'insurance_choice',
  'insurance_eligibility_job',
  'insurance_eligibility_status',
  // A named field of the spec that its intake record (2.6) does not list: a two-letter state code.
  'location',
]);

/** A kept value: bookkeeping only (letters, digits and a few separators), never prose. */
const BOOKKEEPING = /^[\w.,:@-]{0,200}$/;
const NOTE = 'answers';

type Kept = Record<string, string>;

function readKept(intakeId: string): Kept {
  const raw = readIntakeNote(intakeId, NOTE);
  const kept: Kept = {};
  if (typeof raw !== 'object' || raw === null) return kept;
  for (const [key, value] of Object.entries(raw)) {
    if (KEPT_FIELDS.has(key) && typeof value === 'string' && BOOKKEEPING.test(value)) kept[key] = value;
  }
  return kept;
}

/**
 * The intake query's `select`: a new function after each keep, so the query selects again even
 * when the server's copy did not move (a server that dropped the update).
 */
let selectKept = (intake: Intake) => withKeptAnswers(intake);
const listeners = new Set<() => void>();

/**
 * Keeps what the wizard just saved on the intake (after the server accepted it): the kept custom
 * fields, and the state code among the named fields. Anything else is not kept.
 */
export function keepAnswers(
  intakeId: string,
  custom: IntakeCustomFields = {},
  fields: UpdateIntakeInput = {},
) {
  const sent: Kept = { ...custom, ...(fields.location ? { location: fields.location } : {}) };
  const kept = readKept(intakeId);
  let changed = false;
  for (const [key, value] of Object.entries(sent)) {
    if (!KEPT_FIELDS.has(key) || !BOOKKEEPING.test(value) || kept[key] === value) continue;
    kept[key] = value;
    changed = true;
  }
  if (!changed) return;
  writeIntakeNote(intakeId, NOTE, kept);
  selectKept = (intake: Intake) => withKeptAnswers(intake);
  for (const listener of [...listeners]) listener();
}

/**
 * The intake as the wizard works with it: the server's record, completed from what this browser
 * kept. Passed steps are the union of both. For the other fields the server's value stands while
 * it keeps up with what was sent (it knows every step the browser saw saved); a server that is
 * behind (it dropped an update) gives way to the browser's copy.
 */
export function withKeptAnswers(intake: Intake): Intake {
  const kept = readKept(intake.id);
  if (Object.keys(kept).length === 0) return intake;
  const onServer = stepsDone(intake);
  const inBrowser = new Set((kept[CUSTOM_FIELDS.stepsDone] ?? '').split(',').filter(Boolean));
  const serverIsBehind = [...inBrowser].some((slug) => !onServer.has(slug));
  const merged: Record<string, unknown> = { ...intake };
  for (const [key, value] of Object.entries(kept)) {
    const held = merged[key] !== undefined && merged[key] !== null;
    if (!held || serverIsBehind) merged[key] = value;
  }
  merged[CUSTOM_FIELDS.stepsDone] = [...new Set([...onServer, ...inBrowser])].join(',');
  return merged as Intake;
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};
const getSelect = () => selectKept;

/** `select` for the intake query: the record completed from what this browser kept. */
export function useKeptAnswersSelect(): (intake: Intake) => Intake {
  return useSyncExternalStore(subscribe, getSelect, getSelect);
}
