import type {
  PostMessageInput,
  VisitMessage,
  VisitMessageListParams,
  VisitMessagePage,
} from '@telehealth/client/messages/schemas';
import { ThreadFeed, type WindowChange } from './thread/feed';
import {
  EMPTY_OUTBOX,
  addIntent,
  canDiscard,
  canRetry,
  confirmSend,
  dropOutOfView,
  findItem,
  incomingOf,
  intentFor,
  patchItem,
  postBody,
  postFailure,
  reconcile,
  removeItem,
  type Outbox,
} from './thread/outbox';
import { blockFor, toApiError } from './thread/refusals';
import { ThreadStore, type ThreadSnapshot } from './thread/store';
import { heldEnd, isCaughtUp, type KeptWindow } from './thread/window';

export type { ThreadSnapshot } from './thread/store';
export { POLL_BASE_MS, POLL_MAX_MS } from './thread/schedule';

export type SendOutcome = 'sent' | 'unknown' | 'closed' | 'rejected' | 'blocked' | 'duplicate';

type Handlers = Pick<ThreadDeps, 'onIncoming' | 'onConfirmed'>;

export interface ThreadDeps {
  list: (params: VisitMessageListParams, signal: AbortSignal) => Promise<VisitMessagePage>;
  post: (input: PostMessageInput) => Promise<VisitMessage>;
  /** The signed-in user's id: own messages are matched by it. */
  selfId: string;
  now?: () => number;
  /** Told about messages from others that arrived by polling (for the screen-reader announcement). */
  onIncoming?: (messages: VisitMessage[]) => void;
  /** Told when an outgoing message is confirmed stored (the composer drops its draft). */
  onConfirmed?: (content: string) => void;
  /** Called on every change, e.g. to keep the thread in the query cache. */
  onChange?: (snapshot: ThreadSnapshot) => void;
  /**
   * The newest page, already requested (by the route's loader): taken for the first load instead of
   * asking again. Later resyncs always ask the server.
   */
  firstPage?: () => Promise<VisitMessagePage>;
  /** A thread kept from an earlier visit to the page: shown at once, then brought up to date. */
  initial?: KeptWindow | null;
}

/**
 * The live state of one e-consult thread, wired to the message API: the window of held messages
 * (thread/window.ts), the messages this tab is sending (thread/outbox.ts) and when to poll
 * (thread/schedule.ts). Loading and polling run in thread/feed.ts; sending runs here.
 *
 * - 409 / 403 / 404 / session end stop polling for good (thread/refusals.ts).
 * - A retry after an unknown outcome re-reads the thread first, so a stored copy is never sent again.
 */
export class ThreadController {
  private readonly store: ThreadStore;
  private readonly feed: ThreadFeed;
  private readonly now: () => number;
  private outbox: Outbox = EMPTY_OUTBOX;
  private handlers: Handlers;

  constructor(private readonly deps: ThreadDeps) {
    this.now = deps.now ?? (() => Date.now());
    this.handlers = { onIncoming: deps.onIncoming, onConfirmed: deps.onConfirmed };
    this.store = new ThreadStore(deps.initial ?? null, deps.onChange);
    this.feed = new ThreadFeed({
      store: this.store,
      list: deps.list,
      firstPage: deps.firstPage,
      now: this.now,
      onWindow: (change) => this.windowChanged(change),
    });
  }

  /** Replaces the screen's callbacks (they change with every render of the panel). */
  setHandlers(handlers: Handlers): void {
    this.handlers = handlers;
  }

  getSnapshot = (): ThreadSnapshot => this.store.get();
  subscribe = (listener: () => void): (() => void) => this.store.subscribe(listener);

  /** The server index just past the newest held message: the `skip` of the next poll. */
  get held(): number {
    return heldEnd(this.store.get());
  }
  get isCaughtUp(): boolean {
    return isCaughtUp(this.store.get());
  }
  get isStopped(): boolean {
    return this.feed.isStopped;
  }
  /** The delay before the next poll (for tests and the screen's "checking every …" hint). */
  get pollInterval(): number {
    return this.feed.pollInterval;
  }

  /** Starts (or, after `stop`, resumes) loading and polling. */
  start = (): void => this.feed.start();
  /** Stops polling and abandons requests in flight (unmount, sign-out). */
  stop = (): void => this.feed.stop();
  /** The same person signed in again (in another tab): a thread stopped by the session's end resumes. */
  resumeAfterSession = (): void => this.feed.resumeAfterSession();
  /** Page visibility: polling pauses while hidden and catches up at once when shown again. */
  setVisible = (visible: boolean): void => this.feed.setVisible(visible);
  /** The window got focus: check the thread still lines up, then catch up now. */
  focus = (): void => this.feed.focus();
  /** User input on the page keeps polling at its quickest. */
  noteActivity = (): void => this.feed.noteActivity();
  /** Loads the newest page afresh. */
  resync = (): Promise<void> => this.feed.resync();
  /** Loads the page just before the oldest message held. */
  loadOlder = (): Promise<void> => this.feed.loadOlder();
  /** Asks for new messages now (with `verify`, the newest held message is read again first). */
  poll = (options: { verify?: boolean } = {}): Promise<void> => this.feed.poll(options);

  /** The viewer's access to the visit changed: a thread refused as "not taking part" loads again. */
  reopen = (): void => this.feed.reopen();
  /** Reloads after a failed first load (the "Try again" of the error view). */
  retryLoad(): void {
    if (!this.feed.isStopped) void this.feed.resync();
  }

  /**
   * Sends one intent. The same text while an earlier copy is unconfirmed is treated as a retry of
   * that copy, never a second message; while it is still in flight the call is ignored.
   */
  send(content: string, attachmentIds: string[] = []): Promise<SendOutcome> {
    if (this.feed.isStopped) return Promise.resolve('blocked');
    const { block } = this.store.get();
    if (block) return Promise.resolve(block === 'closed' ? 'closed' : 'blocked');
    const intent = intentFor(this.outbox, content);
    if (intent.kind === 'duplicate') return Promise.resolve('duplicate');
    if (intent.kind === 'retry') return this.retry(intent.localId);
    const window = this.store.get();
    const added = addIntent(this.outbox, {
      content,
      attachmentIds,
      window,
      generation: this.feed.generation,
      now: this.now(),
    });
    this.feed.noteActivity();
    this.commit(added.outbox);
    return this.attempt(added.localId);
  }

  /** Retries a failed or unknown send; after an unknown outcome it re-reads the thread first. */
  async retry(localId: string): Promise<SendOutcome> {
    const local = findItem(this.outbox, localId);
    if (!canRetry(local)) return 'duplicate';
    if (local.status === 'unknown') {
      this.commit(patchItem(this.outbox, localId, { status: 'checking', error: null }));
      await this.feed.catchUp();
      const after = findItem(this.outbox, localId);
      if (!after) return 'blocked';
      if (after.status === 'sent') return 'sent';
      const { block, pollError } = this.store.get();
      if (block) {
        this.commit(patchItem(this.outbox, localId, { status: 'unknown' }));
        return block === 'closed' ? 'closed' : 'blocked';
      }
      if (pollError) {
        // Still cannot tell whether it was stored: do not risk a second copy.
        this.commit(patchItem(this.outbox, localId, { status: 'unknown', error: pollError }));
        return 'unknown';
      }
    }
    this.commit(patchItem(this.outbox, localId, { status: 'sending', error: null }));
    return this.attempt(localId);
  }

  /** Drops an outgoing bubble that failed (its text stays in the composer). */
  discard(localId: string): void {
    if (canDiscard(findItem(this.outbox, localId))) this.commit(removeItem(this.outbox, localId));
  }

  private async attempt(localId: string): Promise<SendOutcome> {
    const local = findItem(this.outbox, localId);
    if (!local) return 'blocked';
    try {
      const message = await this.deps.post(postBody(local));
      const { outbox, confirmed } = confirmSend(this.outbox, localId, message.id);
      this.commit(outbox, confirmed);
      // Bring the stored copy (and anything before it) into the thread.
      void this.feed.poll();
      return 'sent';
    } catch (error) {
      if (this.feed.isStopped) return 'blocked';
      if (findItem(this.outbox, localId)?.status === 'sent') return 'sent'; // a poll matched it meanwhile
      const block = blockFor(error);
      if (block) {
        this.commit(removeItem(this.outbox, localId));
        this.feed.block(block);
        return block === 'closed' ? 'closed' : 'blocked';
      }
      const status = postFailure(error);
      this.commit(patchItem(this.outbox, localId, { status, error: toApiError(error) }));
      if (status === 'failed') return 'rejected';
      // The next poll may find the stored copy; ask soon.
      void this.feed.poll();
      return 'unknown';
    }
  }

  /** New held messages may be copies of this tab's sends whose answers were lost: match them. */
  private windowChanged(change: WindowChange): void {
    const window = this.store.get();
    const at = { generation: this.feed.generation, selfId: this.deps.selfId };
    if (change.kind === 'reloaded') {
      const next = reconcile(dropOutOfView(this.outbox, window), window, { ...at, fromIndex: 0 });
      return this.commit(next.outbox, next.confirmed);
    }
    const incoming = incomingOf(this.outbox, change.added, this.deps.selfId);
    const next = reconcile(this.outbox, window, { ...at, fromIndex: change.from });
    this.commit(next.outbox, next.confirmed);
    if (incoming.length) this.handlers.onIncoming?.(incoming);
  }

  /** Shows the outbox, then tells the screen which texts are now confirmed (their drafts can go). */
  private commit(outbox: Outbox, confirmed: readonly string[] = []): void {
    const previous = this.outbox;
    this.outbox = outbox;
    const patch: Partial<ThreadSnapshot> = {};
    if (outbox.items !== previous.items) patch.outgoing = outbox.items;
    if (outbox.sentIds !== previous.sentIds) patch.sentIds = outbox.sentIds;
    if (patch.outgoing || patch.sentIds) this.store.set(patch);
    for (const content of confirmed) this.handlers.onConfirmed?.(content);
  }
}
