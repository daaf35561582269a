import { useForm } from 'react-hook-form';
import { StepFrame } from '@/wizard';

export type SkipReason = 'not-yet-available' | 'unknown' | 'malformed';

const LATER = 'If the clinic needs these answers, they will ask you during your visit.';

/** What a patient reads on a step the portal passes over: that they may skip it, and what happens then. */
export function skipMessage(reason: SkipReason, title: string): string {
  switch (reason) {
    case 'not-yet-available':
      return `You can skip “${title}”: it cannot be filled in online yet. ${LATER}`;
    case 'unknown':
      return `You can skip “${title}”: it cannot be filled in online. ${LATER}`;
    case 'malformed':
      return `You can skip this part of the clinic’s questions: it cannot be filled in online. ${LATER}`;
  }
}

/**
 * A step the portal cannot show: a visible note and a way on, never a crash or a dead end.
 * Continuing still records the step as passed, so the order of the flow holds after a reload.
 */
export function SkipNote({
  slug,
  title,
  reason,
  submitLabel,
  backHref,
  onContinue,
}: {
  slug: string;
  title: string;
  reason: SkipReason;
  submitLabel: string;
  backHref: string | null;
  onContinue: () => Promise<void>;
}) {
  const form = useForm();
  return (
    <StepFrame form={form} slug={slug} submitLabel={submitLabel} backHref={backHref} onValid={onContinue}>
      <div className="banner banner-info skip-note" role="note" aria-label="Step skipped">
        <p>{skipMessage(reason, title)}</p>
        <p>Press the button below to carry on.</p>
      </div>
    </StepFrame>
  );
}
