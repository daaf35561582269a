import type { QueryClient } from '@tanstack/react-query';
import type { SessionStore } from '@/lib/session';

/** What route loaders need: the query client to warm, the session to check. */
export interface AppContext {
  queryClient: QueryClient;
  session: SessionStore;
}
