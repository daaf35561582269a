import { ApiError, isApiError } from '@/api/errors';
import type {
  PostMessageInput,
  VisitMessage,
  VisitMessageListParams,
  VisitMessagePage,
} from '@/api/messages/schemas';
import { MESSAGE_FIRST_PAGE_SIZE } from '@/api/messages/queries';
import { MESSAGE_PAGE_MAX_LIMIT } from '@/api/messages/schemas';

/**
 * The live state of one e-consult thread: a contiguous slice of the server's append-only,
 * oldest-first list, plus the messages this tab is sending.
 *
 * - History: the newest page first, older pages on demand (`skip`, oldest first).
 * - New replies: polls with `skip` = the server index just past the newest message held (never
 *   counting messages still being sent), one poll in flight at a time, only while visible,
 *   backing off ×2 up to 60 s when idle or failing; `total_count` says when it has caught up and a
 *   shrinking count (or an overlap) triggers a full resync.
 * - Sending: one outgoing bubble per intent. A lost answer (network, timeout, 5xx) leaves the
 *   outcome unknown: the next poll, or a retry (which re-reads the thread first), matches it to
 *   the stored copy by author + content + position/time, so a message is never shown or stored twice.
 * - 409 / 403 / 404 / session end stop polling for good.
 */

export type OutgoingStatus = 'sending' | 'sent' | 'unknown' | 'checking' | 'failed';

export interface OutgoingMessage {
  localId: string;
  content: string;
  attachmentIds: string[];
  status: OutgoingStatus;
  /** Server id once known (from the POST answer or matched on a poll). */
  serverId: string | null;
  /** The server index just past the newest held message when the send started. */
  heldAtSend: number;
  /** Epoch ms of the first attempt. */
  sentAt: number;
  /**
   * Server time (the `created` of the newest held message) when the send began: the stored copy
   * cannot be older. Server time, so a skewed client clock does not matter.
   */
  floorCreated: number;
  /** The resync generation at send time: positions are comparable only within one. */
  generation: number;
  error: ApiError | null;
}

export type ThreadBlock = 'closed' | 'forbidden' | 'not-found' | 'session';

export interface ThreadSnapshot {
  /** Held messages: server indices [start, start + messages.length). */
  messages: readonly VisitMessage[];
  start: number;
  /** The last `total_count` seen. */
  total: number;
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

export type SendOutcome = 'sent' | 'unknown' | 'closed' | 'rejected' | 'blocked' | 'duplicate';

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
  initial?: Pick<ThreadSnapshot, 'messages' | 'start' | 'total'> | null;
}

export const POLL_BASE_MS = 4_000;
export const POLL_MAX_MS = 60_000;
/** Without user activity or new messages for this long, the poll interval doubles each time. */
export const IDLE_AFTER_MS = 60_000;
export const FIRST_PAGE_SIZE = MESSAGE_FIRST_PAGE_SIZE;
export const OLDER_PAGE_SIZE = MESSAGE_PAGE_MAX_LIMIT;

const isFinal = (error: unknown): ThreadBlock | null => {
  if (!isApiError(error)) return null;
  if (error.kind === 'session') return 'session';
  if (error.kind !== 'http') return null;
  if (error.status === 401) return 'session';
  if (error.status === 403) return 'forbidden';
  if (error.status === 404) return 'not-found';
  if (error.status === 409) return 'closed';
  return null;
};

/** A lost answer: the server may or may not have stored the message. */
const isUnknownOutcome = (error: unknown) =>
  !isApiError(error) ||
  error.kind === 'network' ||
  error.kind === 'timeout' ||
  (error.kind === 'http' && (error.status ?? 0) >= 500);

const toApiError = (error: unknown) =>
  isApiError(error) ? error : new ApiError({ kind: 'network', cause: error });

export class ThreadController {
  private snapshot: ThreadSnapshot;
  private readonly listeners = new Set<() => void>();
  private readonly now: () => number;
  private heldIds = new Set<string>();
  /** server id -> local id: each stored message answers for at most one intent. */
  private readonly claims = new Map<string, string>();
  private pollInFlight: Promise<void> | null = null;
  private pollAgain = false;
  private verifyNext = false;
  private pollsStarted = 0;
  private lastCompleted = 0;
  private timer: ReturnType<typeof setTimeout> | null = null;
  private interval = POLL_BASE_MS;
  private failures = 0;
  private lastActivity: number;
  private visible = true;
  private stopped = false;
  private started = false;
  /** Bumped by every resync, so answers to older requests are dropped. */
  private generation = 0;
  private seq = 0;
  private readonly controllers = new Set<AbortController>();
  private handlers: Pick<ThreadDeps, 'onIncoming' | 'onConfirmed'>;

  constructor(private readonly deps: ThreadDeps) {
    this.now = deps.now ?? (() => Date.now());
    this.lastActivity = this.now();
    this.handlers = { onIncoming: deps.onIncoming, onConfirmed: deps.onConfirmed };
    const initial = deps.initial;
    this.snapshot = {
      messages: initial?.messages ?? [],
      start: initial?.start ?? 0,
      total: initial?.total ?? 0,
      outgoing: [],
      sentIds: new Set(),
      phase: initial ? 'ready' : 'loading',
      loadError: null,
      pollError: null,
      block: null,
      loadingOlder: false,
      olderError: null,
    };
    this.heldIds = new Set(this.snapshot.messages.map((m) => m.id));
  }

  /** Replaces the screen's callbacks (they change with every render of the panel). */
  setHandlers(handlers: Pick<ThreadDeps, 'onIncoming' | 'onConfirmed'>): void {
    this.handlers = handlers;
  }

  // Store -----------------------------------------------------------------------------------------

  getSnapshot = (): ThreadSnapshot => this.snapshot;

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  private set(patch: Partial<ThreadSnapshot>): void {
    this.snapshot = { ...this.snapshot, ...patch };
    this.deps.onChange?.(this.snapshot);
    for (const listener of this.listeners) listener();
  }

  /** The server index just past the newest held message: the `skip` of the next poll. */
  get held(): number {
    return this.snapshot.start + this.snapshot.messages.length;
  }

  get isCaughtUp(): boolean {
    return this.held >= this.snapshot.total;
  }

  // Lifecycle -------------------------------------------------------------------------------------

  /** Starts (or, after `stop`, resumes: React may mount an effect twice) loading and polling. */
  start(): void {
    if (this.started && !this.stopped) return;
    this.started = true;
    this.stopped = false;
    if (this.snapshot.block) return;
    if (this.snapshot.phase === 'ready') void this.poll();
    else void this.resync();
  }

  /** Stops polling and abandons requests in flight (unmount, sign-out). */
  stop(): void {
    this.stopped = true;
    this.generation += 1;
    this.clearTimer();
    for (const controller of this.controllers) controller.abort();
    this.controllers.clear();
  }

  /**
   * The session came back (the same person signed in again in another tab): a thread stopped by
   * the session's end loads again; nothing else it was blocked by is lifted.
   */
  resumeAfterSession(): void {
    if (this.snapshot.block !== 'session') return;
    this.set({ block: null });
    if (!this.started || this.stopped) return;
    if (this.snapshot.messages.length) void this.poll({ verify: true });
    else void this.resync();
  }

  get isStopped(): boolean {
    return this.stopped;
  }

  /** Page visibility: polling pauses while hidden and catches up at once when shown again. */
  setVisible(visible: boolean): void {
    if (visible === this.visible) return;
    this.visible = visible;
    if (!visible) {
      this.clearTimer();
      return;
    }
    this.noteActivity();
    void this.poll({ verify: true });
  }

  /** The window got focus: check the thread still lines up, then catch up now. */
  focus(): void {
    this.noteActivity();
    if (this.visible) void this.poll({ verify: true });
  }

  /** User input on the page keeps polling at its quickest. */
  noteActivity(): void {
    this.lastActivity = this.now();
    if (this.interval > POLL_BASE_MS && this.failures === 0) {
      this.interval = POLL_BASE_MS;
      this.schedule();
    }
  }

  /** The delay before the next poll (for tests and the screen's "checking every …" hint). */
  get pollInterval(): number {
    return this.interval;
  }

  private clearTimer(): void {
    if (this.timer !== null) clearTimeout(this.timer);
    this.timer = null;
  }

  private schedule(): void {
    this.clearTimer();
    if (this.stopped || this.snapshot.block || !this.visible || !this.started) return;
    if (this.snapshot.phase === 'loading') return;
    this.timer = setTimeout(() => {
      this.timer = null;
      void this.poll();
    }, this.interval);
  }

  private block(block: ThreadBlock): void {
    this.clearTimer();
    for (const controller of this.controllers) controller.abort();
    this.controllers.clear();
    if (block === 'forbidden' || block === 'not-found') {
      // No access any more: forget what was shown (and cached) for this thread.
      this.heldIds = new Set();
      this.set({ block, messages: [], start: 0, total: 0, pollError: null, phase: 'ready' });
      return;
    }
    this.set({
      block,
      pollError: null,
      phase: this.snapshot.phase === 'loading' ? 'ready' : this.snapshot.phase,
    });
  }

  private async request(params: VisitMessageListParams): Promise<VisitMessagePage> {
    const controller = new AbortController();
    this.controllers.add(controller);
    try {
      return await this.deps.list(params, controller.signal);
    } finally {
      this.controllers.delete(controller);
    }
  }

  // Loading ---------------------------------------------------------------------------------------

  /** Loads the newest page afresh (first load, or after the server's count shrank). */
  async resync(): Promise<void> {
    if (this.stopped || this.snapshot.block) return;
    this.generation += 1;
    const generation = this.generation;
    if (!this.snapshot.messages.length) this.set({ phase: 'loading', loadError: null });
    try {
      const prefetched = generation === 1 ? this.deps.firstPage : undefined;
      const page = prefetched
        ? await prefetched()
        : await this.request({ sort: 'created:desc', limit: FIRST_PAGE_SIZE });
      if (this.stopped || generation !== this.generation) return;
      const messages = [...page.data].reverse();
      this.heldIds = new Set(messages.map((m) => m.id));
      // Confirmed sends that are no longer in view need no bubble: they are in the older history.
      const outgoing = this.snapshot.outgoing.filter(
        (o) =>
          !(
            o.status === 'sent' &&
            o.serverId &&
            !this.heldIds.has(o.serverId) &&
            this.claims.has(o.serverId)
          ),
      );
      this.set({
        messages,
        start: Math.max(0, page.total_count - messages.length),
        total: page.total_count,
        outgoing,
        phase: 'ready',
        loadError: null,
        pollError: null,
        olderError: null,
      });
      this.reconcile(0);
      this.failures = 0;
      this.schedule();
    } catch (error) {
      if (this.stopped || generation !== this.generation || (isApiError(error) && error.kind === 'aborted'))
        return;
      const final = isFinal(error);
      if (final) return this.block(final);
      if (this.snapshot.messages.length) {
        this.failures += 1;
        this.interval = Math.min(Math.max(this.interval, POLL_BASE_MS) * 2, POLL_MAX_MS);
        this.set({ pollError: toApiError(error), phase: 'ready' });
        this.schedule();
      } else {
        this.set({ phase: 'error', loadError: toApiError(error) });
      }
    }
  }

  /** Reloads after a failed first load (the "Try again" of the error view). */
  retryLoad(): void {
    if (this.stopped) return;
    void this.resync();
  }

  /** Loads the page just before the oldest message held. */
  async loadOlder(): Promise<void> {
    const { start, loadingOlder, phase, block } = this.snapshot;
    if (start <= 0 || loadingOlder || phase !== 'ready' || block || this.stopped) return;
    const generation = this.generation;
    const skip = Math.max(0, start - OLDER_PAGE_SIZE);
    this.set({ loadingOlder: true, olderError: null });
    let page: VisitMessagePage;
    try {
      page = await this.request({ skip, limit: start - skip, order: 'asc' });
    } catch (error) {
      this.set({ loadingOlder: false });
      if (this.stopped || generation !== this.generation || (isApiError(error) && error.kind === 'aborted'))
        return;
      const final = isFinal(error);
      if (final) return this.block(final);
      this.set({ olderError: toApiError(error) });
      return;
    }
    if (this.stopped || generation !== this.generation || this.snapshot.start !== start) {
      this.set({ loadingOlder: false });
      return;
    }
    const fresh = page.data.filter((m) => !this.heldIds.has(m.id));
    if (page.total_count < this.held || fresh.length !== page.data.length) {
      this.set({ loadingOlder: false });
      return void this.resync();
    }
    for (const m of fresh) this.heldIds.add(m.id);
    this.set({ messages: [...fresh, ...this.snapshot.messages], start: skip, loadingOlder: false });
  }

  // Polling ---------------------------------------------------------------------------------------

  /**
   * Asks for new messages now. Only one poll is in flight per thread; a request meanwhile runs once
   * after it. With `verify`, it first re-reads the newest held message (skip = held - 1): a thread
   * that shrank and grew again between polls keeps its count, and only this overlap reveals it.
   */
  poll(options: { verify?: boolean } = {}): Promise<void> {
    if (this.stopped || this.snapshot.block || !this.started) return Promise.resolve();
    if (this.snapshot.phase !== 'ready') return Promise.resolve();
    if (this.pollInFlight) {
      this.pollAgain = true;
      this.verifyNext ||= options.verify === true;
      return this.pollInFlight;
    }
    this.clearTimer();
    this.pollInFlight = this.runPoll(options.verify === true).finally(() => {
      this.pollInFlight = null;
      if (this.pollAgain && !this.stopped) {
        this.pollAgain = false;
        const verify = this.verifyNext;
        this.verifyNext = false;
        void this.poll({ verify });
      } else {
        this.schedule();
      }
    });
    return this.pollInFlight;
  }

  /** False (and a resync done) when the newest held message is no longer where we hold it. */
  private async tailLinesUp(): Promise<boolean> {
    const last = this.snapshot.messages.at(-1);
    if (!last) return true;
    const generation = this.generation;
    const page = await this.request({ skip: this.held - 1, limit: 1, order: 'asc' });
    if (this.stopped || generation !== this.generation) return false;
    if (page.data[0]?.id === last.id) return true;
    await this.resync();
    return false;
  }

  /**
   * Polls until caught up with a poll that started after this call (used before re-sending after
   * an unknown outcome: an answer to an older request could predate the lost send).
   */
  private async catchUp(): Promise<void> {
    const need = this.pollsStarted + 1;
    for (let i = 0; i < 1000; i += 1) {
      await this.poll({ verify: i === 0 });
      if (this.stopped || this.snapshot.block || this.snapshot.pollError) return;
      if (this.lastCompleted >= need && this.isCaughtUp) return;
    }
  }

  private async runPoll(verify: boolean): Promise<void> {
    const number = ++this.pollsStarted;
    try {
      if (verify) {
        try {
          if (!(await this.tailLinesUp())) return;
        } catch (error) {
          return this.pollFailed(error);
        }
      }
      await this.pollPages();
    } finally {
      this.lastCompleted = Math.max(this.lastCompleted, number);
    }
  }

  private async pollPages(): Promise<void> {
    let gotNew = false;
    try {
      for (;;) {
        const generation = this.generation;
        const held = this.held;
        const page = await this.request({ skip: held, limit: MESSAGE_PAGE_MAX_LIMIT });
        if (this.stopped || generation !== this.generation) return;
        const overlap = page.data.some((m) => this.heldIds.has(m.id));
        if (page.total_count < held || overlap) {
          // The server's list no longer lines up with ours: start over from the newest page.
          await this.resync();
          return;
        }
        if (page.data.length) {
          gotNew = true;
          for (const m of page.data) this.heldIds.add(m.id);
          this.set({
            messages: [...this.snapshot.messages, ...page.data],
            total: page.total_count,
            pollError: null,
          });
          const claimedBefore = new Set(this.claims.keys());
          this.reconcile(held);
          const incoming = page.data.filter(
            (m) => m.actor.id !== this.deps.selfId && !claimedBefore.has(m.id),
          );
          if (incoming.length) this.handlers.onIncoming?.(incoming);
        } else {
          this.set({ total: page.total_count, pollError: null });
        }
        if (this.held >= page.total_count || !page.data.length) break;
      }
      this.failures = 0;
      if (gotNew) this.lastActivity = this.now();
      this.interval =
        this.now() - this.lastActivity < IDLE_AFTER_MS
          ? POLL_BASE_MS
          : Math.min(this.interval * 2, POLL_MAX_MS);
    } catch (error) {
      this.pollFailed(error);
    }
  }

  private pollFailed(error: unknown): void {
    if (this.stopped || (isApiError(error) && error.kind === 'aborted')) return;
    const final = isFinal(error);
    if (final) return this.block(final);
    this.failures += 1;
    this.interval = Math.min(Math.max(this.interval, POLL_BASE_MS) * 2, POLL_MAX_MS);
    this.set({ pollError: toApiError(error) });
  }

  // Sending ---------------------------------------------------------------------------------------

  /**
   * Sends one intent. The same text while an earlier copy is unconfirmed is treated as a retry of
   * that copy, never a second message; while it is still in flight the call is ignored.
   */
  send(content: string, attachmentIds: string[] = []): Promise<SendOutcome> {
    if (this.stopped) return Promise.resolve('blocked');
    if (this.snapshot.block) return Promise.resolve(this.snapshot.block === 'closed' ? 'closed' : 'blocked');
    const same = this.snapshot.outgoing.find((o) => o.content === content && o.status !== 'sent');
    if (same) {
      if (same.status === 'sending' || same.status === 'checking') return Promise.resolve('duplicate');
      return this.retry(same.localId);
    }
    this.seq += 1;
    const local: OutgoingMessage = {
      localId: `local-${this.seq}`,
      content,
      attachmentIds,
      status: 'sending',
      serverId: null,
      heldAtSend: this.held,
      sentAt: this.now(),
      floorCreated: this.snapshot.messages.at(-1)?.created ?? 0,
      generation: this.generation,
      error: null,
    };
    this.noteActivity();
    this.set({ outgoing: [...this.snapshot.outgoing, local] });
    return this.attempt(local.localId);
  }

  /** Retries a failed or unknown send; after an unknown outcome it re-reads the thread first. */
  async retry(localId: string): Promise<SendOutcome> {
    const local = this.outgoing(localId);
    if (!local || local.status === 'sending' || local.status === 'checking' || local.status === 'sent')
      return 'duplicate';
    if (local.status === 'unknown') {
      this.update(localId, { status: 'checking', error: null });
      await this.catchUp();
      const after = this.outgoing(localId);
      if (!after) return 'blocked';
      if (after.status === 'sent') return 'sent';
      if (this.snapshot.block) {
        this.update(localId, { status: 'unknown' });
        return this.snapshot.block === 'closed' ? 'closed' : 'blocked';
      }
      if (this.snapshot.pollError) {
        // Still cannot tell whether it was stored: do not risk a second copy.
        this.update(localId, { status: 'unknown', error: this.snapshot.pollError });
        return 'unknown';
      }
    }
    this.update(localId, { status: 'sending', error: null });
    return this.attempt(localId);
  }

  /** Drops an outgoing bubble that failed (its text stays in the composer). */
  discard(localId: string): void {
    const local = this.outgoing(localId);
    if (!local || local.status === 'sending' || local.status === 'checking') return;
    this.set({ outgoing: this.snapshot.outgoing.filter((o) => o.localId !== localId) });
  }

  private outgoing(localId: string): OutgoingMessage | undefined {
    return this.snapshot.outgoing.find((o) => o.localId === localId);
  }

  private update(localId: string, patch: Partial<OutgoingMessage>): void {
    this.set({
      outgoing: this.snapshot.outgoing.map((o) => (o.localId === localId ? { ...o, ...patch } : o)),
    });
  }

  private async attempt(localId: string): Promise<SendOutcome> {
    const local = this.outgoing(localId);
    if (!local) return 'blocked';
    try {
      const message = await this.deps.post({
        content: local.content,
        ...(local.attachmentIds.length ? { attachment_ids: local.attachmentIds } : {}),
      });
      this.confirm(localId, message.id);
      if (this.stopped) return 'sent';
      // Bring the stored copy (and anything before it) into the thread.
      void this.poll();
      return 'sent';
    } catch (error) {
      if (this.stopped) return 'blocked';
      const current = this.outgoing(localId);
      if (current?.status === 'sent') return 'sent'; // a poll matched it meanwhile
      const final = isFinal(error);
      if (final === 'closed') {
        this.set({ outgoing: this.snapshot.outgoing.filter((o) => o.localId !== localId) });
        this.block('closed');
        return 'closed';
      }
      if (final) {
        this.set({ outgoing: this.snapshot.outgoing.filter((o) => o.localId !== localId) });
        this.block(final);
        return 'blocked';
      }
      if (isUnknownOutcome(error)) {
        this.update(localId, { status: 'unknown', error: toApiError(error) });
        // The next poll may find the stored copy; ask soon.
        void this.poll();
        return 'unknown';
      }
      this.update(localId, { status: 'failed', error: toApiError(error) });
      return 'rejected';
    }
  }

  /** Marks an intent stored as `serverId`; if another intent had claimed that copy, they swap. */
  private confirm(localId: string, serverId: string): void {
    const local = this.outgoing(localId);
    if (!local) return;
    const previousClaim = local.serverId;
    if (previousClaim && previousClaim !== serverId) this.claims.delete(previousClaim);
    const holder = this.claims.get(serverId);
    if (holder && holder !== localId) {
      // Two intents with the same text matched crosswise: hand our earlier match to the other one,
      // or let the next poll match it again.
      if (previousClaim && previousClaim !== serverId) this.claims.set(previousClaim, holder);
      this.update(
        holder,
        previousClaim && previousClaim !== serverId
          ? { serverId: previousClaim }
          : { serverId: null, status: 'unknown' },
      );
    }
    this.claims.set(serverId, localId);
    const sentIds = new Set(this.snapshot.sentIds);
    sentIds.add(serverId);
    const wasSent = local.status === 'sent';
    this.set({ sentIds });
    this.update(localId, { status: 'sent', serverId, error: null });
    if (!wasSent) this.handlers.onConfirmed?.(local.content);
  }

  /**
   * Matches unconfirmed intents to stored copies: same author, same text, stored after the send
   * began (by position while positions are comparable, and by server time), not already matched
   * to another intent.
   */
  private reconcile(fromIndex: number): void {
    const { messages, start } = this.snapshot;
    for (const local of this.snapshot.outgoing) {
      if (local.status === 'sent' || local.status === 'failed') continue;
      const fromPosition = local.generation === this.generation ? local.heldAtSend : 0;
      const earliest = Math.max(fromPosition, fromIndex, start) - start;
      for (let i = earliest; i < messages.length; i += 1) {
        const m = messages[i];
        if (!m || this.claims.has(m.id)) continue;
        if (m.actor.id !== this.deps.selfId || m.content !== local.content) continue;
        if (m.created < local.floorCreated) continue;
        this.confirm(local.localId, m.id);
        break;
      }
    }
  }
}
