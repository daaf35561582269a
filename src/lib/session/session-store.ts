import { ApiError } from '@telehealth/client/errors';
import type { AuthProvider } from '@telehealth/client/http';
import type { RefreshResult, SsoResult } from '@telehealth/client/users/schemas';
import { normaliseExpiry } from './expiry';
import { DEFAULT_SESSION_SETTINGS, IdleClock, type IdleState, type SessionSettings } from './idle-clock';
import { defaultLocks, type LockManagerLike } from './locks';
import { Refresher } from './refresh';
import { SessionStorageBox } from './storage';
import { SESSION_CHANNEL, TabChannel, type PairOffer, type TabMessage } from './tab-channel';
import {
  randomId,
  type SessionEndReason,
  type SessionState,
  type SessionTokens,
  type SignOutOutcome,
} from './tokens';

export { DEFAULT_SESSION_SETTINGS, type IdleState, type SessionSettings } from './idle-clock';
export { SESSION_CHANNEL } from './tab-channel';
export { USER_STORAGE_PREFIX } from './storage';
export type { SessionEndReason, SessionState, SessionTokens, SignOutOutcome } from './tokens';

export interface SessionDeps {
  refresh: (refreshToken: string) => Promise<RefreshResult>;
  logout: (accessToken: string, tokens: string[]) => Promise<unknown>;
  /** Asks the server whether the session still holds (GET /me); a restored page waits for it. */
  verify?: () => Promise<unknown>;
  storage: Storage | null;
  now?: () => number;
  /** Refresh this long before expiry (ms). */
  refreshGraceMs?: number;
  settings?: Partial<SessionSettings>;
  /** BroadcastChannel name; tests give each store family its own. null: no cross-tab messages. */
  channelName?: string | null;
  /**
   * How long to wait for other tabs' answers (ms): a tab without tokens asking for the pair, a
   * restored tab, a refresh checking for a newer pair. Tabs that hold tokens never wait on it
   * before their first request.
   */
  peerWaitMs?: number;
  /**
   * How long a tab starting without tokens waits for the pair when the browser says another tab
   * holds a session (Web Locks): a tab still busy loading answers late, and the pair is there.
   * Defaults to `peerWaitMs`. When the browser says no tab holds one, the tab does not wait.
   */
  peerPresentWaitMs?: number;
  /** A tab starting without tokens asks the open tabs for the pair (not the SSO landing). */
  askOnStart?: boolean;
  /** The page came back through Back/Forward or a closed-tab restore: check before showing. */
  restoredBoot?: boolean;
  locks?: LockManagerLike;
  /** Runs the inactivity clock (a 1 s tick). Off for headless uses such as the mock's tooling. */
  watchIdle?: boolean;
}

type Listener = () => void;
const AUTO_RESUME_GAP_MS = 60_000;

/**
 * The session of this browser as one tab sees it. The parts, each in its own file:
 * tokens.ts (the state), storage.ts (sessionStorage, parsed on restore), refresh.ts (one
 * rotation at a time across tabs), idle-clock.ts (inactivity and the cap), tab-channel.ts (what
 * tabs tell each other). docs/sessions.md has the sequence diagrams.
 *
 * One token family per browser: every tab holds the same pair; a refresh in one tab reaches all.
 */
export class SessionStore implements AuthProvider {
  private state: SessionState = { status: 'signed-out', reason: null };
  private readonly listeners = new Set<Listener>();
  private readonly signOutHooks = new Set<(reason: SessionEndReason) => void>();
  private readonly restoredHooks = new Set<() => void>();
  private readonly disposers: (() => void)[] = [];
  private readonly now: () => number;
  private readonly graceMs: number;
  private readonly peerWaitMs: number;
  private readonly locks: LockManagerLike;
  /** The shared lock that tells other tabs "this tab holds a live pair" (null: no channel). */
  private readonly holderLock: string | null;
  private releaseHolder: (() => void) | null = null;
  private readonly box: SessionStorageBox;
  private readonly channel: TabChannel;
  private readonly clock: IdleClock;
  private readonly refresher: Refresher;
  readonly settings: SessionSettings;

  private adminToken: string | null = null;
  private adminTokenRefused = false;
  /** The server accepted an admin token of this user in this tab (kept with the token, until sign-out). */
  private adminTokenAccepted = false;
  private outcome: SignOutOutcome | null = null;
  /** Bumped on every sign-in/sign-out, so slow answers never overwrite a newer session. */
  private generation = 0;
  private lastAutoResume = Number.NEGATIVE_INFINITY;
  /** The pair the server refused: an offer of the same pair is no way back. */
  private deadAccessToken: string | null = null;
  private checking = false;
  private isReady = false;
  private markReady: () => void = () => undefined;
  private readonly readyPromise: Promise<void>;

  constructor(private readonly deps: SessionDeps) {
    this.now = deps.now ?? (() => Date.now());
    this.graceMs = deps.refreshGraceMs ?? 60_000;
    this.settings = { ...DEFAULT_SESSION_SETTINGS, ...deps.settings };
    this.peerWaitMs = deps.peerWaitMs ?? 0;
    this.locks = deps.locks ?? defaultLocks();
    const channelName = deps.channelName === undefined ? SESSION_CHANNEL : deps.channelName;
    this.holderLock = channelName ? `${channelName}.holder` : null;
    this.box = new SessionStorageBox(deps.storage);
    this.clock = new IdleClock(this.settings, this.now, {
      changed: () => this.emit(),
      persist: (at) => this.box.saveActivity(at),
    });
    this.channel = new TabChannel(
      deps.channelName === undefined ? SESSION_CHANNEL : deps.channelName,
      (message) => this.onMessage(message),
    );
    this.refresher = new Refresher({
      current: () => (this.state.status === 'active' ? this.state.tokens : null),
      generation: () => this.generation,
      newerFromPeers: (mine) => this.newerFromPeers(mine),
      refresh: (rt) => deps.refresh(rt),
      adopt: (tokens, from) => this.adopt(tokens, from === 'rotation'),
      refused: () => this.expire(),
      discard: (tokens) => void this.destroy(tokens),
      locks: this.locks,
    });
    this.readyPromise = new Promise<void>((resolve) => {
      this.markReady = () => {
        this.isReady = true;
        resolve();
      };
    });
    void this.start();
  }

  // Start-up -----------------------------------------------------------------------------------

  /**
   * A tab with stored tokens is ready at once (its first request goes out without waiting),
   * unless it came back through Back/Forward or a tab restore: then it checks first. A tab
   * without tokens asks the open tabs for the pair, briefly.
   */
  private async start(): Promise<void> {
    const restored = this.box.load();
    if (restored) {
      this.state = { status: 'active', tokens: restored.tokens };
      // The admin token entered in this tab comes back with the session it was entered in.
      const admin = this.box.loadAdminToken(restored.tokens.userId);
      this.adminToken = admin?.token ?? null;
      this.adminTokenAccepted = admin?.accepted ?? false;
      this.holdWhileActive();
      // Without a recorded activity, count from sign-in: never "active forever".
      this.clock.reset(restored.lastActivity ?? restored.tokens.startedAt);
      // A reload after a long sleep does not revive the session.
      if (this.enforceLimits()) {
        this.markReady();
        return;
      }
      this.startIdleClock();
      if (this.deps.restoredBoot) await this.recheck();
      this.markReady();
      return;
    }
    // No session to restore: an admin token left from an ended one is not kept.
    this.box.saveAdminToken(null, null);
    if (this.deps.askOnStart !== false) {
      const offer = await this.channel.askForPair(await this.startupWaitMs(), () => true);
      if (offer && this.state.status === 'signed-out' && this.generation === 0) this.join(offer);
    }
    this.markReady();
  }

  /**
   * How long a tab starting without tokens waits for another tab's pair: not at all when the
   * browser says no tab holds one, long enough for a tab that is still loading when one does,
   * the short default when the browser cannot tell.
   */
  private async startupWaitMs(): Promise<number> {
    const held = this.holderLock && this.locks.held ? await this.locks.held(this.holderLock) : null;
    if (held === false) return 0;
    return held ? Math.max(this.peerWaitMs, this.deps.peerPresentWaitMs ?? 0) : this.peerWaitMs;
  }

  /** Takes another tab's pair as this tab's session (the same family: nothing is minted). */
  private join(offer: PairOffer): void {
    this.generation += 1;
    this.refresher.reset();
    this.setState({ status: 'active', tokens: offer.tokens });
    this.clock.reset(offer.lastActivity);
    this.startIdleClock();
  }

  /** Resolves once this tab knows whether it has a session (after asking the other tabs). */
  ready(): Promise<void> {
    return this.readyPromise;
  }

  getState = (): SessionState => this.state;

  getIdleState = (): IdleState => this.clock.idle;

  getSignOutOutcome = (): SignOutOutcome | null => this.outcome;

  subscribe = (listener: Listener): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

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

  // Sign-in ------------------------------------------------------------------------------------

  /**
   * Starts a new token family from an SSO landing: the server's pair, or the SSO token itself
   * with no refresh token (`refresh_token.token` is `''`). A session already in this tab is ended on
   * the server; a different user also loses every draft kept in this tab. The other tabs move
   * to the new family (the same person) or end (another person, H55).
   */
  signIn(result: SsoResult, options: { embedded?: boolean } = {}): SessionTokens {
    const previous = this.tokens;
    if (previous) {
      if (previous.userId !== result.id) this.wipeLocal('replaced');
      // The same SSO token landing again (spec path) is this session, not an old one.
      if (previous.accessToken && previous.accessToken !== result.token.token) void this.destroy(previous);
    }
    this.generation += 1;
    this.refresher.reset();
    this.deadAccessToken = null;
    const tokens: SessionTokens = {
      userId: result.id,
      userType: result.type ?? null,
      accessToken: result.token.token,
      accessExpiry: normaliseExpiry(result.token.expiry),
      refreshToken: result.token.refresh_token.token,
      refreshExpiry: normaliseExpiry(result.token.refresh_token.expiry),
      startedAt: this.now(),
      embedded: options.embedded ?? false,
      family: randomId(),
      rotation: 0,
    };
    this.clock.reset();
    this.setState({ status: 'active', tokens });
    this.channel.post({ type: 'signed-in', tokens, lastActivity: this.clock.last });
    this.startIdleClock();
    if (!this.isReady) this.markReady();
    return tokens;
  }

  // AuthProvider -------------------------------------------------------------------------------

  async getAccessToken(): Promise<string | null> {
    // A tab without tokens may be receiving the pair from another tab; a restored tab checks first.
    if (!this.isReady && !this.checking) await this.readyPromise;
    // Timestamps, not ticks: after a sleep the first request finds the session over and sends nothing.
    if (this.enforceLimits()) throw new ApiError({ kind: 'session' });
    if (this.state.status === 'expired') throw new ApiError({ kind: 'session' });
    if (this.state.status !== 'active') return null;
    const { accessToken, accessExpiry, refreshToken } = this.state.tokens;
    // Without a refresh token the access token serves until its expiry (enforceLimits ends it then).
    if (refreshToken && accessExpiry !== null && accessExpiry * 1000 - this.now() < this.graceMs) {
      return this.refresher.refresh(accessToken);
    }
    return accessToken;
  }

  refreshAfterUnauthorized(failedToken: string): Promise<string> {
    if (this.enforceLimits()) return Promise.reject(new ApiError({ kind: 'session' }));
    return this.refresher.refresh(failedToken);
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
    this.keepAdminToken();
    this.emit();
  }

  /**
   * The admin token goes where the session's pair goes: memory and this tab's sessionStorage,
   * bound to the signed-in user, wiped at sign-out (design 5). Without a session it stays in
   * memory only. Other tabs never get it (it is not in the pair the tabs share).
   */
  private keepAdminToken(): void {
    const userId = this.state.status === 'active' ? this.state.tokens.userId : null;
    this.box.saveAdminToken(
      userId,
      this.adminToken ? { token: this.adminToken, accepted: this.adminTokenAccepted } : null,
    );
  }

  /** True after the server refused the admin token (until another is set): the admin area asks again. */
  wasAdminTokenRefused(): boolean {
    return this.adminTokenRefused;
  }

  /**
   * True once the server accepted an admin token in this tab: the user administers the clinic, which
   * a server without `roles` on profiles cannot say otherwise. Kept with the token, until sign-out.
   */
  hasAcceptedAdminToken(): boolean {
    return this.adminTokenAccepted;
  }

  onAdminTokenAccepted(token: string): void {
    // A token replaced meanwhile is not the one accepted.
    if (this.adminToken !== token || this.adminTokenAccepted) return;
    this.adminTokenAccepted = true;
    this.keepAdminToken();
    this.emit();
  }

  onAdminTokenRefused(token: string): void {
    // A token replaced meanwhile is not the one refused.
    if (this.adminToken !== token) return;
    this.adminToken = null;
    this.adminTokenRefused = true;
    this.keepAdminToken();
    this.emit();
  }

  // Rotation and refusal -----------------------------------------------------------------------

  /** A newer pair of my family from another tab (asked inside the refresh lock). */
  private async newerFromPeers(mine: SessionTokens): Promise<SessionTokens | null> {
    const offer = await this.channel.askForPair(
      this.peerWaitMs,
      (o) => o.tokens.family === mine.family && o.tokens.rotation > mine.rotation,
    );
    return offer?.tokens ?? null;
  }

  /** Takes a pair of the current family; a rotation of ours is told to every other tab. */
  private adopt(tokens: SessionTokens, announce: boolean): void {
    if (this.state.status !== 'active') return;
    this.setState({ status: 'active', tokens: { ...tokens, embedded: this.state.tokens.embedded } });
    if (announce) this.channel.post({ type: 'rotated', tokens });
  }

  /**
   * The server no longer accepts this session, or its access token ran out with no refresh token
   * (`token-expired`): keep the screen, ask to sign in again. The dead tokens are dropped from
   * memory and storage; who was signed in is kept, so the same person signing in again in
   * another tab can pick this screen up.
   */
  expire(cause: 'refused' | 'token-expired' = 'refused'): void {
    if (this.state.status !== 'active') return;
    this.refresher.reset();
    const { tokens } = this.state;
    this.deadAccessToken = tokens.accessToken;
    this.setState({
      status: 'expired',
      tokens: { ...tokens, accessToken: '', refreshToken: '' },
      cause,
      wayBack: tokens.refreshToken ? 'sign-in' : 'clinic-site',
    });
    // Another tab may hold a newer live pair: continue from it, at most once a minute, so a
    // server that keeps refusing cannot turn this into a loop.
    const now = this.now();
    if (now - this.lastAutoResume >= AUTO_RESUME_GAP_MS) {
      this.lastAutoResume = now;
      void this.resumeFromPeers();
    }
  }

  private async resumeFromPeers(): Promise<void> {
    const userId = this.tokens?.userId;
    const generation = this.generation;
    const offer = await this.channel.askForPair(
      Math.max(this.peerWaitMs, 200),
      (o) => o.tokens.userId === userId && o.tokens.accessToken !== this.deadAccessToken,
    );
    if (!offer || generation !== this.generation || this.state.status !== 'expired') return;
    this.resume(offer.tokens, offer.lastActivity);
  }

  private resume(tokens: SessionTokens, lastActivity: number): void {
    this.generation += 1;
    this.deadAccessToken = null;
    this.setState({ status: 'active', tokens });
    this.clock.reset(Math.max(lastActivity, this.clock.last));
    this.startIdleClock();
    for (const hook of [...this.restoredHooks]) hook();
  }

  // Inactivity and the absolute cap ------------------------------------------------------------

  /**
   * User input in this tab (keyboard, pointer, wheel, touch). Background work (polling,
   * refetch on focus, token refresh) never calls this, so it never keeps a session alive.
   */
  recordActivity(at: number = this.now()): void {
    if (this.state.status === 'signed-out') return;
    if (this.enforceLimits()) return;
    if (this.clock.record(at)) this.channel.post({ type: 'activity', at });
    this.enforceLimits();
  }

  /** "Continue" in the expiry warning: the page stays usable until the token runs out. */
  dismissExpiryWarning(): void {
    this.clock.dismissExpiry();
  }

  /** "Stay signed in" in the warning: counts as activity and tells every tab at once. */
  staySignedIn(): void {
    this.clock.forgetBroadcast();
    this.recordActivity();
  }

  /** Epoch ms of the last user input seen in any tab. */
  getLastActivity(): number {
    return this.clock.last;
  }

  /**
   * Checks the idle limit and the absolute cap against the clock. Returns true when it ended
   * the session. Runs every second, on focus/visibility/pageshow, and before every request.
   */
  enforceLimits(): boolean {
    if (this.state.status === 'signed-out') return false;
    const limit = this.clock.check(this.state.tokens.startedAt, this.endsAt());
    if (!limit) return false;
    if (limit === 'token-expiry') {
      // Not a sign-out: the page and what was typed stay, behind the prompt with the way back.
      this.expire('token-expired');
      return true;
    }
    void this.signOut(limit);
    return true;
  }

  /**
   * When an active session without a refresh token ends (epoch ms): its access token's expiry.
   * null with a refresh token (it renews) or with an unknown expiry (it ends when refused).
   */
  private endsAt(): number | null {
    if (this.state.status !== 'active') return null;
    const { refreshToken, accessExpiry } = this.state.tokens;
    return refreshToken || accessExpiry === null ? null : accessExpiry * 1000;
  }

  private startIdleClock(): void {
    if (this.deps.watchIdle === false || this.state.status === 'signed-out') return;
    this.clock.start(() => {
      if (this.state.status === 'signed-out') this.clock.stop();
      else this.enforceLimits();
    });
  }

  // Pages restored from the back/forward cache or a closed-tab restore -------------------------

  /** `pageshow`: a page restored from the back/forward cache checks its session before showing. */
  onPageShow(persisted: boolean): Promise<'active' | 'signed-out'> {
    if (!persisted) return Promise.resolve(this.state.status === 'signed-out' ? 'signed-out' : 'active');
    return this.recheck();
  }

  /**
   * Is the pair this tab holds still the session? Another tab may have rotated it (take the
   * newer pair) or signed out (the server refuses it) while this page was not running. Anything
   * short of a confirmation ends the session here, so a restored page never shows patient data
   * on a session that was signed out.
   */
  async recheck(): Promise<'active' | 'signed-out'> {
    if (this.state.status === 'signed-out') return 'signed-out';
    if (this.enforceLimits()) return 'signed-out';
    // The tab was frozen with a pair; sessionStorage was wiped (a sign-out in this tab's past).
    if (this.state.status === 'active' && !this.box.hasTokens()) {
      this.wipeLocal('other-tab');
      return 'signed-out';
    }
    const mine = this.state.tokens;
    const generation = this.generation;
    this.checking = true;
    try {
      const offer = await this.channel.askForPair(this.peerWaitMs, (o) => o.tokens.userId === mine.userId);
      if (generation !== this.generation) return this.statusNow() === 'signed-out' ? 'signed-out' : 'active';
      if (offer && (offer.tokens.family !== mine.family || offer.tokens.rotation > mine.rotation)) {
        this.setState({ status: 'active', tokens: offer.tokens });
        this.clock.reset(Math.max(offer.lastActivity, this.clock.last));
      }
      if (!this.deps.verify) return 'active';
      await this.deps.verify();
      if (this.state.status === 'active') return 'active';
    } catch {
      // Refused or unreachable: either way this page cannot show what it holds.
    } finally {
      this.checking = false;
    }
    if (this.statusNow() === 'signed-out') return 'signed-out';
    // Signed in afresh meanwhile (another tab's sign-in reached us): that session stands.
    if (generation !== this.generation && this.statusNow() === 'active') return 'active';
    this.wipeLocal('other-tab');
    return 'signed-out';
  }

  // Sign-out -----------------------------------------------------------------------------------

  /**
   * Signs out here and in every other tab, and destroys the family's tokens on the server. The
   * browser is wiped even when the server cannot be reached; the outcome says whether it was.
   */
  async signOut(reason: SessionEndReason = 'signed-out'): Promise<{ serverConfirmed: boolean }> {
    const tokens = this.tokens;
    this.wipeLocal(reason);
    this.channel.post({ type: 'signed-out', reason, destroyed: tokens?.accessToken || null });
    this.setOutcome({ reason, server: 'pending' });
    // An ended ("expired") session has nothing left the server would accept.
    const serverConfirmed = tokens?.accessToken ? await this.destroy(tokens) : true;
    this.setOutcome({ reason, server: serverConfirmed ? 'confirmed' : 'unconfirmed' });
    return { serverConfirmed };
  }

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
      // Without a refresh token an expired access token is already dead: nothing left to destroy.
      if (!pair.refresh) return true;
      const renewed = await renew();
      if (renewed !== 'renewed') return renewed === 'dead';
    }
    for (;;) {
      try {
        await this.deps.logout(pair.access, [pair.access, pair.refresh].filter(Boolean));
        return true;
      } catch (error) {
        const refused = error instanceof ApiError && error.kind === 'http' && error.status === 401;
        // Refused with no refresh token: the access token was the whole session, and it is dead.
        if (refused && !pair.refresh) return true;
        if (!refused || refreshed) return false;
        const renewed = await renew();
        if (renewed !== 'renewed') return renewed === 'dead';
      }
    }
  }

  private wipeLocal(reason: SessionEndReason): void {
    this.generation += 1;
    this.refresher.reset();
    this.adminToken = null;
    this.adminTokenAccepted = false;
    this.deadAccessToken = null;
    this.clock.stop();
    this.box.wipe();
    this.setState({ status: 'signed-out', reason });
    for (const hook of [...this.signOutHooks]) hook(reason);
  }

  // Other tabs ---------------------------------------------------------------------------------

  private onMessage(message: TabMessage): void {
    switch (message.type) {
      case 'signed-out': {
        // The family is shared, so it is gone for this tab too; the sender destroys its pair.
        const mine = this.tokens;
        if (!mine) return;
        this.wipeLocal(
          message.reason === 'idle' || message.reason === 'max-age' ? message.reason : 'other-tab',
        );
        // A pair the sender did not hold (it missed a rotation, or its own was refused) goes too.
        if (mine.accessToken && mine.accessToken !== message.destroyed) void this.destroy(mine);
        return;
      }
      case 'signed-in': {
        const mine = this.tokens;
        if (!mine) return;
        if (mine.userId !== message.tokens.userId) {
          // Another person signed in in this browser: this tab never shows or sends as the old one.
          this.wipeLocal('identity-changed');
          if (mine.accessToken) void this.destroy(mine);
          return;
        }
        // The same person signed in again: every tab moves to the new family.
        if (this.state.status === 'expired') {
          this.resume(message.tokens, message.lastActivity);
          return;
        }
        if (mine.family === message.tokens.family) return;
        // The old family must not outlive the new sign-in (every tab tries; the first one wins),
        // unless it is the same SSO token landing again (spec path): that is the new session.
        if (mine.accessToken && mine.accessToken !== message.tokens.accessToken) void this.destroy(mine);
        this.generation += 1;
        this.refresher.reset();
        this.setState({ status: 'active', tokens: message.tokens });
        return;
      }
      case 'rotated': {
        const mine = this.tokens;
        if (this.state.status !== 'active' || !mine) return;
        if (mine.family === message.tokens.family && message.tokens.rotation > mine.rotation) {
          this.adopt(message.tokens, false);
        }
        return;
      }
      case 'activity':
        if (this.state.status === 'signed-out') return;
        this.clock.record(message.at);
        this.enforceLimits();
        return;
      case 'pair-request':
        if (!this.isReady || this.checking || this.state.status !== 'active' || this.enforceLimits()) return;
        this.channel.offer(message.id, this.state.tokens, this.clock.last);
        return;
      case 'pair-offer':
        return;
    }
  }

  // Plumbing -----------------------------------------------------------------------------------

  /** The status as it is now, after an await (TypeScript keeps the narrowing from before it). */
  private statusNow(): SessionState['status'] {
    return this.state.status;
  }

  private setState(next: SessionState): void {
    this.state = next;
    this.box.save(next.status === 'active' ? next.tokens : null);
    this.holdWhileActive();
    this.emit();
  }

  /** Holds the holder lock exactly while this tab has a live pair (other tabs then wait for it). */
  private holdWhileActive(): void {
    const active = this.state.status === 'active';
    if (active && !this.releaseHolder && this.holderLock && this.locks.hold) {
      this.releaseHolder = this.locks.hold(this.holderLock);
    } else if (!active && this.releaseHolder) {
      this.releaseHolder();
      this.releaseHolder = null;
    }
  }

  private emit(): void {
    for (const listener of [...this.listeners]) listener();
  }

  /** Something to undo at teardown (the browser listeners feeding this store). */
  addDisposer(fn: () => void): void {
    this.disposers.push(fn);
  }

  /** For tests and teardown. */
  dispose(): void {
    for (const fn of this.disposers.splice(0)) fn();
    this.clock.stop();
    this.channel.close();
    this.releaseHolder?.();
    this.releaseHolder = null;
    this.listeners.clear();
    this.signOutHooks.clear();
    this.restoredHooks.clear();
  }
}
