import { t } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import { displayName } from '@telehealth/client/users/display-name';
import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { useParams } from 'react-router';
import { userQueries } from '@/api/users/queries';
import { PanelBoundary } from '@/components/feedback/panel-boundary';
import { QueryError } from '@/components/feedback/query-state';
import { Spinner } from '@/components/feedback/status';
import { Page } from '@/components/layout/page';
import { paths } from '@/config/paths';
import { DocumentsPanel } from '@/features/documents';
import { InsurancePanel } from '@/features/insurance';
import { PatientProfileSummary, PatientVisitHistory } from '@/features/visits';
import { useViewerTimeZone } from '@/lib/use-time-zone';

// The chart's later tabs load when opened: the page shows its first tab sooner.
const ProviderRecordPanel = lazy(() =>
  import('@/features/records').then((records) => ({ default: records.ProviderRecordPanel })),
);
const ProviderPharmacyPanel = lazy(() =>
  import('@/features/pharmacy').then((pharmacy) => ({ default: pharmacy.ProviderPharmacyPanel })),
);

interface ChartTab {
  key: string;
  label: string;
  render: () => ReactNode;
}

/**
 * A patient's chart for providers (and clinic admins, who may use the provider area): profile and
 * visit history, then one tab per feature that adds to the record. The record, prescriptions and
 * insurance tabs are added here, one entry in `tabs` each, as their features land.
 */
export function Component() {
  const { patientId = '' } = useParams();
  const me = useQuery(userQueries.me());
  const patient = useQuery({ ...userQueries.detail(patientId), enabled: patientId !== '' });
  const zone = useViewerTimeZone();
  const insuranceId = useId();
  const name = displayName(patient.data, '');

  const tabs: ChartTab[] = [
    {
      key: 'documents',
      label: t`Documents`,
      render: () =>
        me.data ? (
          <DocumentsPanel patientId={patientId} viewerId={me.data.id} heading={t`Documents on this record`} />
        ) : null,
    },
    {
      key: 'visits',
      label: t`Visits`,
      render: () => <PatientVisitHistory patientId={patientId} zone={zone} hrefFor={paths.provider.visit} />,
    },
    {
      key: 'record',
      label: t`Health record`,
      render: () => (me.data ? <ProviderRecordPanel patientId={patientId} viewerId={me.data.id} /> : null),
    },
    {
      key: 'prescriptions',
      label: t`Prescriptions and pharmacies`,
      render: () => <ProviderPharmacyPanel patientId={patientId} />,
    },
  ];

  return (
    <Page
      title={t`Patient record`}
      heading={
        name ? (
          <Trans>
            Patient: <bdi>{name}</bdi>
          </Trans>
        ) : (
          t`Patient record`
        )
      }
    >
      <QueryError query={patient} title={t`We could not load this patient`} />
      {me.isPending || patient.isPending ? <Spinner /> : null}
      <QueryError query={me} />
      {me.data && patient.data ? (
        <>
          <PanelBoundary title={t`The profile`}>
            <PatientProfileSummary patientId={patient.data.id} />
          </PanelBoundary>
          <ChartTabs tabs={tabs} />
          <section aria-labelledby={insuranceId}>
            <h2 id={insuranceId}>
              <Trans>Insurance</Trans>
            </h2>
            <PanelBoundary title={t`The insurance`}>
              <InsurancePanel userId={patient.data.id} canEdit={false} />
            </PanelBoundary>
          </section>
        </>
      ) : null}
    </Page>
  );
}

/** WAI-ARIA tabs: arrow keys, Home and End move between tabs; each panel fails alone. */
function ChartTabs({ tabs }: { tabs: ChartTab[] }) {
  const [selected, setSelected] = useState(tabs[0]?.key ?? '');
  const baseId = useId();
  const refs = useRef(new Map<string, HTMLButtonElement>());
  const active = tabs.find((each) => each.key === selected) ?? tabs[0];
  const onKeyDown = (event: KeyboardEvent) => {
    const index = tabs.findIndex((each) => each.key === selected);
    const next =
      event.key === 'ArrowRight'
        ? (index + 1) % tabs.length
        : event.key === 'ArrowLeft'
          ? (index - 1 + tabs.length) % tabs.length
          : event.key === 'Home'
            ? 0
            : event.key === 'End'
              ? tabs.length - 1
              : null;
    const tab = next === null ? undefined : tabs[next];
    if (!tab) return;
    event.preventDefault();
    setSelected(tab.key);
    refs.current.get(tab.key)?.focus();
  };
  if (!active) return null;
  return (
    <>
      <div role="tablist" aria-label={t`Patient record`} className="record-tabs" onKeyDown={onKeyDown}>
        {tabs.map((tab) => (
          <button
            key={tab.key}
            ref={(node) => {
              if (node) refs.current.set(tab.key, node);
            }}
            type="button"
            role="tab"
            id={`${baseId}-tab-${tab.key}`}
            aria-selected={tab.key === active.key}
            aria-controls={`${baseId}-panel-${tab.key}`}
            tabIndex={tab.key === active.key ? 0 : -1}
            className={`btn ${tab.key === active.key ? 'btn-primary' : 'btn-secondary'}`}
            onClick={() => setSelected(tab.key)}
          >
            {tab.label}
          </button>
        ))}
      </div>
      <div
        role="tabpanel"
        id={`${baseId}-panel-${active.key}`}
        aria-labelledby={`${baseId}-tab-${active.key}`}
      >
        <PanelBoundary title={active.label}>
          <Suspense fallback={<Spinner />}>{active.render()}</Suspense>
        </PanelBoundary>
      </div>
    </>
  );
}
