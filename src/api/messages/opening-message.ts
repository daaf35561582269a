import { useMutation, useQueryClient } from '@tanstack/react-query';
import { messageQueries } from './queries';
import { listVisitMessages, postVisitMessage } from '@telehealth/client/messages/requests';
import type { PostMessageInput } from '@telehealth/client/messages/schemas';

/**
 * Posts the first message of a thread the caller has just opened (a new e-consult), unless the
 * thread holds one already: a retry after a post whose answer was lost does not say it twice. The
 * thread is read first (`limit=1`; `total_count` says whether anything is there). Answers whether
 * this call posted it.
 */
export async function postOpeningMessage(visitId: string, input: PostMessageInput): Promise<boolean> {
  const thread = await listVisitMessages(visitId, { limit: 1 });
  if (thread.total_count > 0) return false;
  await postVisitMessage(visitId, input);
  return true;
}

/** `postOpeningMessage` as a mutation; the thread's cached reads are dropped so its page reads it fresh. */
export function usePostOpeningMessage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ visitId, input }: { visitId: string; input: PostMessageInput }) =>
      postOpeningMessage(visitId, input),
    onSuccess: async (_posted, { visitId }) => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: messageQueries.firstPage(visitId).queryKey }),
        queryClient.invalidateQueries({ queryKey: messageQueries.latest(visitId).queryKey }),
      ]);
    },
  });
}
