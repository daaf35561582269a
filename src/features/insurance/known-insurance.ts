import { t } from '@lingui/core/macro';
import { insuranceQueries } from '@/api/insurance/queries';
import type { InsuranceCard } from '@telehealth/client/insurance/schemas';
import { userQueries } from '@/api/users/queries';
import { customValue, type KnownAnswer, type KnownContext, type StepDefinition } from '@/wizard';
import { INSURANCE_INTAKE_FIELDS } from './insurance-step';

/** "Your insurance card, member ID ending 4821", never the whole number on a review. */
function cardSummary(card: InsuranceCard | undefined): string {
  const number = card?.subscriber_number?.toString().trim() ?? '';
  const ending = number.slice(-4);
  return number.length >= 4
    ? t`Your insurance card, member ID ending ${ending}`
    : t`Your insurance card, on file`;
}

/**
 * `insurance` when the answer is known (issue 27): a primary card on file is used, as "Use my
 * insurance cards on file" would; the review says which card, and "Change" opens the step (other
 * cards, a coverage check, or self-pay). No card on file: the step asks.
 */
export async function knownInsurance({ queryClient }: KnownContext): Promise<KnownAnswer | null> {
  const me = await queryClient.fetchQuery(userQueries.me());
  const cards = await queryClient.fetchQuery(insuranceQueries.cards(me.id));
  const primary = cards.find((c) => c.card_type === 'primary');
  if (!primary) return null;
  return {
    summary: cardSummary(primary),
    patch: {
      custom: {
        [INSURANCE_INTAKE_FIELDS.choice]: 'insurance',
        [INSURANCE_INTAKE_FIELDS.eligibilityJob]: '',
        [INSURANCE_INTAKE_FIELDS.eligibilityStatus]: '',
      },
    },
  };
}

export const insuranceSummary: NonNullable<StepDefinition['summary']> = (intake) => {
  const choice = customValue(intake, INSURANCE_INTAKE_FIELDS.choice);
  if (choice === 'self_pay') return t`No insurance: you pay yourself`;
  return choice === 'insurance' ? t`Your insurance cards on file` : null;
};
