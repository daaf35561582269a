import { queryOptions } from '@tanstack/react-query';
import { listVisitMessages } from './requests';
import type { VisitMessageListParams } from './schemas';

/**
 * Keys of the message family. The live thread of a visit is kept under `thread(visitId)` by the
 * thread controller (it pages and polls with `skip`, which a plain query cannot express); `page`
 * is an ordinary read of one page for anything that needs just that.
 */
export const messageQueries = {
  all: () => ['messages'] as const,
  threads: () => [...messageQueries.all(), 'thread'] as const,
  thread: (visitId: string) => [...messageQueries.threads(), visitId] as const,
  page: (visitId: string, params: VisitMessageListParams) =>
    queryOptions({
      queryKey: [...messageQueries.all(), 'page', visitId, params],
      queryFn: ({ signal }) => listVisitMessages(visitId, params, { signal }),
    }),
};
