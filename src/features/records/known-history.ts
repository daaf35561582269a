import { t } from '@lingui/core/macro';
import { emrQueries } from '@/api/emr/queries';
import type { EmrRecord } from '@telehealth/client/emr/schemas';
import { formatLocale } from '@/lib/locale';
import type { KnownAnswer, KnownContext, StepDefinition } from '@/wizard';
import { stepSections } from './medical-history-step';

/** A record looked over within this many days is current: the review confirms it instead of asking. */
const CURRENT_FOR_DAYS = 180;

/**
 * `medical_history` when the answer is known (issue 27): every section the step asks for was filled
 * in (or declined) and changed within the last 180 days. The review says so, and "Change" opens the
 * record's sections. Anything older or missing: the step asks. The step saves nothing on the intake.
 */
export async function knownMedicalHistory(ctx: KnownContext): Promise<KnownAnswer | null> {
  const record: EmrRecord = await ctx.queryClient.fetchQuery(emrQueries.record('-'));
  const names = stepSections(ctx.step);
  const now = Date.now() / 1000;
  let oldest = now;
  for (const name of names) {
    const section = record[name];
    const answered = section && (section.data !== null || section.data_not_reported === true);
    if (!answered || !section.modified) return null;
    oldest = Math.min(oldest, section.modified);
  }
  if (now - oldest > CURRENT_FOR_DAYS * 86_400) return null;
  const since = new Intl.DateTimeFormat(formatLocale(), { month: 'long', year: 'numeric' }).format(
    oldest * 1000,
  );
  return { summary: t`Your health record, up to date since ${since}`, patch: {} };
}

export const medicalHistorySummary: NonNullable<StepDefinition['summary']> = () =>
  t`Your health record, checked`;
