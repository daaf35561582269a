import { queryOptions } from '@tanstack/react-query';
import { listVisitMessages } from './requests';

/**
 * Keys of the message family. The live thread of a visit is kept under `thread(visitId)` by the
 * thread controller (it pages and polls with `skip`, which a plain query cannot express), which is
 * also the one place that sends messages.
 */
export const messageQueries = {
  all: () => ['messages'] as const,
  threads: () => [...messageQueries.all(), 'thread'] as const,
  thread: (visitId: string) => [...messageQueries.threads(), visitId] as const,
  /** The newest message of a thread (`limit=1`, `sort=created:desc`) and the thread's total count. */
  latest: (visitId: string) =>
    queryOptions({
      queryKey: [...messageQueries.all(), 'latest', visitId],
      queryFn: ({ signal }) => listVisitMessages(visitId, { limit: 1, sort: 'created:desc' }, { signal }),
    }),
};
