import { useQuery } from '@tanstack/react-query';
import { userQueries } from '@/api/users/queries';
import { ErrorState, Spinner } from '@/components/feedback/status';
import { Page } from '@/components/layout/page';
import { MySchedule } from '@/features/scheduling';
import { useViewerTimeZone } from '@/lib/use-time-zone';

/** The provider's appointments and open slots, in the provider's own zone. */
export function Component() {
  const me = useQuery(userQueries.me());
  const zone = useViewerTimeZone();
  return (
    <Page title="My schedule">
      {me.isPending ? <Spinner /> : null}
      {me.isError ? <ErrorState error={me.error} onRetry={() => void me.refetch()} /> : null}
      {me.data ? <MySchedule providerId={me.data.id} zone={zone} /> : null}
    </Page>
  );
}
