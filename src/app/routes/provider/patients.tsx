import { useQuery } from '@tanstack/react-query';
import { userQueries } from '@/api/users/queries';
import { ErrorState, Spinner } from '@/components/feedback/status';
import { Page } from '@/components/layout/page';
import { paths } from '@/config/paths';
import { MyPatients } from '@/features/visits';
import { useViewerTimeZone } from '@/lib/use-time-zone';

/** "My patients": built from the provider's visits; each leads to the patient's chart. */
export function Component() {
  const me = useQuery(userQueries.me());
  const zone = useViewerTimeZone();
  return (
    <Page title="My patients">
      {me.isPending ? <Spinner /> : null}
      {me.isError ? <ErrorState error={me.error} onRetry={() => void me.refetch()} /> : null}
      {me.data ? <MyPatients providerId={me.data.id} zone={zone} hrefFor={paths.provider.patient} /> : null}
    </Page>
  );
}
