import { t } from '@lingui/core/macro';
import { useQuery } from '@tanstack/react-query';
import { userQueries } from '@/api/users/queries';
import { QueryState } from '@/components/feedback/query-state';
import { Page } from '@/components/layout/page';
import { InsurancePanel } from '@/features/insurance';

/** The patient's insurance: primary and secondary cards, their photos and the coverage check. */
export function Component() {
  const me = useQuery(userQueries.me());
  return (
    <Page title={t`Insurance`}>
      <QueryState query={me}>{(user) => <InsurancePanel userId={user.id} />}</QueryState>
    </Page>
  );
}
