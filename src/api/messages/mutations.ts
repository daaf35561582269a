import { useMutation } from '@tanstack/react-query';
import { postVisitMessage } from './requests';
import type { PostMessageInput } from './schemas';

/**
 * POST a message. Never retried by the client (a lost answer may mean the message was stored);
 * the thread controller reconciles unknown outcomes by re-reading the thread first.
 */
export function usePostVisitMessage(visitId: string) {
  return useMutation({
    mutationKey: ['messages', 'post', visitId],
    mutationFn: (input: PostMessageInput) => postVisitMessage(visitId, input),
    retry: false,
  });
}
