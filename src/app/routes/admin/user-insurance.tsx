import { useQuery } from '@tanstack/react-query';
import { Link, useParams } from 'react-router';
import { userQueries } from '@/api/users/queries';
import { ErrorState, Spinner } from '@/components/feedback/status';
import { Page } from '@/components/layout/page';
import { paths } from '@/config/paths';
import { InsurancePanel } from '@/features/insurance';
import { AdminTokenGate } from './admin-token-gate';

/** A patient's insurance cards, viewed and edited with the clinic admin token (spec 4.8). */
export function Component() {
  const { userId = '' } = useParams();
  const user = useQuery({ ...userQueries.detail(userId), enabled: userId !== '' });
  const name =
    user.data?.full_name || [user.data?.first_name, user.data?.last_name].filter(Boolean).join(' ');
  return (
    // The tab title stays generic: a patient's name never goes there.
    <Page title="Patient insurance">
      <p>
        <Link to={paths.admin.users()}>Back to users</Link>
      </p>
      {user.isPending ? <Spinner /> : null}
      {user.isError ? <ErrorState error={user.error} onRetry={() => void user.refetch()} /> : null}
      {name ? <h2>{name}</h2> : null}
      <AdminTokenGate what="Editing a patient's insurance">
        <InsurancePanel userId={userId} auth="admin" />
      </AdminTokenGate>
    </Page>
  );
}
