import { ApiError } from '@/api/errors';
import type { AuthProvider } from '@/api/http';
import type { RefreshResult, SsoResult } from '@/api/users/schemas';
import { normaliseExpiry } from './expiry';

/** What the browser keeps of a session: ids and tokens only, in sessionStorage (DESIGN.md section 5). */
export interface SessionTokens {
  userId: string;
  userType: number | null;
  accessToken: string;
  /** UNIX seconds, or null when unknown. */
  accessExpiry: number | null;
  refreshToken: string;
  refreshExpiry: number | null;
  /** Epoch ms when the user signed in: the absolute session cap counts from here. */
  startedAt: number;
  /** disable_navigation=1 at the SSO landing: the portal shows no navigation chrome. */
  embedded: boolean;
  /**
   * Which tab owns these tokens. Browsers copy sessionStorage into duplicated tabs; a copy must
   * not use the original's refresh token (rotation would end both), so it checks this id.
   */
  tabId?: string;
}

export type SessionEndReason =
  | 'signed-out'
  | 'idle'
  | 'expired'
  | 'max-age'
  | 'other-tab'
  | 'identity-changed'
  /** Another sign-in replaced the session in this tab (an SSO landing over an old session). */
  | 'replaced';

/** The server side of the last sign-out: pending while the request runs. */
export interface SignOutOutcome {
  reason: SessionEndReason;
  server: 'pending' | 'confirmed' | 'unconfirmed';
}

export type SessionState =
  | { status: 'signed-out'; reason: SessionEndReason | null }
  | { status: 'active'; tokens: SessionTokens }
  /** The server refused us: the screen stays, behind a sign-in-again prompt. */
  | { status: 'expired'; tokens: SessionTokens };

/** The inactivity clock as the warning dialog sees it. */
export type IdleState = { phase: 'active' } | { phase: 'warning'; deadline: number };

export interface SessionSettings {
  /** Sign out after this long without user input (ms). */
  idleTimeoutMs: number;
  /** Warn this long before the idle sign-out (ms). */
  idleWarningMs: number;
  /** A session ends this long after sign-in, whatever the activity (ms). */
  maxSessionMs: number;
}

export const DEFAULT_SESSION_SETTINGS: SessionSettings = {
  idleTimeoutMs: 15 * 60_000,
  idleWarningMs: 2 * 60_000,
  maxSessionMs: 12 * 60 * 60_000,
};

export interface SessionDeps {
  refresh: (refreshToken: string) => Promise<RefreshResult>;
  logout: (accessToken: string, tokens: string[]) => Promise<unknown>;
  /**
   * Mints this tab's own token family from another tab's live access token (GET /auth without
   * one_time_token). Without it, a new tab never gets a hand-off and shows sign-in.
   */
  exchange?: (accessToken: string) => Promise<SsoResult>;
  storage: Storage | null;
  now?: () => number;
  /** Refresh this long before expiry (ms). */
  refreshGraceMs?: number;
  settings?: Partial<SessionSettings>;
  /** BroadcastChannel name; tests give each store family its own. null: no cross-tab messages. */
  channelName?: string | null;
  /**
   * At start-up a tab without tokens asks live tabs for a hand-off and waits this long (ms);
   * a tab with restored tokens waits this long to learn whether another tab owns them.
   * 0 skips the negotiation (the SSO landing signs in by itself).
   */
  negotiationMs?: number;
  /** Runs the inactivity clock (a 1 s tick). Off for headless uses such as the mock's tooling. */
  watchIdle?: boolean;
}

const STORAGE_KEY = 'telehealth.session';
const ACTIVITY_KEY = 'telehealth.session.activity';
/** sessionStorage keys that belong to the signed-in user (drafts); wiped at sign-out. */
export const USER_STORAGE_PREFIX = 'telehealth.user.';
export const SESSION_CHANNEL = 'telehealth.session';
/** How often a tab tells the others about input: often enough for a 2-minute warning. */
const ACTIVITY_BROADCAST_MS = 5_000;
const ACTIVITY_PERSIST_MS = 5_000;
const EXCHANGE_TIMEOUT_MS = 8_000;
const AUTO_RESUME_GAP_MS = 60_000;

type Listener = () => void;
export type BroadcastMessage =
  | { type: 'signed-out'; reason: SessionEndReason }
  | { type: 'signed-in'; userId: string }
  | { type: 'activity'; at: number }
  | { type: 'handoff-request'; id: string }
  | {
      type: 'handoff-offer';
      id: string;
      accessToken: string;
      userId: string;
      startedAt: number;
      lastActivity: number;
      embedded: boolean;
    }
  | { type: 'claim-check'; id: string; tabId: string }
  | { type: 'claim-taken'; id: string; tabId: string };

const randomId = () => {
  const bytes = new Uint8Array(12);
  crypto.getRandomValues(bytes);
  return [...bytes].map((b) => b.toString(16).padStart(2, '0')).join('');
};

/**
 * The session of this tab: tokens in memory and sessionStorage, single-flight refresh, sign-out
 * everywhere, the inactivity clock and the absolute cap, and the hand-off between tabs.
 *
 * Tokens are per tab. Tabs never share a refresh token (rotation in one would be reuse in the
 * other and end both); a new tab gets its own token family from a live tab's access token.
 */
export class SessionStore implements AuthProvider {
  private state: SessionState = { status: 'signed-out', reason: null };
  private readonly listeners = new Set<Listener>();
  private readonly signOutHooks = new Set<(reason: SessionEndReason) => void>();
  private readonly restoredHooks = new Set<() => void>();
  private refreshing: Promise<string> | null = null;
  private adminToken: string | null = null;
  private adminTokenRefused = false;
  private outcome: SignOutOutcome | null = null;
  private channel: BroadcastChannel | null = null;
  private readonly now: () => number;
  private readonly graceMs: number;
  readonly settings: SessionSettings;

  private lastActivity: number;
  private lastAutoResume = Number.NEGATIVE_INFINITY;
  private lastBroadcastActivity = 0;
  private lastPersistedActivity = 0;
  private idle: IdleState = { phase: 'active' };
  private tick: ReturnType<typeof setInterval> | null = null;
  private readonly tabId = randomId();

  /** Bumped on every sign-in/sign-out, so a slow hand-off never overwrites a newer session. */
  private generation = 0;
  private readyPromise: Promise<void>;
  private markReady: () => void = () => undefined;
  private isReady = false;
  private pendingHandoff: {
    id: string;
    settle: (offer: Extract<BroadcastMessage, { type: 'handoff-offer' }> | null) => void;
  } | null = null;
  private pendingClaim: { id: string; settle: (taken: boolean) => void } | null = null;

  constructor(private readonly deps: SessionDeps) {
    this.now = deps.now ?? (() => Date.now());
    this.graceMs = deps.refreshGraceMs ?? 60_000;
    this.settings = { ...DEFAULT_SESSION_SETTINGS, ...deps.settings };
    this.lastActivity = this.now();
    this.readyPromise = new Promise<void>((resolve) => {
      this.markReady = () => {
        this.isReady = true;
        resolve();
      };
    });
    const channelName = deps.channelName === undefined ? SESSION_CHANNEL : deps.channelName;
    if (channelName && typeof BroadcastChannel !== 'undefined') {
      this.channel = new BroadcastChannel(channelName);
      this.channel.onmessage = (event: MessageEvent<BroadcastMessage>) => this.onBroadcast(event.data);
    }
    this.state = this.restore();
    this.startIdleClock();
    void this.negotiate(deps.negotiationMs ?? 0);
  }

  getState = (): SessionState => this.state;

  getIdleState = (): IdleState => this.idle;

  subscribe = (listener: Listener): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  /** Resolves once this tab knows whether it has a session (after any hand-off from another tab). */
  ready(): Promise<void> {
    return this.readyPromise;
  }

  /** Run on every sign-out (this tab or another): clear caches, drafts, polling. */
  onSignOut(hook: (reason: SessionEndReason) => void): () => void {
    this.signOutHooks.add(hook);
    return () => this.signOutHooks.delete(hook);
  }

  /** Run when an ended ("expired") session comes back through another tab's sign-in. */
  onRestored(hook: () => void): () => void {
    this.restoredHooks.add(hook);
    return () => this.restoredHooks.delete(hook);
  }

  get tokens(): SessionTokens | null {
    return this.state.status === 'signed-out' ? null : this.state.tokens;
  }

  /**
   * Starts a session from an SSO exchange (or a hand-off). A session already in this tab is
   * ended on the server; a different user also loses every draft kept in this tab.
   */
  signIn(
    result: SsoResult,
    options: { embedded?: boolean; startedAt?: number; lastActivity?: number; announce?: boolean } = {},
  ): SessionTokens {
    const previous = this.tokens;
    if (previous) {
      if (previous.userId !== result.id) this.wipeLocal('replaced');
      this.revoke(previous);
    }
    this.generation += 1;
    this.refreshing = null;
    const tokens: SessionTokens = {
      userId: result.id,
      userType: result.type ?? null,
      accessToken: result.token.token,
      accessExpiry: normaliseExpiry(result.token.expiry),
      refreshToken: result.token.refresh_token.token,
      refreshExpiry: normaliseExpiry(result.token.refresh_token.expiry),
      startedAt: options.startedAt ?? this.now(),
      embedded: options.embedded ?? false,
      tabId: this.tabId,
    };
    // A hand-off carries the shared inactivity clock along: opening a tab is not a fresh start.
    this.lastActivity =
      options.lastActivity !== undefined ? Math.min(options.lastActivity, this.now()) : this.now();
    this.idle = { phase: 'active' };
    this.persistActivity(true);
    this.setState({ status: 'active', tokens });
    this.endNegotiation();
    if (options.announce !== false) this.post({ type: 'signed-in', userId: tokens.userId });
    this.startIdleClock();
    return tokens;
  }

  // AuthProvider -------------------------------------------------------------------------------

  async getAccessToken(): Promise<string | null> {
    // A duplicated tab must not send the tokens it copied before it knows they are its own.
    if (!this.isReady) await this.readyPromise;
    // Timestamps, not ticks: after a sleep the first request finds the session over and sends nothing.
    if (this.enforceLimits()) throw new ApiError({ kind: 'session' });
    if (this.state.status !== 'active') {
      if (this.state.status === 'expired') throw new ApiError({ kind: 'session' });
      return null;
    }
    const { accessToken, accessExpiry } = this.state.tokens;
    if (accessExpiry !== null && accessExpiry * 1000 - this.now() < this.graceMs) {
      return this.refreshOnce(accessToken);
    }
    return accessToken;
  }

  refreshAfterUnauthorized(failedToken: string): Promise<string> {
    if (this.enforceLimits()) return Promise.reject(new ApiError({ kind: 'session' }));
    return this.refreshOnce(failedToken);
  }

  onSessionRejected(): void {
    this.expire();
  }

  getAdminToken(): string | null {
    return this.adminToken;
  }

  setAdminToken(token: string | null): void {
    this.adminToken = token && token.trim() ? token.trim() : null;
    this.adminTokenRefused = false;
    this.emit();
  }

  /** True after the server refused the admin token (until another is set): the admin area asks again. */
  wasAdminTokenRefused(): boolean {
    return this.adminTokenRefused;
  }

  onAdminTokenRefused(token: string): void {
    // A token replaced meanwhile is not the one refused.
    if (this.adminToken !== token) return;
    this.adminToken = null;
    this.adminTokenRefused = true;
    this.emit();
  }

  // Refresh ------------------------------------------------------------------------------------

  /**
   * Single-flight: every caller that met `staleToken` waits for the same refresh. If the token
   * already changed since the caller read it, the caller simply gets the newer one.
   */
  private refreshOnce(staleToken: string): Promise<string> {
    if (this.state.status !== 'active') return Promise.reject(new ApiError({ kind: 'session' }));
    if (this.state.tokens.accessToken !== staleToken) return Promise.resolve(this.state.tokens.accessToken);
    this.refreshing ??= this.runRefresh().finally(() => {
      this.refreshing = null;
    });
    return this.refreshing;
  }

  private async runRefresh(): Promise<string> {
    const current = this.tokens;
    if (!current) throw new ApiError({ kind: 'session' });
    const generation = this.generation;
    let result: RefreshResult;
    try {
      result = await this.deps.refresh(current.refreshToken);
    } catch (error) {
      // An unknown outcome (the answer was lost) gets one more try: if the server did rotate,
      // the retry is refused as reuse and we end the session instead of looping.
      if (error instanceof ApiError && (error.kind === 'network' || error.kind === 'timeout')) {
        try {
          result = await this.deps.refresh(current.refreshToken);
        } catch {
          if (generation === this.generation) this.expire();
          throw new ApiError({ kind: 'session', cause: error });
        }
      } else {
        if (generation === this.generation) this.expire();
        throw new ApiError({ kind: 'session', cause: error });
      }
    }
    if (
      generation !== this.generation ||
      this.state.status !== 'active' ||
      this.state.tokens.userId !== current.userId
    ) {
      throw new ApiError({ kind: 'session' });
    }
    const tokens: SessionTokens = {
      ...this.state.tokens,
      accessToken: result.token,
      accessExpiry: normaliseExpiry(result.expiry),
      refreshToken: result.refresh_token.token,
      refreshExpiry: normaliseExpiry(result.refresh_token.expiry),
    };
    this.setState({ status: 'active', tokens });
    return tokens.accessToken;
  }

  /**
   * The server no longer accepts this session: keep the screen, ask to sign in again. The dead
   * tokens are dropped from memory and storage; who was signed in is kept, so the same person
   * signing in again in another tab can pick this screen up.
   */
  expire(): void {
    if (this.state.status !== 'active') return;
    this.refreshing = null;
    this.setState({ status: 'expired', tokens: { ...this.state.tokens, accessToken: '', refreshToken: '' } });
    // Another tab of the same person may still hold a live session: continue from it, at most
    // once a minute, so a server that keeps refusing cannot turn this into a loop.
    const now = this.now();
    if (now - this.lastAutoResume >= AUTO_RESUME_GAP_MS) {
      this.lastAutoResume = now;
      void this.adoptFromOtherTab();
    }
  }

  // Inactivity and the absolute cap ------------------------------------------------------------

  /**
   * User input in this tab (keyboard, pointer, wheel, touch). Background work (polling,
   * refetch on focus, token refresh) never calls this, so it never keeps a session alive.
   */
  recordActivity(at: number = this.now()): void {
    if (this.state.status === 'signed-out') return;
    if (this.enforceLimits()) return;
    this.lastActivity = Math.max(this.lastActivity, at);
    this.persistActivity(false);
    if (at - this.lastBroadcastActivity >= ACTIVITY_BROADCAST_MS || this.idle.phase === 'warning') {
      this.lastBroadcastActivity = at;
      this.post({ type: 'activity', at });
    }
    this.evaluateIdle();
  }

  /** "Stay signed in" in the warning: counts as activity and tells every tab at once. */
  staySignedIn(): void {
    this.lastBroadcastActivity = 0;
    this.recordActivity();
  }

  /** Epoch ms of the last user input seen in any tab. */
  getLastActivity(): number {
    return this.lastActivity;
  }

  /**
   * Checks the idle limit and the absolute cap against the clock. Returns true when it ended
   * the session. Runs every second, on focus/visibility/pageshow, and before every request.
   */
  enforceLimits(): boolean {
    if (this.state.status === 'signed-out') return false;
    const now = this.now();
    if (now - this.state.tokens.startedAt >= this.settings.maxSessionMs) {
      void this.signOut('max-age');
      return true;
    }
    if (now - this.lastActivity >= this.settings.idleTimeoutMs) {
      void this.signOut('idle');
      return true;
    }
    this.evaluateIdle();
    return false;
  }

  private evaluateIdle(): void {
    if (this.state.status === 'signed-out') {
      this.setIdle({ phase: 'active' });
      return;
    }
    const deadline = this.lastActivity + this.settings.idleTimeoutMs;
    const warnFrom = deadline - this.settings.idleWarningMs;
    this.setIdle(this.now() >= warnFrom ? { phase: 'warning', deadline } : { phase: 'active' });
  }

  private setIdle(next: IdleState): void {
    const same =
      next.phase === this.idle.phase &&
      (next.phase === 'active' || (this.idle.phase === 'warning' && this.idle.deadline === next.deadline));
    if (same) return;
    this.idle = next;
    this.emit();
  }

  private startIdleClock(): void {
    if (this.deps.watchIdle === false || this.tick !== null || this.state.status === 'signed-out') return;
    this.tick = setInterval(() => {
      if (this.state.status === 'signed-out') this.stopIdleClock();
      else this.enforceLimits();
    }, 1000);
  }

  private stopIdleClock(): void {
    if (this.tick !== null) clearInterval(this.tick);
    this.tick = null;
  }

  private persistActivity(force: boolean): void {
    const storage = this.deps.storage;
    if (!storage || (!force && this.lastActivity - this.lastPersistedActivity < ACTIVITY_PERSIST_MS)) return;
    this.lastPersistedActivity = this.lastActivity;
    try {
      storage.setItem(ACTIVITY_KEY, String(this.lastActivity));
    } catch {
      // A full or blocked storage only costs the reload-after-sleep check.
    }
  }

  /** A page restored from the back-forward cache re-checks that its session still exists. */
  onPageShow(persisted: boolean): void {
    if (!persisted) return;
    if (this.state.status === 'active' && !this.deps.storage?.getItem(STORAGE_KEY)) {
      this.wipeLocal('other-tab');
      return;
    }
    this.enforceLimits();
  }

  // Sign-out -----------------------------------------------------------------------------------

  /**
   * Signs out here and in every other tab. The browser is wiped even when the server cannot be
   * reached; returns whether the server confirmed it destroyed the tokens.
   */
  async signOut(reason: SessionEndReason = 'signed-out'): Promise<{ serverConfirmed: boolean }> {
    const tokens = this.tokens;
    this.wipeLocal(reason);
    this.post({ type: 'signed-out', reason });
    this.setOutcome({ reason, server: 'pending' });
    // An ended ("expired") session has nothing left the server would accept.
    const serverConfirmed = tokens?.accessToken ? await this.destroy(tokens) : true;
    this.setOutcome({ reason, server: serverConfirmed ? 'confirmed' : 'unconfirmed' });
    return { serverConfirmed };
  }

  /** How the last sign-out went on the server: the signed-out page tells the user. */
  getSignOutOutcome = (): SignOutOutcome | null => this.outcome;

  private setOutcome(outcome: SignOutOutcome): void {
    this.outcome = outcome;
    this.emit();
  }

  /**
   * Destroys the pair on the server. Logout authenticates with the access token it destroys, so
   * an expired one is refreshed first: the refresh token must never outlive a sign-out. A refused
   * refresh means the refresh token is already dead, which is what we wanted.
   */
  private async destroy(tokens: SessionTokens): Promise<boolean> {
    let pair = { access: tokens.accessToken, refresh: tokens.refreshToken };
    let refreshed = false;
    const renew = async (): Promise<'renewed' | 'dead' | 'unknown'> => {
      try {
        const result = await this.deps.refresh(pair.refresh);
        pair = { access: result.token, refresh: result.refresh_token.token };
        refreshed = true;
        return 'renewed';
      } catch (error) {
        return error instanceof ApiError && error.kind === 'http' && (error.status ?? 500) < 500
          ? 'dead'
          : 'unknown';
      }
    };
    if (tokens.accessExpiry !== null && tokens.accessExpiry * 1000 <= this.now()) {
      const renewed = await renew();
      if (renewed !== 'renewed') return renewed === 'dead';
    }
    for (;;) {
      try {
        await this.deps.logout(pair.access, [pair.access, pair.refresh]);
        return true;
      } catch (error) {
        const refused = error instanceof ApiError && error.kind === 'http' && error.status === 401;
        if (!refused || refreshed) return false;
        const renewed = await renew();
        if (renewed !== 'renewed') return renewed === 'dead';
      }
    }
  }

  /** Ends this tab's session without telling the others (they did the telling). */
  private endHere(reason: SessionEndReason): void {
    const tokens = this.tokens;
    this.wipeLocal(reason);
    if (tokens) this.revoke(tokens);
  }

  private revoke(tokens: SessionTokens): void {
    if (!tokens.accessToken) return;
    void this.destroy(tokens);
  }

  private wipeLocal(reason: SessionEndReason): void {
    this.generation += 1;
    this.refreshing = null;
    this.adminToken = null;
    this.stopIdleClock();
    this.idle = { phase: 'active' };
    this.clearStorage();
    this.setState({ status: 'signed-out', reason });
    for (const hook of [...this.signOutHooks]) hook(reason);
  }

  private clearStorage(): void {
    const storage = this.deps.storage;
    if (!storage) return;
    const keys = Array.from({ length: storage.length }, (_, i) => storage.key(i)).filter(
      (k): k is string => k !== null,
    );
    for (const key of keys) {
      if (key === STORAGE_KEY || key === ACTIVITY_KEY || key.startsWith(USER_STORAGE_PREFIX))
        storage.removeItem(key);
    }
  }

  // Other tabs ---------------------------------------------------------------------------------

  private onBroadcast(message: BroadcastMessage): void {
    switch (message.type) {
      case 'signed-out':
        if (this.state.status === 'signed-out') return;
        // Activity is shared, so an idle or time-capped tab elsewhere means this one is due too;
        // each tab still decides from its own clock (a tab that slept may have missed activity).
        if (message.reason === 'idle' || message.reason === 'max-age') this.enforceLimits();
        else this.endHere('other-tab');
        return;
      case 'signed-in': {
        const mine = this.tokens;
        if (!mine) return;
        if (mine.userId !== message.userId) {
          // Another person signed in in this browser: this tab must never show or send as the old one.
          this.endHere('identity-changed');
        } else if (this.state.status === 'expired') {
          // The same person signed in again elsewhere: pick the session up, with the screen intact.
          if (this.pendingHandoff) this.post({ type: 'handoff-request', id: this.pendingHandoff.id });
          else void this.adoptFromOtherTab();
        }
        return;
      }
      case 'activity':
        if (this.state.status !== 'signed-out' && message.at > this.lastActivity) {
          this.lastActivity = Math.min(message.at, this.now());
          this.persistActivity(false);
          this.evaluateIdle();
        }
        return;
      case 'handoff-request':
        void this.offerHandoff(message.id);
        return;
      case 'handoff-offer':
        if (this.pendingHandoff?.id === message.id) this.pendingHandoff.settle(message);
        return;
      case 'claim-check':
        if (this.isReady && this.tokens?.tabId === message.tabId && this.tabId === message.tabId) {
          this.post({ type: 'claim-taken', id: message.id, tabId: message.tabId });
        }
        return;
      case 'claim-taken':
        if (this.pendingClaim?.id === message.id) this.pendingClaim.settle(true);
        return;
    }
  }

  private async offerHandoff(id: string): Promise<void> {
    if (!this.isReady || this.state.status !== 'active' || this.enforceLimits()) return;
    let accessToken: string | null;
    try {
      accessToken = await this.getAccessToken();
    } catch {
      return;
    }
    const tokens = this.tokens;
    if (!accessToken || !tokens || this.state.status !== 'active') return;
    this.post({
      type: 'handoff-offer',
      id,
      accessToken,
      userId: tokens.userId,
      startedAt: tokens.startedAt,
      lastActivity: this.lastActivity,
      embedded: tokens.embedded,
    });
  }

  /**
   * Start-up: a tab with restored tokens checks no other tab owns them (a duplicated tab);
   * a tab without tokens asks live tabs for a hand-off. Either way, within `ms`.
   */
  private async negotiate(ms: number): Promise<void> {
    if (ms <= 0 || !this.channel) {
      this.adoptTabId();
      this.markReady();
      return;
    }
    const generation = this.generation;
    const restored = this.tokens;
    if (restored?.tabId) {
      const taken = await this.ask<boolean>('claim', ms, false, (id) =>
        this.post({ type: 'claim-check', id, tabId: restored.tabId ?? '' }),
      );
      if (generation !== this.generation) {
        // Signed in or out meanwhile: that settled it.
        this.markReady();
        return;
      }
      if (!taken) {
        this.adoptTabId();
        this.markReady();
        return;
      }
      // A copy of another tab's session: drop it (it is theirs) and ask for our own.
      this.state = { status: 'signed-out', reason: null };
      this.clearStorage();
      this.emit();
    } else if (restored) {
      this.adoptTabId();
      this.markReady();
      return;
    }
    await this.adoptFromOtherTab(ms);
    this.markReady();
  }

  /**
   * The restored tokens are ours: claim them, then check the clock at once, so a reload after a
   * long sleep (or of a tab the browser discarded) does not revive the session.
   */
  private adoptTabId(): void {
    if (this.state.status === 'signed-out') return;
    this.setState({ ...this.state, tokens: { ...this.state.tokens, tabId: this.tabId } });
    this.enforceLimits();
  }

  /** Asks live tabs for a session and mints this tab's own token family from the first offer. */
  private async adoptFromOtherTab(ms = 500): Promise<boolean> {
    const exchange = this.deps.exchange;
    if (!exchange || !this.channel || this.pendingHandoff) return false;
    const generation = this.generation;
    const wasExpired = this.state.status === 'expired';
    const offer = await this.ask<Extract<BroadcastMessage, { type: 'handoff-offer' }> | null>(
      'handoff',
      ms,
      null,
      (id) => this.post({ type: 'handoff-request', id }),
    );
    if (!offer || generation !== this.generation) return false;
    const expectedUser = this.tokens?.userId;
    if (expectedUser && expectedUser !== offer.userId) return false;
    let result: SsoResult;
    try {
      result = await withTimeout(exchange(offer.accessToken), EXCHANGE_TIMEOUT_MS);
    } catch {
      return false;
    }
    if (generation !== this.generation || result.id !== offer.userId) return false;
    // Replace in place: a hand-off is not a new sign-in, so other tabs are not told.
    this.signIn(result, {
      embedded: offer.embedded,
      startedAt: offer.startedAt,
      lastActivity: offer.lastActivity,
      announce: false,
    });
    if (wasExpired) for (const hook of [...this.restoredHooks]) hook();
    return true;
  }

  private ask<T>(kind: 'claim' | 'handoff', ms: number, fallback: T, send: (id: string) => void): Promise<T> {
    return new Promise<T>((resolve) => {
      const id = randomId();
      let done = false;
      const timer = setTimeout(() => settle(fallback), ms);
      const settle = (value: T) => {
        if (done) return;
        done = true;
        clearTimeout(timer);
        if (kind === 'claim') this.pendingClaim = null;
        else this.pendingHandoff = null;
        resolve(value);
      };
      if (kind === 'claim') this.pendingClaim = { id, settle: settle as (taken: boolean) => void };
      else
        this.pendingHandoff = {
          id,
          settle: settle as (offer: Extract<BroadcastMessage, { type: 'handoff-offer' }> | null) => void,
        };
      send(id);
    });
  }

  private endNegotiation(): void {
    this.pendingClaim?.settle(false);
    this.pendingHandoff?.settle(null);
    if (!this.isReady) this.markReady();
  }

  private post(message: BroadcastMessage): void {
    try {
      this.channel?.postMessage(message);
    } catch {
      // A closed channel is no reason to fail a sign-out.
    }
  }

  // Persistence --------------------------------------------------------------------------------

  private restore(): SessionState {
    const storage = this.deps.storage;
    const raw = storage?.getItem(STORAGE_KEY);
    if (!raw) return { status: 'signed-out', reason: null };
    try {
      const tokens = JSON.parse(raw) as SessionTokens;
      if (typeof tokens.accessToken !== 'string' || typeof tokens.refreshToken !== 'string')
        throw new Error('bad');
      if (typeof tokens.startedAt !== 'number') throw new Error('bad');
      const activity = Number(storage?.getItem(ACTIVITY_KEY));
      // Without a recorded activity, count from sign-in: never "active forever".
      this.lastActivity =
        Number.isFinite(activity) && activity > 0 ? Math.min(activity, this.now()) : tokens.startedAt;
      this.lastPersistedActivity = this.lastActivity;
      return { status: 'active', tokens };
    } catch {
      storage?.removeItem(STORAGE_KEY);
      return { status: 'signed-out', reason: null };
    }
  }

  private setState(next: SessionState): void {
    this.state = next;
    const storage = this.deps.storage;
    if (storage) {
      if (next.status === 'active') storage.setItem(STORAGE_KEY, JSON.stringify(next.tokens));
      else storage.removeItem(STORAGE_KEY);
    }
    this.emit();
  }

  private emit(): void {
    for (const listener of [...this.listeners]) listener();
  }

  private readonly disposers: (() => void)[] = [];

  /** Something to undo at teardown (the browser listeners feeding this store). */
  addDisposer(fn: () => void): void {
    this.disposers.push(fn);
  }

  /** For tests and teardown. */
  dispose(): void {
    for (const fn of this.disposers.splice(0)) fn();
    this.stopIdleClock();
    this.pendingClaim?.settle(false);
    this.pendingHandoff?.settle(null);
    this.channel?.close();
    this.channel = null;
    this.listeners.clear();
    this.signOutHooks.clear();
    this.restoredHooks.clear();
  }
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new ApiError({ kind: 'timeout' })), ms);
    promise.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error instanceof Error ? error : new Error(String(error)));
      },
    );
  });
}
