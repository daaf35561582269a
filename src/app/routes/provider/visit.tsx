import { t } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { Link, useParams } from 'react-router';
import { userQueries } from '@/api/users/queries';
import { VISIT_KIND_TITLE, visitKindOf } from '@telehealth/client/visits/kinds';
import { PanelBoundary } from '@/components/feedback/panel-boundary';
import { QueryStale } from '@/components/feedback/query-state';
import { Spinner } from '@/components/feedback/status';
import { Page } from '@/components/layout/page';
import { paths } from '@/config/paths';
import {
  IntakeAttachments,
  IntakeSummary,
  ProviderJoinPanel,
  ProviderVisitHeader,
  useVisit,
  VisitActions,
  VisitLoadError,
} from '@/features/visits';
import { useViewerTimeZone } from '@/lib/use-time-zone';
import { VisitExtraPanels } from '../compose/visit-panels';

/**
 * A provider's visit page: who and what, the actions (take, start, complete, cancel), the intake
 * answers and attachments, and the panels other features add (each fails alone).
 */
export function Component() {
  const id = useParams().id ?? '';
  const visit = useVisit(id);
  const me = useQuery(userQueries.me());
  const zone = useViewerTimeZone();
  if (visit.isPending) return <Spinner label={t`Loading the visit…`} />;
  if (visit.isError && !visit.data) {
    return (
      <VisitLoadError query={visit} backTo={paths.provider.home()} backLabel={t`Back to the dashboard`} />
    );
  }
  const data = visit.data;
  return (
    <Page title={VISIT_KIND_TITLE[visitKindOf(data)]}>
      <QueryStale query={visit} />
      <ProviderVisitHeader visit={data} zone={zone} />
      {data.member_id ? (
        <p>
          <Link to={paths.provider.patient(data.member_id)}>
            <Trans>Open the patient’s chart</Trans>
          </Link>
        </p>
      ) : null}
      {me.data ? <VisitActions visit={data} providerId={me.data.id} /> : null}
      <ProviderJoinPanel visit={data} />
      {data.intake ? (
        <PanelBoundary title={t`The intake answers`}>
          <IntakeSummary intake={data.intake} roomCode={data.room_code} zone={zone} />
        </PanelBoundary>
      ) : null}
      <PanelBoundary title={t`The attachments`}>
        <IntakeAttachments visitId={data.id} />
      </PanelBoundary>
      <VisitExtraPanels visit={data} viewer="provider" />
      <p>
        <Link to={paths.provider.home()}>
          <Trans>Back to the dashboard</Trans>
        </Link>
      </p>
    </Page>
  );
}
