import { plural, t } from '@lingui/core/macro';

/**
 * What is new for a provider: walk-ins arriving in their rooms and new messages in their
 * conversations. Each polled read is a source; its answers are lists of opaque ids. The first
 * answer of a source in this tab is taken in silence (what was already there is not news), and an
 * id is news once: it stays seen even if it leaves the list and comes back.
 */

/** Ids remembered at most (oldest forgotten first): a long shift keeps the stored list small. */
export const SEEN_LIMIT = 500;

export interface ArrivalsState {
  /** Ids already seen, oldest first: announced, or there when their source first answered. */
  readonly seen: readonly string[];
  /** Sources whose first answer was taken; `restored` counts every source as taken. */
  readonly primed: readonly string[];
  /** Restored from this tab's storage (a reload): every source already answered once before. */
  readonly restored: boolean;
}

export const EMPTY_ARRIVALS: ArrivalsState = { seen: [], primed: [], restored: false };

/** The state after a reload of the tab, from the ids kept in its storage (null: none kept). */
export function restoreArrivals(stored: readonly string[] | null): ArrivalsState {
  return stored ? { seen: stored.slice(-SEEN_LIMIT), primed: [], restored: true } : EMPTY_ARRIVALS;
}

/**
 * Takes one answer of a source: returns the ids that are news (in the answer's order) and the
 * state to keep. The first answer of a source is never news.
 */
export function takeAnswer(
  state: ArrivalsState,
  source: string,
  ids: readonly string[],
): { state: ArrivalsState; fresh: string[] } {
  const seen = new Set(state.seen);
  const unseen = [...new Set(ids)].filter((id) => !seen.has(id));
  const isFirst = !state.restored && !state.primed.includes(source);
  if (!unseen.length && !isFirst) return { state, fresh: [] };
  return {
    state: {
      ...state,
      seen: [...state.seen, ...unseen].slice(-SEEN_LIMIT),
      primed: isFirst ? [...state.primed, source] : state.primed,
    },
    fresh: isFirst ? [] : unseen,
  };
}

/** What the tab keeps across a reload: the seen ids only (opaque ids, never a name). */
export function storedIds(state: ArrivalsState): string[] {
  return [...state.seen];
}

/** Words for a polite live region and a notification body: how many, and where, never who. */
export function walkinWords(count: number, roomName: string): string {
  const room = roomName;
  return t`${plural(count, {
    one: `A new patient is waiting in ${room}`,
    other: `# new patients are waiting in ${room}`,
  })}`;
}

/**
 * A message notification does not say who wrote (the spec's notification has no author), so the
 * words do not either: in a conversation with a host it may be a colleague.
 */
export function messageWords(count: number): string {
  return t`${plural(count, { one: 'You have a new message', other: 'You have # new messages' })}`;
}
