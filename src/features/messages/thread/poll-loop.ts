import { initialSchedule, nextSchedule, pollDelay, type PollEvent, type PollSchedule } from './schedule';

/** What polling needs to know of the thread. */
export interface PollState {
  isStarted: boolean;
  isStopped: boolean;
  isBlocked: boolean;
  phase: 'loading' | 'ready' | 'error';
}

export interface PollLoopDeps {
  now: () => number;
  /** One poll (with `verify`, the newest held message is read again first). Settles, never throws. */
  run: (verify: boolean) => Promise<void>;
  state: () => PollState;
}

/**
 * Runs a thread's polls on its schedule (schedule.ts): one poll in flight at a time (a poll asked
 * for meanwhile runs once after it, with the tail check if any asker wanted it), and the next one
 * armed on a timer when it ends.
 */
export class PollLoop {
  private schedule: PollSchedule;
  private timer: ReturnType<typeof setTimeout> | null = null;
  private inFlight: Promise<void> | null = null;
  private again = false;
  private verifyNext = false;
  private started = 0;
  private completed = 0;

  constructor(private readonly deps: PollLoopDeps) {
    this.schedule = initialSchedule(deps.now());
  }

  get interval(): number {
    return this.schedule.interval;
  }

  get isVisible(): boolean {
    return this.schedule.visible;
  }

  /** Folds what happened into the schedule; re-arms the timer when the interval changed. */
  note(event: PollEvent, { rearm = false } = {}): void {
    const before = this.schedule.interval;
    this.schedule = nextSchedule(this.schedule, event);
    if (rearm && this.schedule.interval !== before) this.arm();
  }

  /** Polls now, or after the poll in flight. */
  poll(verify = false): Promise<void> {
    const state = this.deps.state();
    if (state.isStopped || state.isBlocked || !state.isStarted || state.phase !== 'ready')
      return Promise.resolve();
    if (this.inFlight) {
      this.again = true;
      this.verifyNext ||= verify;
      return this.inFlight;
    }
    this.clear();
    const number = ++this.started;
    this.inFlight = this.deps.run(verify).finally(() => {
      this.completed = Math.max(this.completed, number);
      this.inFlight = null;
      if (!this.again || this.deps.state().isStopped) return this.arm();
      const next = this.verifyNext;
      this.again = false;
      this.verifyNext = false;
      void this.poll(next);
    });
    return this.inFlight;
  }

  /**
   * Polls until `isSettled` says so; its argument tells whether a poll that started after this call
   * has completed (an answer to an older request could predate what the caller waits for).
   */
  async pollUntil(isSettled: (hasFreshPoll: boolean) => boolean): Promise<void> {
    const need = this.started + 1;
    for (let i = 0; i < 1000; i += 1) {
      await this.poll(i === 0);
      if (isSettled(this.completed >= need)) return;
    }
  }

  /** (Re)arms the timer of the next poll, if one is due. */
  arm(): void {
    this.clear();
    const state = this.deps.state();
    const delay = pollDelay(this.schedule, {
      isRunning: state.isStarted && !state.isStopped && !state.isBlocked,
      isLoading: state.phase === 'loading',
    });
    if (delay === null) return;
    this.timer = setTimeout(() => {
      this.timer = null;
      void this.poll();
    }, delay);
  }

  clear(): void {
    if (this.timer !== null) clearTimeout(this.timer);
    this.timer = null;
  }
}
