import { queryOptions, type Query } from '@tanstack/react-query';
import { listVisitMessages } from '@telehealth/client/messages/requests';

/**
 * Keys of the message family. The live thread of a visit is kept under `thread(visitId)` by the
 * thread controller (it pages and polls with `skip`, which a plain query cannot express), which is
 * also the one place that sends messages.
 */
/** How many of the newest messages a thread opens with. */
export const MESSAGE_FIRST_PAGE_SIZE = 100;

export const messageQueries = {
  all: () => ['messages'] as const,
  threads: () => [...messageQueries.all(), 'thread'] as const,
  thread: (visitId: string) => [...messageQueries.threads(), visitId] as const,
  /**
   * The newest page of a thread, started by the visit page's loader as soon as the visit is known
   * to be an e-consult (at once when the visit is cached), so only a page with a thread asks for
   * it; the thread controller takes it (once) for its first load.
   * Not retried: the controller shows a failed first load with its own retry.
   */
  firstPage: (visitId: string) =>
    queryOptions({
      queryKey: [...messageQueries.all(), 'first-page', visitId],
      queryFn: ({ signal }) =>
        listVisitMessages(visitId, { sort: 'created:desc', limit: MESSAGE_FIRST_PAGE_SIZE }, { signal }),
      staleTime: 10_000,
      retry: false,
    }),
  /**
   * Every cached read of one visit's messages (the live thread, the first page, the newest
   * message), for invalidation when who takes part in the visit changes.
   */
  ofVisit: (visitId: string) => ({
    predicate: (query: Query) =>
      query.queryKey[0] === messageQueries.all()[0] && query.queryKey[2] === visitId,
  }),
  /** The newest message of a thread (`limit=1`, `sort=created:desc`) and the thread's total count. */
  latest: (visitId: string) =>
    queryOptions({
      queryKey: [...messageQueries.all(), 'latest', visitId],
      queryFn: ({ signal }) => listVisitMessages(visitId, { limit: 1, sort: 'created:desc' }, { signal }),
    }),
};
