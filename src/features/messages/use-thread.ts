import { hashKey, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState, useSyncExternalStore } from 'react';
import { messageQueries } from '@/api/messages/queries';
import { listVisitMessages, postVisitMessage } from '@telehealth/client/messages/requests';
import type { VisitMessage } from '@telehealth/client/messages/schemas';
import { visitQueries } from '@/api/visits/queries';
import type { Visit } from '@telehealth/client/visits/schemas';
import { useSessionStore } from '@/lib/session';
import { ThreadController, type ThreadSnapshot } from './thread-controller';

type CachedThread = Pick<ThreadSnapshot, 'messages' | 'start' | 'total'>;

export interface UseThreadOptions {
  onIncoming?: (messages: VisitMessage[]) => void;
  onConfirmed?: (content: string) => void;
  /**
   * Keep polling while the page is hidden (the patient's open e-consult: a reply must reach them on
   * another tab). The schedule's idle back-off still slows it down, up to `POLL_MAX_MS`.
   */
  pollWhileHidden?: boolean;
}

/**
 * One live thread per mounted panel. It polls while the page is visible (or, with
 * `pollWhileHidden`, also while hidden), catches up on focus and when shown again, treats input on
 * the page as activity, and stops on unmount and sign-out. What it holds
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

  // Who takes part is the visit's business: when the cached visit changes hands (a provider just
  // accepted it, on this page or another view of it), a thread refused as "not taking part" asks
  // again at once instead of waiting for the page to be opened anew.
  useEffect(() => {
    const detailKey = visitQueries.detail(visitId).queryKey;
    const detailHash = hashKey(detailKey);
    const assignee = () => queryClient.getQueryData<Visit>(detailKey)?.provider_id ?? null;
    let seen = assignee();
    return queryClient.getQueryCache().subscribe((event) => {
      if (event.type !== 'updated' || event.action.type !== 'success') return;
      if (event.query.queryHash !== detailHash) return;
      const now = assignee();
      if (now === seen) return;
      seen = now;
      controller.reopen();
    });
  }, [controller, queryClient, visitId]);

  const pollWhileHidden = options.pollWhileHidden ?? false;
  useEffect(() => {
    const doc = typeof document !== 'undefined' ? document : null;
    controller.setVisible(pollWhileHidden || (doc ? doc.visibilityState !== 'hidden' : true));
    controller.start();
    const onVisibility = () => {
      const visible = document.visibilityState !== 'hidden';
      // Polling on in the background: coming back still catches up at once.
      if (pollWhileHidden) {
        if (visible) controller.focus();
      } else controller.setVisible(visible);
    };
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
  }, [controller, session, pollWhileHidden]);

  const snapshot = useSyncExternalStore(controller.subscribe, controller.getSnapshot, controller.getSnapshot);
  return { controller, snapshot };
}
