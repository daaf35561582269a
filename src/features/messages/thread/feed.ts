import type {
  VisitMessage,
  VisitMessageListParams,
  VisitMessagePage,
} from '@telehealth/client/messages/schemas';
import type { ApiError } from '@telehealth/client/errors';
import { blockFor, isAborted, toApiError, type ThreadBlock } from './refusals';
import { PollLoop } from './poll-loop';
import { blockedPatch, type ThreadSnapshot, type ThreadStore } from './store';
import * as win from './window';

/** How the held messages changed by a load or a poll (older history is not reported). */
export type WindowChange =
  { kind: 'reloaded' } | { kind: 'appended'; from: number; added: readonly VisitMessage[] };

export interface FeedDeps {
  store: ThreadStore;
  list: (params: VisitMessageListParams, signal: AbortSignal) => Promise<VisitMessagePage>;
  /** The newest page already requested by the route's loader: taken for the first load only. */
  firstPage?: (() => Promise<VisitMessagePage>) | undefined;
  now: () => number;
  onWindow: (change: WindowChange) => void;
}

/**
 * The read side of a thread: loads the newest page, older pages on demand, and polls for new
 * replies on the schedule (schedule.ts), one poll in flight at a time. Answers to requests made
 * before a reload or `stop` are dropped (`generation`). A final refusal blocks it for good.
 */
export class ThreadFeed {
  private currentGeneration = 0;
  private started = false;
  private stopped = false;
  private readonly controllers = new Set<AbortController>();
  private readonly loop: PollLoop;

  constructor(private readonly deps: FeedDeps) {
    this.loop = new PollLoop({
      now: deps.now,
      run: (verify) => this.runPoll(verify),
      state: () => ({
        isStarted: this.started,
        isStopped: this.stopped,
        isBlocked: this.snapshot.block !== null,
        phase: this.snapshot.phase,
      }),
    });
  }

  private get snapshot(): ThreadSnapshot {
    return this.deps.store.get();
  }

  private set(patch: Partial<ThreadSnapshot>): void {
    this.deps.store.set(patch);
  }

  /** Bumped by every reload and by `stop`: positions are comparable only within one. */
  get generation(): number {
    return this.currentGeneration;
  }

  get isStopped(): boolean {
    return this.stopped;
  }

  get pollInterval(): number {
    return this.loop.interval;
  }

  /** Starts (or, after `stop`, resumes: React may mount an effect twice) loading and polling. */
  start(): void {
    if (this.started && !this.stopped) return;
    this.started = true;
    this.stopped = false;
    if (this.snapshot.block) return;
    if (this.snapshot.phase === 'ready') void this.poll();
    else void this.resync();
  }

  stop(): void {
    this.stopped = true;
    this.currentGeneration += 1;
    this.loop.clear();
    this.abortAll();
  }

  /** The session came back: a thread stopped by the session's end loads again, nothing else. */
  resumeAfterSession(): void {
    if (this.snapshot.block !== 'session') return;
    this.set({ block: null });
    if (!this.started || this.stopped) return;
    if (this.snapshot.messages.length) void this.poll({ verify: true });
    else void this.resync();
  }

  setVisible(visible: boolean): void {
    if (visible === this.loop.isVisible) return;
    this.loop.note({ type: 'visibility', visible });
    if (!visible) return this.loop.clear();
    this.noteActivity();
    void this.poll({ verify: true });
  }

  focus(): void {
    this.noteActivity();
    if (this.loop.isVisible) void this.poll({ verify: true });
  }

  noteActivity(): void {
    this.loop.note({ type: 'activity', at: this.deps.now() }, { rearm: true });
  }

  /**
   * Access may have changed (the viewer was just assigned the visit): a thread refused with 403 or
   * 404 loads afresh. Other blocks (closed, session) are left to their own ways back.
   */
  reopen(): void {
    const { block } = this.snapshot;
    if (block !== 'forbidden' && block !== 'not-found') return;
    this.set({ block: null, phase: 'loading', loadError: null });
    if (this.started && !this.stopped) void this.resync();
  }

  /** A final refusal: no more polls, requests in flight abandoned. */
  block(block: ThreadBlock): void {
    this.loop.clear();
    this.abortAll();
    this.set(blockedPatch(this.snapshot, block));
  }

  /** Loads the newest page afresh (first load, or after the server's list stopped lining up). */
  async resync(): Promise<void> {
    if (this.stopped || this.snapshot.block) return;
    this.currentGeneration += 1;
    const generation = this.currentGeneration;
    if (!this.snapshot.messages.length) this.set({ phase: 'loading', loadError: null });
    try {
      const prefetched = generation === 1 ? this.deps.firstPage : undefined;
      const page = prefetched ? await prefetched() : await this.request(win.newestPageParams());
      if (this.stopped || generation !== this.generation) return;
      const window = win.fromNewestPage(page);
      this.set({ ...window, phase: 'ready', loadError: null, pollError: null, olderError: null });
      this.deps.onWindow({ kind: 'reloaded' });
      this.loop.note({ type: 'reloaded' });
      this.loop.arm();
    } catch (error) {
      this.failed(error, generation, (apiError) => {
        if (!this.snapshot.messages.length) return this.set({ phase: 'error', loadError: apiError });
        this.loop.note({ type: 'failed' });
        this.set({ pollError: apiError, phase: 'ready' });
        this.loop.arm();
      });
    }
  }

  async loadOlder(): Promise<void> {
    const before = this.snapshot;
    const params = win.olderParams(before);
    if (!params || before.loadingOlder || before.phase !== 'ready' || before.block || this.stopped) return;
    const generation = this.generation;
    this.set({ loadingOlder: true, olderError: null });
    let page: VisitMessagePage;
    try {
      page = await this.request(params);
    } catch (error) {
      this.set({ loadingOlder: false });
      return this.failed(error, generation, (olderError) => this.set({ olderError }));
    }
    if (this.stopped || generation !== this.generation || this.snapshot.start !== before.start)
      return this.set({ loadingOlder: false });
    const merge = win.prependOlder(this.snapshot, page);
    if (merge.kind === 'resync') {
      this.set({ loadingOlder: false });
      return void this.resync();
    }
    this.set({ ...merge.window, loadingOlder: false });
  }

  /** Asks for new messages now (`verify`: read the newest held message again first, `win.tailParams`). */
  poll(options: { verify?: boolean } = {}): Promise<void> {
    return this.loop.poll(options.verify === true);
  }

  /**
   * Polls until caught up with a poll that started after this call (before re-sending after an
   * unknown outcome: an answer to an older request could predate the lost send).
   */
  catchUp(): Promise<void> {
    return this.loop.pollUntil(
      (hasFreshPoll) =>
        this.stopped ||
        this.snapshot.block !== null ||
        this.snapshot.pollError !== null ||
        (hasFreshPoll && win.isCaughtUp(this.snapshot)),
    );
  }

  private async runPoll(verify: boolean): Promise<void> {
    const generation = this.generation;
    const before = this.snapshot;
    const tail = verify ? win.tailParams(before) : null;
    try {
      if (tail) {
        const page = await this.request(tail);
        if (this.stopped || generation !== this.generation) return;
        // The newest held message moved: the list changed under us, start over from the newest page.
        if (!win.tailLinesUp(before, page)) return await this.resync();
      }
      await this.pollPages();
    } catch (error) {
      this.failed(error, this.generation, (pollError) => {
        this.loop.note({ type: 'failed' });
        this.set({ pollError });
      });
    }
  }

  private async pollPages(): Promise<void> {
    let gotNew = false;
    for (;;) {
      const generation = this.generation;
      const held = win.heldEnd(this.snapshot);
      const page = await this.request(win.pollParams(this.snapshot));
      if (this.stopped || generation !== this.generation) return;
      const merge = win.appendNewer(this.snapshot, page);
      // The server's list no longer lines up with ours: start over from the newest page.
      if (merge.kind === 'resync') return this.resync();
      this.set({ ...merge.window, pollError: null });
      if (merge.added.length) {
        gotNew = true;
        this.deps.onWindow({ kind: 'appended', from: held, added: merge.added });
      }
      if (win.heldEnd(this.snapshot) >= page.total_count || !page.data.length) break;
    }
    this.loop.note({ type: 'polled', at: this.deps.now(), gotNew });
  }

  /** A failed read: dropped when stale or abandoned, final refusals block, the rest go to `otherwise`. */
  private failed(error: unknown, generation: number, otherwise: (error: ApiError) => void): void {
    if (this.stopped || generation !== this.generation || isAborted(error)) return;
    const block = blockFor(error);
    if (block) this.block(block);
    else otherwise(toApiError(error));
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

  private abortAll(): void {
    for (const controller of this.controllers) controller.abort();
    this.controllers.clear();
  }
}
