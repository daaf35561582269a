import { useQuery } from '@tanstack/react-query';
import { userQueries } from '@/api/users/queries';
import { ErrorState, Spinner } from '@/components/feedback/status';
import { Page } from '@/components/layout/page';
import { InsurancePanel } from '@/features/insurance';

/** The patient's insurance: primary and secondary cards, their photos and the coverage check. */
export function Component() {
  const me = useQuery(userQueries.me());
  return (
    <Page title="Insurance">
      {me.isPending ? <Spinner /> : null}
      {me.isError ? <ErrorState error={me.error} onRetry={() => void me.refetch()} /> : null}
      {me.data ? <InsurancePanel userId={me.data.id} /> : null}
    </Page>
  );
}
