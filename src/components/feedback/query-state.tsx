import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { ErrorState, Spinner, StaleBanner } from './status';

/** What the three states need from a query (a `useQuery` or `useInfiniteQuery` result). */
type Query<T> = Pick<UseQueryResult<T>, 'data' | 'error' | 'isError' | 'isPending' | 'refetch'>;

export interface QueryStateProps<T> {
  query: Query<T>;
  /** What is loading, spoken to screen readers ("Loading your visit…"). */
  label?: string;
  /** Skeleton lines while loading. */
  lines?: number;
  /** The heading of the failure ("We couldn't load your visit"). */
  errorTitle?: string;
  /** Shown instead of `children` when the answer is empty (`isEmpty`). */
  empty?: ReactNode;
  isEmpty?: (data: T) => boolean;
  children: (data: T) => ReactNode;
}

/**
 * The one way a page or panel shows a read: a skeleton while loading (or "offline" while paused),
 * the failure with "Try again" when there is nothing to show, the last copy with a quiet "could not
 * refresh" banner when a refresh failed, the empty state, or the data.
 */
export function QueryState<T>({
  query,
  label,
  lines,
  errorTitle,
  empty,
  isEmpty,
  children,
}: QueryStateProps<T>) {
  if (query.data !== undefined) {
    const data = query.data;
    return (
      <>
        {query.isError ? <StaleBanner onRetry={retryOf(query)} /> : null}
        {empty !== undefined && isEmpty?.(data) ? empty : children(data)}
      </>
    );
  }
  if (query.isError) return <QueryError query={query} title={errorTitle} />;
  return <Spinner label={label} lines={lines} />;
}

type Failing = Pick<Query<unknown>, 'error' | 'isError' | 'refetch'>;

/**
 * The failure of a read that sits beside other content (a second list on a page), or of any of
 * several reads shown together: nothing while they are fine, the first failure with "Try again"
 * (which reads again what failed) otherwise. `retry={false}` for a failure retrying cannot mend.
 */
export function QueryError({
  query,
  title,
  retry = true,
  children,
}: {
  query: Failing | readonly Failing[];
  title?: string;
  retry?: boolean;
  children?: ReactNode;
}) {
  const queries: readonly Failing[] = Array.isArray(query) ? query : [query as Failing];
  const failed = queries.find((each) => each.isError);
  if (!failed) return null;
  return (
    <ErrorState error={failed.error} title={title} onRetry={retry ? retryFailed(queries) : undefined}>
      {children}
    </ErrorState>
  );
}

/** Reads again every one of `queries` that failed. */
export function retryFailed(queries: readonly Pick<Failing, 'isError' | 'refetch'>[]): () => void {
  return () => queries.filter((each) => each.isError).forEach((each) => void each.refetch());
}

/** A quiet "could not refresh" banner over data still on screen, while its refresh failed. */
export function QueryStale({ query }: { query: Pick<Query<unknown>, 'isError' | 'refetch'> }) {
  return query.isError ? <StaleBanner onRetry={retryOf(query)} /> : null;
}

function retryOf(query: Pick<Query<unknown>, 'refetch'>): () => void {
  return () => void query.refetch();
}
