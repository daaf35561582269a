import { msg } from '@lingui/core/macro';
import type { MessageOption } from './sections';

/**
 * Spec 2.13 gives an allergy one field, `substance`. The reaction and its severity travel inside it
 * in words a clinician reads as is, in English whatever the page's language: "Penicillin — hives (moderate)" (docs/spec-decisions.md,
 * "Allergies: reaction and severity"). Extra keys would be dropped by the platform.
 */
export const SEVERITIES = ['mild', 'moderate', 'severe', 'life-threatening'] as const;
export type Severity = (typeof SEVERITIES)[number];

/** The severity choice; "Not sure" stores nothing, so an allergy without one reads the same. */
export const SEVERITY_OPTIONS: MessageOption[] = [
  { value: '', label: msg`Not sure` },
  { value: 'mild', label: msg`Mild` },
  { value: 'moderate', label: msg`Moderate` },
  { value: 'severe', label: msg`Severe` },
  { value: 'life-threatening', label: msg`Life-threatening` },
];

export interface AllergyParts {
  substance: string;
  reaction: string;
  severity: Severity | '';
}

const SEPARATOR = ' — ';
const SEVERITY_AT_END = new RegExp(`\\s*\\((${SEVERITIES.join('|')})\\)$`, 'i');

const isSeverity = (value: string): value is Severity => (SEVERITIES as readonly string[]).includes(value);

/**
 * The stored text of an allergy: "Penicillin", "Penicillin — hives", "Penicillin — hives (moderate)".
 * A severity that is not one of ours ("Not sure" is '') adds nothing.
 */
export function allergyText({
  substance,
  reaction,
  severity,
}: { [K in keyof AllergyParts]: string }): string {
  // The dash divides substance from reaction, so one typed inside the substance becomes a hyphen.
  const name = substance.trim().replace(/\s*—\s*/g, ' - ');
  const what = reaction.trim();
  return `${name}${what ? `${SEPARATOR}${what}` : ''}${isSeverity(severity) ? ` (${severity})` : ''}`;
}

/** The parts of a stored allergy; text written any other way is all substance. */
export function readAllergy(text: string): AllergyParts {
  let rest = text.trim();
  let severity: AllergyParts['severity'] = '';
  const found = SEVERITY_AT_END.exec(rest);
  const word = found?.[1]?.toLowerCase() ?? '';
  if (found && isSeverity(word)) {
    severity = word;
    rest = rest.slice(0, found.index).trim();
  }
  const at = rest.indexOf(SEPARATOR.trim());
  if (at > 0) {
    return { substance: rest.slice(0, at).trim(), reaction: rest.slice(at + 1).trim(), severity };
  }
  return { substance: rest, reaction: '', severity };
}
