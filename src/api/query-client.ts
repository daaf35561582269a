import { MutationCache, QueryCache, QueryClient, replaceEqualDeep } from '@tanstack/react-query';
import { droppedRows, markDroppedRows } from '@telehealth/client/common/dropped-rows';
import { watchConnection } from './connection';
import { isTransient, type ApiError } from '@telehealth/client/errors';

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
 * Structural sharing keeps unchanged parts of a refetched answer as they were, which can hand back
 * a copied or an older array; the count of rows a tolerant list left out (`droppedRows`) must follow
 * the new answer, so it is copied onto whatever array stands in for each list.
 */
function carryDroppedRows(next: unknown, shared: unknown): void {
  if (next === shared || typeof next !== 'object' || next === null) return;
  if (typeof shared !== 'object' || shared === null) return;
  if (Array.isArray(next) && Array.isArray(shared)) {
    if (droppedRows(next) !== droppedRows(shared)) markDroppedRows(shared, droppedRows(next));
    next.forEach((item, index) => carryDroppedRows(item, shared[index]));
    return;
  }
  if (Array.isArray(next) || Array.isArray(shared)) return;
  for (const [key, value] of Object.entries(next)) {
    carryDroppedRows(value, (shared as Record<string, unknown>)[key]);
  }
}

export function shareAnswers(previous: unknown, next: unknown): unknown {
  const shared = replaceEqualDeep(previous, next);
  carryDroppedRows(next, shared);
  return shared;
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
        structuralSharing: shareAnswers,
      },
      mutations: {
        retry: false,
      },
    },
  });
}
