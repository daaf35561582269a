import type { ApiError } from '@telehealth/client/errors';
import type { OutgoingMessage } from './outbox';
import type { ThreadBlock } from './refusals';
import { EMPTY_WINDOW, windowOf, type KeptWindow, type ThreadWindow } from './window';

/** What the screen renders: the window, the outgoing bubbles, and how loading and polling went. */
export interface ThreadSnapshot extends ThreadWindow {
  outgoing: readonly OutgoingMessage[];
  /** Ids of messages this tab sent and the server confirmed. */
  sentIds: ReadonlySet<string>;
  phase: 'loading' | 'ready' | 'error';
  loadError: ApiError | null;
  /** The last poll failed (the thread is shown as it was). */
  pollError: ApiError | null;
  block: ThreadBlock | null;
  loadingOlder: boolean;
  olderError: ApiError | null;
}

/** The thread's one snapshot, replaced (never mutated) on every change, for `useSyncExternalStore`. */
export class ThreadStore {
  private snapshot: ThreadSnapshot;
  private readonly listeners = new Set<() => void>();

  /** `kept`: a thread kept from an earlier visit to the page, shown at once. */
  constructor(
    kept: KeptWindow | null,
    private readonly onChange?: (snapshot: ThreadSnapshot) => void,
  ) {
    this.snapshot = {
      ...windowOf(kept),
      outgoing: [],
      sentIds: new Set(),
      phase: kept ? 'ready' : 'loading',
      loadError: null,
      pollError: null,
      block: null,
      loadingOlder: false,
      olderError: null,
    };
  }

  get = (): ThreadSnapshot => this.snapshot;

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  set(patch: Partial<ThreadSnapshot>): void {
    this.snapshot = { ...this.snapshot, ...patch };
    this.onChange?.(this.snapshot);
    for (const listener of this.listeners) listener();
  }
}

/** What a final refusal changes: 403 and 404 also forget what was shown (and cached). */
export function blockedPatch(snapshot: ThreadSnapshot, block: ThreadBlock): Partial<ThreadSnapshot> {
  if (block === 'forbidden' || block === 'not-found') {
    return { ...EMPTY_WINDOW, block, pollError: null, phase: 'ready' };
  }
  return { block, pollError: null, phase: snapshot.phase === 'loading' ? 'ready' : snapshot.phase };
}
