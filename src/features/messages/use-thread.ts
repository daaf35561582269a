import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState, useSyncExternalStore } from 'react';
import { messageQueries } from '@/api/messages/queries';
import { listVisitMessages, postVisitMessage } from '@/api/messages/requests';
import type { VisitMessage } from '@/api/messages/schemas';
import { useSessionStore } from '@/lib/session';
import { ThreadController, type ThreadSnapshot } from './thread-controller';

type CachedThread = Pick<ThreadSnapshot, 'messages' | 'start' | 'total'>;

export interface UseThreadOptions {
  onIncoming?: (messages: VisitMessage[]) => void;
  onConfirmed?: (content: string) => void;
}

/**
 * One live thread per mounted panel. It polls only while the page is visible, catches up on
 * focus, treats input on the page as activity, and stops on unmount and sign-out. What it holds
 * is kept in the query cache (so returning to the page shows it at once, and sign-out clears it);
 * on 403/404 that entry is removed.
 */
export function useThread(visitId: string, selfId: string, options: UseThreadOptions = {}) {
  const queryClient = useQueryClient();
  const session = useSessionStore();

  const [controller] = useState(() => {
    const key = messageQueries.thread(visitId);
    // The cached thread is replaced, never compared: comparing 10,000 messages deeply on every poll
    // would make each poll cost as much as the thread is long.
    queryClient.setQueryDefaults(messageQueries.threads(), { structuralSharing: false });
    const initial = queryClient.getQueryData<CachedThread>(key) ?? null;
    let stored: CachedThread | null = initial;
    return new ThreadController({
      selfId,
      initial,
      list: (params, signal) => listVisitMessages(visitId, params, { signal }),
      post: (input) => postVisitMessage(visitId, input),
      firstPage: () => {
        // Taken once: a later first load (after a failure) asks the server afresh.
        const first = messageQueries.firstPage(visitId);
        return queryClient
          .fetchQuery(first)
          .finally(() => queryClient.removeQueries({ queryKey: first.queryKey, exact: true }));
      },
      onChange: (snapshot) => {
        if (snapshot.block === 'forbidden' || snapshot.block === 'not-found') {
          stored = null;
          queryClient.removeQueries({ queryKey: key, exact: true });
        } else if (
          snapshot.phase === 'ready' &&
          (stored?.messages !== snapshot.messages ||
            stored.start !== snapshot.start ||
            stored.total !== snapshot.total)
        ) {
          // Only when what is kept changed (a poll with nothing new changes nothing here).
          stored = { messages: snapshot.messages, start: snapshot.start, total: snapshot.total };
          queryClient.setQueryData<CachedThread>(key, stored);
        }
      },
    });
  });

  useEffect(() => {
    controller.setHandlers({ onIncoming: options.onIncoming, onConfirmed: options.onConfirmed });
  }, [controller, options.onIncoming, options.onConfirmed]);

  useEffect(() => {
    const doc = typeof document !== 'undefined' ? document : null;
    controller.setVisible(doc ? doc.visibilityState !== 'hidden' : true);
    controller.start();
    const onVisibility = () => controller.setVisible(document.visibilityState !== 'hidden');
    const onFocus = () => controller.focus();
    const onActivity = () => controller.noteActivity();
    document.addEventListener('visibilitychange', onVisibility);
    window.addEventListener('focus', onFocus);
    window.addEventListener('keydown', onActivity, { passive: true });
    window.addEventListener('pointerdown', onActivity, { passive: true });
    const offSignOut = session.onSignOut(() => controller.stop());
    const offRestored = session.onRestored(() => controller.resumeAfterSession());
    return () => {
      controller.stop();
      offSignOut();
      offRestored();
      document.removeEventListener('visibilitychange', onVisibility);
      window.removeEventListener('focus', onFocus);
      window.removeEventListener('keydown', onActivity);
      window.removeEventListener('pointerdown', onActivity);
    };
  }, [controller, session]);

  const snapshot = useSyncExternalStore(controller.subscribe, controller.getSnapshot, controller.getSnapshot);
  return { controller, snapshot };
}
