import { msg, t } from '@lingui/core/macro';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { insuranceQueries } from '@/api/insurance/queries';
import { userQueries } from '@/api/users/queries';
import { QueryError } from '@/components/feedback/query-state';
import { Spinner } from '@/components/feedback/status';
import { RadioGroupField } from '@/components/ui/field';
import { i18n } from '@/lib/i18n';
import { customValue, StepFrame, useDraftDefaults, type StepScreenProps } from '@/wizard';
import { InsurancePanel } from './insurance-panel';

/** Custom fields this step writes on the intake (docs/spec-decisions.md, Insurance). */
export const INSURANCE_INTAKE_FIELDS = {
  /** `insurance` (use the cards on file) or `self_pay`. */
  choice: 'insurance_choice',
  /** The latest coverage check when the patient went on, if any: its job id and status. */
  eligibilityJob: 'insurance_eligibility_job',
  eligibilityStatus: 'insurance_eligibility_status',
} as const;

const ChoiceSchema = z.object({
  choice: z.enum(['', 'insurance', 'self_pay']).refine((v) => v.length > 0, {
    error: () => t`Choose whether to use your insurance or continue without it.`,
  }),
});
type ChoiceValues = z.infer<typeof ChoiceSchema>;

const OPTIONS = [
  { value: 'insurance', label: msg`Use my insurance cards on file` },
  { value: 'self_pay', label: msg`Continue without insurance (I will pay myself)` },
];

/**
 * `insurance`: the patient confirms the cards on file, adds or changes them (photos and a
 * coverage check included), or goes on as self-pay; the choice is saved on the intake. A coverage
 * check that is pending or failed never holds the visit up.
 */
export function InsuranceStep({ slug, intake, submitLabel, backHref, save, failure }: StepScreenProps) {
  const me = useQuery(userQueries.me());
  const userId = me.data?.id ?? '';
  const cards = useQuery({ ...insuranceQueries.cards(userId), enabled: userId !== '' });
  const eligibility = useQuery({ ...insuranceQueries.eligibility(userId), enabled: userId !== '' });
  const defaultValues = useDraftDefaults<ChoiceValues>(slug, () => {
    const saved = customValue(intake, INSURANCE_INTAKE_FIELDS.choice);
    return { choice: saved === 'insurance' || saved === 'self_pay' ? saved : '' };
  });
  const form = useForm<ChoiceValues>({
    resolver: zodResolver(ChoiceSchema),
    defaultValues,
  });
  const hasCard = (cards.data?.length ?? 0) > 0;

  return (
    <>
      {me.isPending ? <Spinner label={t`Loading your insurance…`} /> : null}
      <QueryError query={me} />
      {userId ? <InsurancePanel userId={userId} /> : null}
      <StepFrame
        form={form}
        slug={slug}
        submitLabel={submitLabel}
        backHref={backHref}
        failure={failure}
        onValid={async (values) => {
          if (values.choice === 'insurance' && cards.isSuccess && !hasCard) {
            form.setError(
              'choice',
              {
                message: t`There is no insurance card on file yet. Add your card above, or continue without insurance.`,
              },
              { shouldFocus: true },
            );
            return;
          }
          const job = values.choice === 'insurance' ? eligibility.data : null;
          await save({
            custom: {
              [INSURANCE_INTAKE_FIELDS.choice]: values.choice,
              [INSURANCE_INTAKE_FIELDS.eligibilityJob]: job?.job_id ?? '',
              [INSURANCE_INTAKE_FIELDS.eligibilityStatus]: job?.status ?? '',
            },
          });
        }}
      >
        <RadioGroupField<ChoiceValues>
          name="choice"
          label={t`How would you like to go on?`}
          hint={t`A coverage check that has not finished yet does not hold up your visit.`}
          options={OPTIONS.map((o) => ({ value: o.value, label: i18n._(o.label) }))}
          required
        />
      </StepFrame>
    </>
  );
}
