import { Page } from '@/components/layout/page';
import { Button } from '@/components/ui/button';
import { AdminTokenForm, useAdminToken } from '@/features/admin';
import { useSessionStore } from '@/lib/session';

/**
 * ADMIN endpoints take the clinic admin API token, not a user session (spec section 5). It is
 * kept in memory for this tab only and forgotten at sign-out.
 */
export function Component() {
  const store = useSessionStore();
  const { token, refused } = useAdminToken();
  return (
    <Page title="Clinic administration">
      {token !== null ? (
        <div className="card">
          <p role="status">The clinic admin API token is set for this tab.</p>
          <Button variant="secondary" onClick={() => store.setAdminToken(null)}>
            Forget the token
          </Button>
        </div>
      ) : (
        <AdminTokenForm what="Administration" refused={refused} />
      )}
    </Page>
  );
}
