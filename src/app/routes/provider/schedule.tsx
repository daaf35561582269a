import { useQuery } from '@tanstack/react-query';
import { userQueries } from '@/api/users/queries';
import { QueryState } from '@/components/feedback/query-state';
import { Page } from '@/components/layout/page';
import { MySchedule } from '@/features/scheduling';
import { useViewerTimeZone } from '@/lib/use-time-zone';

/** The provider's appointments and open slots, in the provider's own zone. */
export function Component() {
  const me = useQuery(userQueries.me());
  const zone = useViewerTimeZone();
  return (
    <Page title="My schedule">
      <QueryState query={me}>{(user) => <MySchedule providerId={user.id} zone={zone} />}</QueryState>
    </Page>
  );
}
