import { Link, useParams } from 'react-router';
import { QueryStale } from '@/components/feedback/query-state';
import { Spinner } from '@/components/feedback/status';
import { Page } from '@/components/layout/page';
import { paths } from '@/config/paths';
import { visitKindOf, VISIT_KIND_TITLE } from '@/api/visits/kinds';
import { IntakeAttachments, PreCallCheck, VisitLoadError, useVisit, WaitingRoom } from '@/features/visits';
import { VISIT_STATUS } from '@/api/visits/schemas';
import { VisitExtraPanels } from '../compose/visit-panels';

/** The visit page and waiting room; the address is the visit's, so a reload or new tab returns here. */
export function Component() {
  const id = useParams().id ?? '';
  const visit = useVisit(id);
  if (visit.isPending) return <Spinner label="Loading your visit…" />;
  if (visit.isError && !visit.data) {
    return <VisitLoadError query={visit} backTo={paths.patient.visits()} backLabel="All your visits" />;
  }
  const data = visit.data;
  return (
    <Page title={VISIT_KIND_TITLE[visitKindOf(data)]}>
      <QueryStale query={visit} />
      <WaitingRoom visit={data} />
      {visitKindOf(data) !== 'econsult' &&
      (data.status === VISIT_STATUS.pending || data.status === VISIT_STATUS.confirmed) ? (
        <PreCallCheck />
      ) : null}
      <IntakeAttachments visitId={data.id} />
      <VisitExtraPanels visit={data} viewer="patient" />
      <p>
        <Link to={paths.patient.visits()}>All your visits</Link>
      </p>
    </Page>
  );
}
