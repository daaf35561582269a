import { t } from '@lingui/core/macro';
import { useQuery } from '@tanstack/react-query';
import { useParams } from 'react-router';
import { visitQueries } from '@/api/visits/queries';
import { QueryStale } from '@/components/feedback/query-state';
import { Spinner } from '@/components/feedback/status';
import { Page } from '@/components/layout/page';
import { paths } from '@/config/paths';
import { AppointmentDetail } from '@/features/scheduling';
import { PreCallCheck, VisitLoadError } from '@/features/visits';
import { VISIT_STATUS } from '@telehealth/client/visits/schemas';
import { useViewerTimeZone } from '@/lib/use-time-zone';

/** One appointment: join window, calendar exports, change time, cancel. */
export function Component() {
  const id = useParams().id ?? '';
  const zone = useViewerTimeZone();
  const visit = useQuery(visitQueries.detail(id));
  if (visit.isPending) return <Spinner label={t`Loading your appointment…`} />;
  if (visit.isError && !visit.data) {
    return (
      <VisitLoadError
        query={visit}
        backTo={paths.patient.appointments()}
        backLabel={t`All your appointments`}
      />
    );
  }
  return (
    <Page title={t`Appointment`}>
      <QueryStale query={visit} />
      <AppointmentDetail visit={visit.data} zone={zone} />
      {/* Before a scheduled visit: the camera, microphone and speakers can be checked ahead of time. */}
      {visit.data.status === VISIT_STATUS.pending || visit.data.status === VISIT_STATUS.confirmed ? (
        <PreCallCheck />
      ) : null}
    </Page>
  );
}
