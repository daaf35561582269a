import { displayName } from '@/api/users/display-name';
import { useQuery } from '@tanstack/react-query';
import { Link, useParams } from 'react-router';
import { visitQueries } from '@/api/visits/queries';
import { VISIT_SUBTYPE } from '@/api/visits/schemas';
import { visitStatusWords } from '@/api/visits/kinds';
import { Spinner, StaleBanner } from '@/components/feedback/status';
import { Page } from '@/components/layout/page';
import { paths } from '@/config/paths';
import { VisitLoadError } from '@/features/visits';
import { formatDateTime } from '@/lib/dates';
import { useViewerTimeZone } from '@/lib/use-time-zone';
import { VisitExtraPanels } from '../compose/visit-panels';

/** A provider's view of one visit; for an e-consult, its message thread, where they reply. */
export function Component() {
  const id = useParams().id ?? '';
  const visit = useQuery(visitQueries.detail(id));
  const zone = useViewerTimeZone();
  if (visit.isPending) return <Spinner label="Loading the visit…" />;
  if (visit.isError && !visit.data) {
    return (
      <VisitLoadError
        error={visit.error}
        onRetry={() => void visit.refetch()}
        backTo={paths.provider.visits()}
        backLabel="All visits"
      />
    );
  }
  const data = visit.data;
  const isEconsult = data.subtype === VISIT_SUBTYPE.econsult;
  const patient = displayName(data.member, '');
  return (
    <Page title={isEconsult ? 'E-consult' : 'Visit'}>
      {visit.isError ? <StaleBanner onRetry={() => void visit.refetch()} /> : null}
      <dl className="visit-facts">
        <dt>Patient</dt>
        <dd>
          <bdi>{patient || 'Not shown'}</bdi>
        </dd>
        <dt>Status</dt>
        <dd>{visitStatusWords(data)}</dd>
        {data.created ? (
          <>
            <dt>Requested</dt>
            <dd>{formatDateTime(data.created, zone)}</dd>
          </>
        ) : null}
      </dl>
      {data.member_id ? (
        <p>
          <Link to={paths.provider.patient(data.member_id)}>
            Open the patient’s chart (health record, prescriptions, documents)
          </Link>
        </p>
      ) : null}
      <VisitExtraPanels visit={data} viewer="provider" />
      {isEconsult ? null : <p>This visit has no message thread.</p>}
      <p>
        <Link to={paths.provider.visits()}>All visits</Link>
      </p>
    </Page>
  );
}
