import { t } from '@lingui/core/macro';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { TextAreaField } from '@/components/ui/field';
import { StepFrame, type StepScreenProps, useDraftDefaults } from '@/wizard';

export const REASON_MAX_LENGTH = 1000;

const ReasonSchema = z.object({
  reason: z
    .string()
    .trim()
    .min(1, { error: () => t`Tell us briefly why you want to see a clinician.` })
    .max(REASON_MAX_LENGTH, {
      error: () => {
        const max = REASON_MAX_LENGTH;
        return t`Keep it under ${max} characters; you can add more during the visit.`;
      },
    }),
});
type ReasonValues = z.infer<typeof ReasonSchema>;

/** `reason`: the reason for the visit, saved as `reason_for_visit`. */
export function ReasonStep({ slug, intake, visitKind, submitLabel, backHref, save }: StepScreenProps) {
  const defaultValues = useDraftDefaults<ReasonValues>(slug, () => ({
    reason: intake?.reason_for_visit ?? '',
  }));
  const form = useForm<ReasonValues>({ resolver: zodResolver(ReasonSchema), defaultValues });
  return (
    <StepFrame
      form={form}
      slug={slug}
      submitLabel={submitLabel}
      backHref={backHref}
      onValid={(values) => save({ fields: { reason_for_visit: values.reason } })}
    >
      <TextAreaField<ReasonValues>
        name="reason"
        label={t`What would you like help with?`}
        hint={
          visitKind === 'econsult'
            ? t`Describe your concern in your own words. A clinician reads this before answering in writing.`
            : t`A sentence or two is enough. Your clinician reads this before the visit.`
        }
        required
        rows={5}
        maxLength={REASON_MAX_LENGTH + 200}
      />
    </StepFrame>
  );
}
