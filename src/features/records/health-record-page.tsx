import { t } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { userQueries } from '@/api/users/queries';
import { QueryState } from '@/components/feedback/query-state';
import { Page } from '@/components/layout/page';
import { RecordSections } from './record-sections';

/**
 * The patient's health record (spec 4.10): seven sections, each with when and by whom it was last
 * changed, each editable. `GET /emr/schema` is not used: the section forms follow spec 2.13 and
 * the server's refusals land on the field they name (docs/spec-decisions.md).
 */
export function HealthRecordPage() {
  const me = useQuery(userQueries.me());
  return (
    <Page title={t`Health record`}>
      <p className="page-intro">
        <Trans>
          What you tell us here is shared with the clinicians who care for you. Keep it up to date before each
          visit.
        </Trans>
      </p>
      <QueryState query={me}>
        {(profile) => <RecordSections userId="-" viewerId={profile.id} editable />}
      </QueryState>
    </Page>
  );
}

/** The whole record of a patient for their care team: read-only (docs/spec-decisions.md). */
export function ProviderRecordPanel({ patientId, viewerId }: { patientId: string; viewerId: string }) {
  return <RecordSections userId={patientId} viewerId={viewerId} editable={false} />;
}
