import { MESSAGE_FIRST_PAGE_SIZE } from '@/api/messages/queries';
import {
  MESSAGE_PAGE_MAX_LIMIT,
  type VisitMessage,
  type VisitMessageListParams,
  type VisitMessagePage,
} from '@telehealth/client/messages/schemas';

/**
 * The message window: the contiguous slice of the server's append-only, oldest-first list that
 * the thread holds. Pure: every function returns a new window (or says the window no longer lines
 * up with the server and must be loaded afresh).
 */
export interface ThreadWindow {
  /** Held messages, oldest first: server indices [start, start + messages.length). */
  readonly messages: readonly VisitMessage[];
  readonly start: number;
  /** The last `total_count` seen. */
  readonly total: number;
  /** Ids of the held messages: a message is held at most once. */
  readonly ids: ReadonlySet<string>;
}

/** What is kept of a window between visits to the page (the query cache holds no id set). */
export type KeptWindow = Pick<ThreadWindow, 'messages' | 'start' | 'total'>;

export const FIRST_PAGE_SIZE = MESSAGE_FIRST_PAGE_SIZE;
/** The spec caps `limit` at 200: older history and new replies come in pages of that size. */
export const OLDER_PAGE_SIZE = MESSAGE_PAGE_MAX_LIMIT;
export const POLL_PAGE_SIZE = MESSAGE_PAGE_MAX_LIMIT;

/** A merge either gives the next window or finds the server's list no longer lines up with it. */
export type Merge =
  { kind: 'merged'; window: ThreadWindow; added: readonly VisitMessage[] } | { kind: 'resync' };

const RESYNC: Merge = { kind: 'resync' };

export function windowOf(kept: KeptWindow | null): ThreadWindow {
  const messages = kept?.messages ?? [];
  return {
    messages,
    start: kept?.start ?? 0,
    total: kept?.total ?? 0,
    ids: new Set(messages.map((m) => m.id)),
  };
}

export const EMPTY_WINDOW: ThreadWindow = windowOf(null);

/** The server index just past the newest held message: the `skip` of the next poll. */
export const heldEnd = (w: KeptWindow): number => w.start + w.messages.length;

export const isCaughtUp = (w: KeptWindow): boolean => heldEnd(w) >= w.total;

export const hasOlder = (w: KeptWindow): boolean => w.start > 0;

// Requests ----------------------------------------------------------------------------------------

/** The newest page, asked newest first (then held oldest first). */
export const newestPageParams = (): VisitMessageListParams => ({
  sort: 'created:desc',
  limit: FIRST_PAGE_SIZE,
});

/** New replies: `skip` = the count held (spec 4.15), never counting messages still being sent. */
export const pollParams = (w: KeptWindow): VisitMessageListParams => ({
  skip: heldEnd(w),
  limit: POLL_PAGE_SIZE,
});

/**
 * The newest held message read again (`skip` = held - 1): a thread that shrank and grew back to the
 * same count between polls keeps its count, and only this overlap reveals it. Null with nothing held.
 */
export function tailParams(w: KeptWindow): VisitMessageListParams | null {
  if (!w.messages.length) return null;
  return { skip: heldEnd(w) - 1, limit: 1, order: 'asc' };
}

/** The page just before the oldest held message; null when the window starts at the first. */
export function olderParams(w: KeptWindow): VisitMessageListParams | null {
  if (w.start <= 0) return null;
  const skip = Math.max(0, w.start - OLDER_PAGE_SIZE);
  return { skip, limit: w.start - skip, order: 'asc' };
}

// Merges ------------------------------------------------------------------------------------------

/** A window made afresh from the newest page (asked `created:desc`). */
export function fromNewestPage(page: VisitMessagePage): ThreadWindow {
  const messages = [...page.data].reverse();
  return {
    messages,
    start: Math.max(0, page.total_count - messages.length),
    total: page.total_count,
    ids: new Set(messages.map((m) => m.id)),
  };
}

/**
 * Adds a poll's answer (asked with `skip` = `heldEnd(w)`). A count below what is held, or a message
 * already held, means the server's list changed under us: resync.
 */
export function appendNewer(w: ThreadWindow, page: VisitMessagePage): Merge {
  const held = heldEnd(w);
  if (page.total_count < held || page.data.some((m) => w.ids.has(m.id))) return RESYNC;
  if (!page.data.length) {
    const window = page.total_count === w.total ? w : { ...w, total: page.total_count };
    return { kind: 'merged', window, added: [] };
  }
  const ids = new Set(w.ids);
  for (const m of page.data) ids.add(m.id);
  return {
    kind: 'merged',
    window: { messages: [...w.messages, ...page.data], start: w.start, total: page.total_count, ids },
    added: page.data,
  };
}

/** Adds the page asked with `olderParams(w)`; any overlap or a shrunken count means resync. */
export function prependOlder(w: ThreadWindow, page: VisitMessagePage): Merge {
  const params = olderParams(w);
  if (!params) return RESYNC;
  const fresh = page.data.filter((m) => !w.ids.has(m.id));
  if (page.total_count < heldEnd(w) || fresh.length !== page.data.length) return RESYNC;
  const ids = new Set(w.ids);
  for (const m of fresh) ids.add(m.id);
  return {
    kind: 'merged',
    window: { messages: [...fresh, ...w.messages], start: params.skip ?? 0, total: w.total, ids },
    added: fresh,
  };
}

/** The answer to `tailParams(w)` still shows the newest held message where the window holds it. */
export function tailLinesUp(w: KeptWindow, page: VisitMessagePage): boolean {
  const last = w.messages.at(-1);
  return !last || page.data[0]?.id === last.id;
}
