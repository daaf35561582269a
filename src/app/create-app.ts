import { configureAuth } from '@telehealth/client/http';
import { configurePortalClient } from '@/api/portal-client';
import { createQueryClient } from '@/api/query-client';
import { createSessionStore } from '@/lib/session';
import type { AppContext } from './context';

/**
 * Wires the session into the HTTP layer and the query client. Errors reach the session once,
 * through the query client's callbacks; signing out clears every cache.
 */
export function createAppContext(storage?: Storage | null): AppContext {
  const session = createSessionStore(storage);
  const queryClient = createQueryClient({
    onError: (error) => {
      if (error.kind === 'session') session.expire();
    },
  });
  session.onSignOut(() => {
    void queryClient.cancelQueries();
    queryClient.clear();
  });
  configurePortalClient();
  configureAuth(session);
  return { queryClient, session };
}
