import { msg, t } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import type { VisitKind } from '@telehealth/client/visits/kinds';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { CheckboxField } from '@/components/ui/field';
import { i18n } from '@/lib/i18n';
import { CUSTOM_FIELDS, customValue, StepFrame, type StepScreenProps, useDraftDefaults } from '@/wizard';

const ConsentSchema = z.object({
  accepted: z.boolean().refine((v) => v, { error: () => t`Tick the box to agree before you continue.` }),
});
type ConsentValues = z.infer<typeof ConsentSchema>;

const DEFAULT_TEXT: Record<VisitKind, MessageDescriptor> = {
  walkin: msg`I agree to be seen by video. I understand that the clinician may decide I need to be seen in person, and that video visits are not for emergencies: in an emergency I call 911.`,
  econsult: msg`I agree to an e-consult: a clinician reviews what I send and answers in writing. E-consults are not for emergencies: in an emergency I call 911.`,
  appointment: msg`I agree to be seen by video at the time I booked. I understand that the clinician may decide I need to be seen in person, and that video visits are not for emergencies: in an emergency I call 911.`,
};

/** The consent text: the step's own (`text` or `description`) when the clinic set one, shown as plain text. */
export function consentText(step: StepScreenProps['step'], kind: VisitKind): string {
  for (const key of ['text', 'description'] as const) {
    const value: unknown = (step as Record<string, unknown>)[key];
    if (typeof value === 'string' && value.trim()) return value.trim();
  }
  return i18n._(DEFAULT_TEXT[kind]);
}

/** `consent`: the consent text and a box that must be ticked. */
export function ConsentStep({ step, slug, intake, visitKind, submitLabel, backHref, save }: StepScreenProps) {
  const defaultValues = useDraftDefaults<ConsentValues>(slug, () => ({
    accepted: customValue(intake, CUSTOM_FIELDS.consentAccepted) === '1',
  }));
  const form = useForm<ConsentValues>({ resolver: zodResolver(ConsentSchema), defaultValues });
  const text = consentText(step, visitKind);
  return (
    <StepFrame
      form={form}
      slug={slug}
      submitLabel={submitLabel}
      backHref={backHref}
      onValid={() =>
        save({
          custom: {
            [CUSTOM_FIELDS.consentAccepted]: '1',
            [CUSTOM_FIELDS.consentAcceptedAt]: String(Math.floor(Date.now() / 1000)),
          },
        })
      }
    >
      <div className="consent-text wrap-anywhere">
        {text.split(/\n{2,}/).map((paragraph, i) => (
          <p key={i}>{paragraph}</p>
        ))}
      </div>
      <CheckboxField<ConsentValues> name="accepted" label={t`I have read this and I agree`} />
    </StepFrame>
  );
}
