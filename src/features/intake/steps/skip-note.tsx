import { t } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import { useForm } from 'react-hook-form';
import { StepFrame } from '@/wizard';

export type SkipReason = 'not-yet-available' | 'unknown' | 'malformed';

/** What a patient reads on a step the portal passes over: that they may skip it, and what happens then. */
export function skipMessage(reason: SkipReason, title: string): string {
  switch (reason) {
    case 'not-yet-available':
      return t`You can skip “${title}”: it cannot be filled in online yet. If the clinic needs these answers, they will ask you during your visit.`;
    case 'unknown':
      return t`You can skip “${title}”: it cannot be filled in online. If the clinic needs these answers, they will ask you during your visit.`;
    case 'malformed':
      return t`You can skip this part of the clinic’s questions: it cannot be filled in online. If the clinic needs these answers, they will ask you during your visit.`;
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
      <div className="banner banner-info skip-note" role="note" aria-label={t`Step skipped`}>
        <p>{skipMessage(reason, title)}</p>
        <p>
          <Trans>Press the button below to carry on.</Trans>
        </p>
      </div>
    </StepFrame>
  );
}
