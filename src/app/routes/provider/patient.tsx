import { displayName } from '@/api/users/display-name';
import { useQuery } from '@tanstack/react-query';
import { useId, useRef, useState, type KeyboardEvent } from 'react';
import { useParams } from 'react-router';
import { userQueries } from '@/api/users/queries';
import { ErrorState, Spinner } from '@/components/feedback/status';
import { Page } from '@/components/layout/page';
import { DocumentsPanel } from '@/features/documents';
import { InsurancePanel } from '@/features/insurance';
import { ProviderPharmacyPanel } from '@/features/pharmacy';
import { ProviderRecordPanel } from '@/features/records';

const TABS = [
  { key: 'documents', label: 'Documents' },
  { key: 'record', label: 'Health record' },
  { key: 'prescriptions', label: 'Prescriptions and pharmacies' },
] as const;
type TabKey = (typeof TABS)[number]['key'];

/**
 * A patient's record for providers (and clinic admins, who may use the provider area): tabs the
 * features fill in. Documents uploads there target the patient; the health record, prescriptions
 * and pharmacies are read-only for the care team.
 */
export function Component() {
  const { patientId = '' } = useParams();
  const me = useQuery(userQueries.me());
  const patient = useQuery({ ...userQueries.detail(patientId), enabled: patientId !== '' });
  const baseId = useId();
  const [tab, setTab] = useState<TabKey>('documents');
  const tabRefs = useRef(new Map<TabKey, HTMLButtonElement>());
  const insuranceId = useId();
  const name = displayName(patient.data, '');

  // Arrow keys move between tabs (the ARIA tabs pattern); Tab goes into the panel.
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const index = TABS.findIndex((t) => t.key === tab);
    const step = event.key === 'ArrowRight' ? 1 : event.key === 'ArrowLeft' ? -1 : 0;
    const target =
      event.key === 'Home'
        ? TABS[0]
        : event.key === 'End'
          ? TABS[TABS.length - 1]
          : step
            ? TABS[(index + step + TABS.length) % TABS.length]
            : undefined;
    if (!target) return;
    event.preventDefault();
    setTab(target.key);
    tabRefs.current.get(target.key)?.focus();
  };

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
          <div role="tablist" aria-label="Patient record" className="record-tabs" onKeyDown={onKeyDown}>
            {TABS.map((t) => (
              <button
                key={t.key}
                ref={(element) => {
                  if (element) tabRefs.current.set(t.key, element);
                }}
                type="button"
                role="tab"
                id={`${baseId}-${t.key}-tab`}
                aria-selected={tab === t.key}
                aria-controls={`${baseId}-${t.key}-panel`}
                tabIndex={tab === t.key ? 0 : -1}
                className="btn btn-secondary"
                onClick={() => setTab(t.key)}
              >
                {t.label}
              </button>
            ))}
          </div>
          <div role="tabpanel" id={`${baseId}-${tab}-panel`} aria-labelledby={`${baseId}-${tab}-tab`}>
            {tab === 'documents' ? (
              <DocumentsPanel
                patientId={patient.data.id}
                viewerId={me.data.id}
                heading="Documents on this record"
              />
            ) : tab === 'record' ? (
              <ProviderRecordPanel patientId={patient.data.id} viewerId={me.data.id} />
            ) : (
              <ProviderPharmacyPanel patientId={patient.data.id} />
            )}
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
