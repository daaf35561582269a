import { Link, useParams } from 'react-router';
import { isApiError } from '@/api/errors';
import { ErrorState, Spinner, StaleBanner } from '@/components/feedback/status';
import { Page } from '@/components/layout/page';
import { paths } from '@/config/paths';
import { useVisit } from '@/features/visits/use-visit';
import { visitKind, VISIT_KIND_TITLE } from '@/features/visits/visit-kind';
import { WaitingRoom } from '@/features/visits/waiting-room';
import { VisitExtraPanels } from '../compose/visit-panels';

/** The visit page and waiting room; the address is the visit's, so a reload or new tab returns here. */
export function Component() {
  const id = useParams().id ?? '';
  const visit = useVisit(id);
  if (visit.isPending) return <Spinner label="Loading your visit…" />;
  if (visit.isError && !visit.data) {
    const status = isApiError(visit.error) ? visit.error.status : null;
    const gone = status === 404 || status === 403;
    return (
      <Page title={gone ? 'Visit not found' : 'Visit'}>
        <ErrorState
          error={visit.error}
          title={gone ? 'We couldn’t find this visit' : 'We couldn’t load this visit'}
          onRetry={gone ? undefined : () => void visit.refetch()}
        >
          <p>
            <Link to={paths.patient.visits()}>All your visits</Link>
          </p>
        </ErrorState>
      </Page>
    );
  }
  const data = visit.data;
  return (
    <Page title={VISIT_KIND_TITLE[visitKind(data)]}>
      {visit.isError ? <StaleBanner onRetry={() => void visit.refetch()} /> : null}
      <WaitingRoom visit={data} />
      <VisitExtraPanels visit={data} viewer="patient" />
      <p>
        <Link to={paths.patient.visits()}>All your visits</Link>
      </p>
    </Page>
  );
}
