import { t } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { userQueries } from '@/api/users/queries';
import { Page } from '@/components/layout/page';
import { Button } from '@/components/ui/button';
import { AdminTokenForm, useAdminToken } from '@/features/admin';
import { useAdminAccess } from '@/features/auth';
import { useSessionStore } from '@/lib/session';

/**
 * ADMIN endpoints take the clinic admin API token, not a user session (spec section 5). It is
 * kept in memory for this tab only and forgotten at sign-out. Where the server cannot say who
 * administers (`ask`), the token is tried at once with the smallest ADMIN read (one user): the
 * server's acceptance is what opens the rest of the area, and a refusal asks again.
 */
export function Component() {
  const store = useSessionStore();
  const { token, refused } = useAdminToken();
  const access = useAdminAccess();
  const check = useQuery({
    ...userQueries.list({ limit: 1, fields: ['id'] }),
    enabled: token !== null && access === 'ask',
    retry: false,
  });
  return (
    <Page title={t`Clinic administration`}>
      {token !== null ? (
        <div className="card">
          {access === 'ask' && check.isError ? (
            <p role="alert">
              <Trans>The clinic admin API token could not be checked.</Trans> {check.error.userMessage}{' '}
              <Button variant="link" onClick={() => void check.refetch()}>
                <Trans>Try again</Trans>
              </Button>
            </p>
          ) : (
            <p role="status">
              {access === 'ask'
                ? t`Checking the clinic admin API token…`
                : t`The clinic admin API token is set for this tab.`}
            </p>
          )}
          <Button variant="secondary" onClick={() => store.setAdminToken(null)}>
            <Trans>Forget the token</Trans>
          </Button>
        </div>
      ) : (
        <AdminTokenForm what={t`Administration`} refused={refused} />
      )}
    </Page>
  );
}
