import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { watchConnection } from './connection';
import { isTransient, type ApiError } from './errors';

declare module '@tanstack/react-query' {
  interface Register {
    defaultError: ApiError;
  }
}

export interface QueryClientHooks {
  /** Called once per failed query or mutation; the session module listens for 401/session here. */
  onError?: (error: ApiError) => void;
}

/**
 * Reads retry transient failures (network, timeout, 5xx) up to three times with backoff;
 * a 4xx or a contract error is final. Writes never retry on their own: a POST whose answer
 * was lost may already have been applied.
 */
export function createQueryClient(hooks: QueryClientHooks = {}): QueryClient {
  watchConnection();
  return new QueryClient({
    queryCache: new QueryCache({ onError: (error) => hooks.onError?.(error) }),
    mutationCache: new MutationCache({ onError: (error) => hooks.onError?.(error) }),
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        gcTime: 5 * 60_000,
        retry: (failureCount, error) => isTransient(error) && failureCount < 3,
        retryDelay: (attempt) => Math.min(1000 * 2 ** attempt, 10_000),
        refetchOnWindowFocus: true,
      },
      mutations: {
        retry: false,
      },
    },
  });
}
