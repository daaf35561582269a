import { t } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import { useId } from 'react';
import type { Intake } from '@telehealth/client/intakes/schemas';
import { customValue } from '@/wizard';
import { VISIT_PHARMACY_FIELDS } from './visit-pharmacy';

/**
 * The pharmacy chosen for one visit (the `pharmacy` step keeps it on the visit's intake), for the
 * visit page of the patient and of the care team; says so plainly when none was chosen.
 */
export function VisitPharmacyPanel({ intake }: { intake: Intake | null | undefined }) {
  const headingId = useId();
  const summary = customValue(intake, VISIT_PHARMACY_FIELDS.summary)?.trim();
  return (
    <section className="card" aria-labelledby={headingId}>
      <h2 id={headingId}>
        <Trans>Pharmacy for this visit</Trans>
      </h2>
      <p>{summary ? <bdi>{summary}</bdi> : t`No pharmacy was chosen for this visit.`}</p>
    </section>
  );
}
