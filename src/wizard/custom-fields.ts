import type { Intake, IntakeCustomFields, UpdateIntakeInput } from '@telehealth/client/intakes/schemas';
import { VISIT_KINDS, type VisitKind } from '@telehealth/client/visits/kinds';
import { CUSTOM_FIELDS } from '@telehealth/client/intakes/custom-fields';

/** The custom-field keys live beside the intake schemas, where the mock reads them too. */
export { CUSTOM_FIELDS };

/** Key of a generic form answer: `${stepCode}.${sectionCode}.${fieldKey}`. */
export function genericFieldKey(stepCode: string, sectionCode: string, fieldKey: string): string {
  return `${stepCode}.${sectionCode}.${fieldKey}`;
}

/** What a step screen hands the wizard to save. */
export interface IntakePatch {
  fields?: UpdateIntakeInput;
  custom?: IntakeCustomFields;
}

/** A custom field's value as text; numbers and booleans from a lenient server are turned into text. */
export function customValue(intake: Intake | null | undefined, key: string): string | undefined {
  if (!intake || !Object.hasOwn(intake, key)) return undefined;
  const value: unknown = (intake as Record<string, unknown>)[key];
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return undefined;
}

export function stepsDone(intake: Intake | null | undefined): Set<string> {
  return slugList(intake, CUSTOM_FIELDS.stepsDone);
}

/** The passed steps whose answers were known and confirmed rather than asked. */
export function stepsKnown(intake: Intake | null | undefined): Set<string> {
  return slugList(intake, CUSTOM_FIELDS.stepsKnown);
}

function slugList(intake: Intake | null | undefined, key: string): Set<string> {
  const raw = customValue(intake, key) ?? '';
  return new Set(
    raw
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean),
  );
}

export function withStepDone(intake: Intake | null | undefined, slug: string): string {
  return withStepsDone(intake, [slug]);
}

export function withStepsDone(intake: Intake | null | undefined, slugs: readonly string[]): string {
  const done = stepsDone(intake);
  for (const slug of slugs) done.add(slug);
  return [...done].join(',');
}

/** The chosen provider's id, whether the server sends an id or a person object. */
export function providerIdOf(intake: Intake | null | undefined): string | null {
  const provider = intake?.provider;
  if (!provider) return null;
  return typeof provider === 'string' ? provider : provider.id;
}

/** The visit kind saved on the intake, if the patient chose one. */
export function savedVisitKind(intake: Intake | null | undefined): VisitKind | null {
  const value = customValue(intake, CUSTOM_FIELDS.visitKind);
  return VISIT_KINDS.find((k) => k === value) ?? null;
}

/** A UNIX-seconds custom field as a number, or null when absent or not a whole number. */
export function customSeconds(intake: Intake | null | undefined, key: string): number | null {
  const value = customValue(intake, key);
  if (value === undefined || !/^\d{1,12}$/.test(value.trim())) return null;
  return Number(value);
}
