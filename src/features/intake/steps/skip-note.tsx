import { useForm } from 'react-hook-form';
import { StepFrame } from '@/wizard';

export type SkipReason = 'not-yet-available' | 'unknown' | 'malformed';

export function skipMessage(reason: SkipReason, title: string): string {
  switch (reason) {
    case 'not-yet-available':
      return `“${title}” cannot be completed in this portal yet, so we skipped it. The clinic may ask you about it during your visit.`;
    case 'unknown':
      return `“${title}” is a step this portal cannot show, so we skipped it.`;
    case 'malformed':
      return 'One step of this clinic’s intake is set up in a way this portal cannot read, so we skipped it.';
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
        <p>You can carry on.</p>
      </div>
    </StepFrame>
  );
}
