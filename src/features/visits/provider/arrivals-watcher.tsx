import { t } from '@lingui/core/macro';
import { useQueries, useQuery } from '@tanstack/react-query';
import { useEffect, useEffectEvent, useRef, useState } from 'react';
import { notificationQueries } from '@/api/push/queries';
import { roomQueries } from '@/api/rooms/queries';
import { userQueries } from '@/api/users/queries';
import { visitKindOf } from '@telehealth/client/visits/kinds';
import { visitQueries } from '@/api/visits/queries';
import { useAttention } from '@/components/attention';
import { paths } from '@/config/paths';
import { USER_STORAGE_PREFIX } from '@/lib/session';
import { useDocumentVisible } from '../use-document-visible';
import {
  EMPTY_ARRIVALS,
  messageWords,
  restoreArrivals,
  storedIds,
  takeAnswer,
  walkinWords,
  type ArrivalsState,
} from './arrivals-model';
import { pollingOptions, roomLineFilter } from './use-polled-visits';

/**
 * The ids this tab has seen, in its sessionStorage under the user prefix (sign-out wipes it):
 * opaque visit and notification ids only, never a name.
 */
export const ARRIVALS_SEEN_KEY = `${USER_STORAGE_PREFIX}provider-arrivals`;

/** The spec names no notification types; a server (and the mock) marks a new message `message`. */
const MESSAGE_TYPE = 'message';

function readSeen(): string[] | null {
  try {
    const raw = window.sessionStorage.getItem(ARRIVALS_SEEN_KEY);
    const value: unknown = raw ? JSON.parse(raw) : null;
    return Array.isArray(value) ? value.filter((id): id is string => typeof id === 'string') : null;
  } catch {
    return null;
  }
}

function writeSeen(ids: string[]): void {
  try {
    window.sessionStorage.setItem(ARRIVALS_SEEN_KEY, JSON.stringify(ids));
  } catch {
    // Blocked storage: this page still remembers; a reload may announce once more.
  }
}

/**
 * Watches, on every page of the provider area, for new work: a walk-in arriving in one of the
 * provider's rooms, a new message in one of their conversations. It is the one poller of the
 * rooms' lines (the dashboard's lists read the same cache): every 15 s while the page is visible,
 * once a minute in a background tab (for walk-in rooms and messages). Something new is told once:
 * in a polite live region while the tab is in front, and through `alertAttention` (a system
 * notification when the provider opted in and allowed it, a count before the tab title while
 * hidden). The words say how many and where, never who or why.
 */
export function ArrivalsWatcher() {
  const visible = useDocumentVisible();
  const notify = useAttention();
  const me = useQuery(userQueries.me());
  const rooms = me.data?.rooms ?? [];
  const details = useQueries({ queries: rooms.map((room) => roomQueries.detail(room.code)) });
  const lines = useQueries({
    queries: rooms.map((room, i) => ({
      ...visitQueries.list(roomLineFilter(room.code)),
      // A room that takes no walk-ins (an e-consult room) has no line to watch from the background.
      ...pollingOptions(visible, details[i]?.data?.visits?.walkin?.enabled !== false),
    })),
  });
  const notifications = useQuery({ ...notificationQueries.newest(), ...pollingOptions(visible, true) });

  const state = useRef<ArrivalsState | null>(null);
  const take = (source: string, ids: string[]): string[] => {
    const before = (state.current ??=
      typeof window === 'undefined' ? EMPTY_ARRIVALS : restoreArrivals(readSeen()));
    const { state: after, fresh } = takeAnswer(before, source, ids);
    if (after !== before) {
      state.current = after;
      writeSeen(storedIds(after));
    }
    return fresh;
  };

  const [line, setLine] = useState({ text: '', serial: 0 });
  const newWhileHidden = useRef(0);
  useEffect(() => {
    if (visible) newWhileHidden.current = 0;
  }, [visible]);

  const announce = useEffectEvent((count: number, words: string, tag: string, url: string) => {
    if (document.visibilityState === 'hidden') newWhileHidden.current += count;
    else setLine((before) => ({ text: `${words}.`, serial: before.serial + 1 }));
    const waiting = newWhileHidden.current;
    const newCount = Math.max(waiting, 1);
    void notify({ body: words, tag, url, titleMarker: t`● ${newCount} new · ` });
  });

  const lineAnswers = lines.map((q) => q.dataUpdatedAt).join(',');
  const seeLines = useEffectEvent(() => {
    rooms.forEach((room, i) => {
      const data = lines[i]?.data;
      if (!data) return;
      const ids = data.filter((v) => visitKindOf(v) === 'walkin').map((v) => v.id);
      const fresh = take(`walkins:${room.code}`, ids);
      const newest = fresh.at(-1);
      if (!newest) return;
      const roomName = details[i]?.data?.name ?? room.name ?? t`your room`;
      announce(
        fresh.length,
        walkinWords(fresh.length, roomName),
        `provider-walkin-${newest}`,
        fresh.length === 1 ? paths.provider.visit(newest) : paths.provider.home(),
      );
    });
  });
  useEffect(() => {
    if (lineAnswers) seeLines();
  }, [lineAnswers]);

  const seeMessages = useEffectEvent(() => {
    const data = notifications.data;
    if (!data) return;
    const unread = data.filter((n) => n.type === MESSAGE_TYPE && n.read !== true);
    const fresh = take(
      'messages',
      unread.map((n) => n.id),
    );
    const newest = fresh.at(-1);
    if (!newest) return;
    // A server that says which visit (`visit_id`, not in the spec) lets the click open it.
    const visitId = fresh.length === 1 ? unread.find((n) => n.id === newest)?.visit_id : null;
    announce(
      fresh.length,
      messageWords(fresh.length),
      `provider-message-${newest}`,
      visitId ? paths.provider.visit(visitId) : paths.provider.notifications(),
    );
  });
  useEffect(() => {
    if (notifications.dataUpdatedAt) seeMessages();
  }, [notifications.dataUpdatedAt]);

  return (
    <p role="status" className="visually-hidden">
      {/* The same words twice in a row differ by a trailing space, so they are read out again. */}
      {line.text ? `${line.text}${line.serial % 2 === 0 ? '\u00a0' : ''}` : ''}
    </p>
  );
}
