import { t } from '@lingui/core/macro';
import { useQuery } from '@tanstack/react-query';
import { userQueries } from '@/api/users/queries';
import { QueryState } from '@/components/feedback/query-state';
import { Page } from '@/components/layout/page';
import { paths } from '@/config/paths';
import { MyPatients } from '@/features/visits';
import { useViewerTimeZone } from '@/lib/use-time-zone';

/** "My patients": built from the provider's visits; each leads to the patient's chart. */
export function Component() {
  const me = useQuery(userQueries.me());
  const zone = useViewerTimeZone();
  return (
    <Page title={t`My patients`}>
      <QueryState query={me}>
        {(user) => <MyPatients providerId={user.id} zone={zone} hrefFor={paths.provider.patient} />}
      </QueryState>
    </Page>
  );
}
