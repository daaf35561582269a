import { displayName } from '@/api/users/display-name';
import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { useParams } from 'react-router';
import { userQueries } from '@/api/users/queries';
import { ErrorState, Spinner } from '@/components/feedback/status';
import { Page } from '@/components/layout/page';
import { DocumentsPanel } from '@/features/documents';
import { InsurancePanel } from '@/features/insurance';

/**
 * A patient's record for providers (and clinic admins, who may use the provider area). Its
 * Documents tab is the patient's own documents list; uploads there target the patient.
 */
export function Component() {
  const { patientId = '' } = useParams();
  const me = useQuery(userQueries.me());
  const patient = useQuery({ ...userQueries.detail(patientId), enabled: patientId !== '' });
  const tabId = useId();
  const panelId = useId();
  const insuranceId = useId();
  const name = displayName(patient.data, '');

  return (
    <Page title={name ? `Patient: ${name}` : 'Patient record'}>
      {patient.isError ? (
        <ErrorState
          error={patient.error}
          title="We could not load this patient"
          onRetry={() => void patient.refetch()}
        />
      ) : null}
      {me.isPending || patient.isPending ? <Spinner /> : null}
      {me.isError ? <ErrorState error={me.error} onRetry={() => void me.refetch()} /> : null}
      {me.data && patient.data ? (
        <>
          <div role="tablist" aria-label="Patient record" className="record-tabs">
            <button
              type="button"
              role="tab"
              id={tabId}
              aria-selected="true"
              aria-controls={panelId}
              className="btn btn-secondary"
            >
              Documents
            </button>
          </div>
          <div role="tabpanel" id={panelId} aria-labelledby={tabId}>
            <DocumentsPanel
              patientId={patient.data.id}
              viewerId={me.data.id}
              heading="Documents on this record"
            />
          </div>
          <section aria-labelledby={insuranceId}>
            <h2 id={insuranceId}>Insurance</h2>
            <InsurancePanel userId={patient.data.id} canEdit={false} />
          </section>
        </>
      ) : null}
    </Page>
  );
}
