import { t } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { Link, useParams } from 'react-router';
import { userQueries } from '@/api/users/queries';
import { QueryState } from '@/components/feedback/query-state';
import { Page } from '@/components/layout/page';
import { paths } from '@/config/paths';
import { InsurancePanel } from '@/features/insurance';
import { AdminTokenGate } from './admin-token-gate';

/** A patient's insurance cards, viewed and edited with the clinic admin token (spec 4.8). */
export function Component() {
  const { userId = '' } = useParams();
  const user = useQuery({ ...userQueries.detail(userId), enabled: userId !== '' });
  return (
    // The tab title stays generic: a patient's name never goes there.
    <Page title={t`Patient insurance`}>
      <p>
        <Link to={paths.admin.users()}>
          <Trans>Back to users</Trans>
        </Link>
      </p>
      <QueryState query={user}>
        {(data) => {
          const name = data.full_name || [data.first_name, data.last_name].filter(Boolean).join(' ');
          return name ? <h2>{name}</h2> : null;
        }}
      </QueryState>
      <AdminTokenGate what={t`Editing a patient's insurance`}>
        <InsurancePanel userId={userId} auth="admin" />
      </AdminTokenGate>
    </Page>
  );
}
