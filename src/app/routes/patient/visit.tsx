import { t } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import { lazy, Suspense } from 'react';
import { Link, useParams } from 'react-router';
import { QueryStale } from '@/components/feedback/query-state';
import { PanelBoundary } from '@/components/feedback/panel-boundary';
import { Spinner } from '@/components/feedback/status';
import { Page } from '@/components/layout/page';
import { paths } from '@/config/paths';
import { visitKindOf, VISIT_KIND_TITLE } from '@telehealth/client/visits/kinds';
import {
  IntakeAttachments,
  PreCallCheck,
  VisitEnd,
  VisitLoadError,
  useVisit,
  WaitingRoom,
} from '@/features/visits';
import type { VisitSurveyProps } from '@/features/surveys';
import { VISIT_STATUS } from '@telehealth/client/visits/schemas';
import { VisitExtraPanels } from '../compose/visit-panels';

/**
 * The clinic's survey about a completed visit, asked with the intake's generic form (features do
 * not import each other, so the two meet here). Loaded only when a completed visit shows it: the
 * waiting room's first load does not carry the form code.
 */
const VisitSurvey = lazy(async () => {
  const [surveys, intake] = await Promise.all([import('@/features/surveys'), import('@/features/intake')]);
  function ComposedVisitSurvey(props: Omit<VisitSurveyProps, 'Form'>) {
    return <surveys.VisitSurvey {...props} Form={intake.GenericFormStep} />;
  }
  return { default: ComposedVisitSurvey };
});

/** The visit page and waiting room; the address is the visit's, so a reload or new tab returns here. */
export function Component() {
  const id = useParams().id ?? '';
  const visit = useVisit(id);
  if (visit.isPending) return <Spinner label={t`Loading your visit…`} />;
  if (visit.isError && !visit.data) {
    return <VisitLoadError query={visit} backTo={paths.patient.visits()} backLabel={t`All your visits`} />;
  }
  const data = visit.data;
  return (
    <Page title={VISIT_KIND_TITLE[visitKindOf(data)]}>
      <QueryStale query={visit} />
      <WaitingRoom visit={data} />
      <VisitEnd
        visit={data}
        survey={({ headingRef }) => (
          <PanelBoundary title={t`The survey`}>
            <Suspense fallback={<Spinner label={t`Loading the survey…`} />}>
              <VisitSurvey visit={data} headingRef={headingRef} />
            </Suspense>
          </PanelBoundary>
        )}
      />
      {visitKindOf(data) !== 'econsult' &&
      (data.status === VISIT_STATUS.pending || data.status === VISIT_STATUS.confirmed) ? (
        <PreCallCheck />
      ) : null}
      <IntakeAttachments visitId={data.id} />
      <VisitExtraPanels visit={data} viewer="patient" />
      <p>
        <Link to={paths.patient.visits()}>
          <Trans>All your visits</Trans>
        </Link>
      </p>
    </Page>
  );
}
