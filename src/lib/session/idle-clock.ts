/**
 * The session's clock as the warning dialog sees it. `idle`: inactivity, which input (or "Stay
 * signed in") pushes back. `expiry`: the access token of a session without a refresh token runs
 * out at `deadline`, and nothing in the browser can extend it.
 */
export type IdleState =
  { phase: 'active' } | { phase: 'warning'; deadline: number; cause: 'idle' | 'expiry' };

export interface SessionSettings {
  /** Sign out after this long without user input (ms). */
  idleTimeoutMs: number;
  /** Warn this long before the idle sign-out (ms). */
  idleWarningMs: number;
  /** A session ends this long after sign-in, whatever the activity (ms). */
  maxSessionMs: number;
  /** Warn this long before a session without a refresh token reaches its token's expiry (ms). */
  expiryWarningMs: number;
}

export const DEFAULT_SESSION_SETTINGS: SessionSettings = {
  idleTimeoutMs: 15 * 60_000,
  idleWarningMs: 2 * 60_000,
  maxSessionMs: 12 * 60 * 60_000,
  expiryWarningMs: 5 * 60_000,
};

/** How often a tab tells the others about input: often enough for a 2-minute warning. */
const ACTIVITY_BROADCAST_MS = 5_000;
const ACTIVITY_PERSIST_MS = 5_000;

export type Limit = 'idle' | 'max-age' | 'token-expiry' | null;

/**
 * Inactivity and the absolute cap, computed from timestamps (never by counting ticks), so a
 * laptop that slept finds the session over on its first check. Activity in any tab counts: the
 * store feeds in other tabs' input as well as this tab's.
 */
export class IdleClock {
  private lastActivity: number;
  private lastBroadcast = 0;
  private lastPersisted = 0;
  private state: IdleState = { phase: 'active' };
  /** The expiry whose warning the person closed: it does not come back for the same deadline. */
  private dismissedExpiry: number | null = null;
  private tick: ReturnType<typeof setInterval> | null = null;

  constructor(
    readonly settings: SessionSettings,
    private readonly now: () => number,
    private readonly hooks: {
      /** The warning appeared, moved or went. */
      changed: () => void;
      /** Persist the last activity (throttled) so a reload keeps it. */
      persist: (at: number) => void;
    },
  ) {
    this.lastActivity = now();
  }

  get last(): number {
    return this.lastActivity;
  }

  get idle(): IdleState {
    return this.state;
  }

  /** A fresh start (sign-in) or a restored one (a reload, another tab's pair). */
  reset(at: number = this.now()): void {
    this.lastActivity = Math.min(at, this.now());
    this.lastPersisted = this.lastActivity;
    this.hooks.persist(this.lastActivity);
    this.setIdle({ phase: 'active' });
  }

  /** Input at `at`; returns true when the other tabs should hear of it. */
  record(at: number, force = false): boolean {
    this.lastActivity = Math.max(this.lastActivity, Math.min(at, this.now()));
    if (this.lastActivity - this.lastPersisted >= ACTIVITY_PERSIST_MS) {
      this.lastPersisted = this.lastActivity;
      this.hooks.persist(this.lastActivity);
    }
    const tell = force || at - this.lastBroadcast >= ACTIVITY_BROADCAST_MS || this.state.phase === 'warning';
    if (tell) this.lastBroadcast = at;
    return tell;
  }

  /** Forces the next input to be told to the other tabs ("Stay signed in"). */
  forgetBroadcast(): void {
    this.lastBroadcast = 0;
  }

  /**
   * Which limit, if any, the session has reached, updating the warning on the way. `endsAt`
   * (epoch ms) is when the access token of a session without a refresh token runs out.
   */
  check(startedAt: number, endsAt: number | null = null): Limit {
    const now = this.now();
    if (now - startedAt >= this.settings.maxSessionMs) return 'max-age';
    if (now - this.lastActivity >= this.settings.idleTimeoutMs) return 'idle';
    if (endsAt !== null && now >= endsAt) return 'token-expiry';
    const deadline = this.lastActivity + this.settings.idleTimeoutMs;
    const idleWarning = now >= deadline - this.settings.idleWarningMs;
    const expiryWarning =
      endsAt !== null && now >= endsAt - this.settings.expiryWarningMs && this.dismissedExpiry !== endsAt;
    if (expiryWarning && (!idleWarning || endsAt < deadline)) {
      this.setIdle({ phase: 'warning', deadline: endsAt, cause: 'expiry' });
    } else {
      this.setIdle(idleWarning ? { phase: 'warning', deadline, cause: 'idle' } : { phase: 'active' });
    }
    return null;
  }

  /** The person closed the expiry warning: the page stays usable until the token runs out. */
  dismissExpiry(): void {
    if (this.state.phase !== 'warning' || this.state.cause !== 'expiry') return;
    this.dismissedExpiry = this.state.deadline;
    this.setIdle({ phase: 'active' });
  }

  /** Ticks every second while a session is open. */
  start(onTick: () => void): void {
    if (this.tick !== null) return;
    this.tick = setInterval(onTick, 1000);
  }

  stop(): void {
    if (this.tick !== null) clearInterval(this.tick);
    this.tick = null;
    this.setIdle({ phase: 'active' });
  }

  private setIdle(next: IdleState): void {
    const same =
      next.phase === this.state.phase &&
      (next.phase === 'active' ||
        (this.state.phase === 'warning' &&
          this.state.deadline === next.deadline &&
          this.state.cause === next.cause));
    if (same) return;
    this.state = next;
    this.hooks.changed();
  }
}
