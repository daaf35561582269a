import { t } from '@lingui/core/macro';
import { IntakeStepSchema, type IntakeStep } from '@telehealth/client/accounts/schemas';

export type StepPhase = 'intake' | 'post';

/** One entry of the account's step arrays, read defensively: whatever the server sent, it becomes a step. */
export interface WizardStep {
  /** Unique in the whole flow and safe in a URL; what the address bar shows. */
  slug: string;
  phase: StepPhase;
  /** Position in its own phase (0-based). */
  indexInPhase: number;
  /** The parsed step, or null when the entry could not be read at all. */
  step: IntakeStep | null;
  /** Set when the full entry did not match the step schema (its code and name may still be known). */
  isMalformed: boolean;
  title: string;
}

function readString(value: unknown, key: string): string | undefined {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return undefined;
  const field: unknown = (value as Record<string, unknown>)[key];
  return typeof field === 'string' && field.trim() !== '' ? field : undefined;
}

/** "medical_history" -> "Medical history". */
export function humanizeCode(code: string): string {
  const words = code.replace(/[_-]+/g, ' ').trim();
  return words
    ? words.charAt(0).toUpperCase() + words.slice(1).toLowerCase()
    : t({ message: 'Step', context: 'a step of the intake, its name unknown' });
}

function slugOf(code: string | undefined): string {
  const base = (code ?? '')
    .toLowerCase()
    .replace(/[^a-z0-9_-]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 40);
  return base || 'step';
}

/**
 * Reads `intake_steps` and `post_intake_steps` into one ordered flow. An entry that does not match
 * the step schema keeps whatever code and name can be read (a known code still gets its screen);
 * an entry with no readable code is kept as a malformed step, so the patient sees a note instead
 * of a silent gap. Slugs are made unique by numbering repeats.
 */
export function readSteps(
  intakeSteps: readonly unknown[] | null | undefined,
  postSteps: readonly unknown[] | null | undefined,
): WizardStep[] {
  const used = new Map<string, number>();
  const unique = (base: string) => {
    const count = (used.get(base) ?? 0) + 1;
    used.set(base, count);
    return count === 1 ? base : `${base}-${count}`;
  };
  const read = (raw: unknown, phase: StepPhase, indexInPhase: number): WizardStep => {
    const parsed = IntakeStepSchema.safeParse(raw);
    if (parsed.success) {
      const step = parsed.data;
      return {
        slug: unique(slugOf(step.code)),
        phase,
        indexInPhase,
        step,
        isMalformed: false,
        title: step.name?.trim() || humanizeCode(step.code),
      };
    }
    const code = readString(raw, 'code');
    const name = readString(raw, 'name');
    return {
      slug: unique(slugOf(code)),
      phase,
      indexInPhase,
      step: code ? { code, name } : null,
      isMalformed: true,
      title: name?.trim() || (code ? humanizeCode(code) : t`Step skipped`),
    };
  };
  const list = (value: readonly unknown[] | null | undefined): readonly unknown[] => value ?? [];
  return [
    ...list(intakeSteps).map((raw, i) => read(raw, 'intake', i)),
    ...list(postSteps).map((raw, i) => read(raw, 'post', i)),
  ];
}
