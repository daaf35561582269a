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
}

export type SessionEndReason = 'signed-out' | 'idle' | 'expired' | 'max-age' | 'other-tab' | 'identity-changed';

export type SessionState =
  | { status: 'signed-out'; reason: SessionEndReason | null }
  | { status: 'active'; tokens: SessionTokens }
  /** The server refused us: the screen stays, behind a sign-in-again prompt. */
  | { status: 'expired'; tokens: SessionTokens };

export interface SessionDeps {
  refresh: (refreshToken: string) => Promise<RefreshResult>;
  logout: (accessToken: string, tokens: string[]) => Promise<unknown>;
  storage: Storage | null;
  now?: () => number;
  /** Refresh this long before expiry (ms). */
  refreshGraceMs?: number;
}

const STORAGE_KEY = 'telehealth.session';
/** sessionStorage keys that belong to the signed-in user (drafts); wiped at sign-out. */
export const USER_STORAGE_PREFIX = 'telehealth.user.';
const CHANNEL = 'telehealth.session';

type Listener = () => void;
type BroadcastMessage = { type: 'signed-out'; reason: SessionEndReason } | { type: 'signed-in'; userId: string };

export class SessionStore implements AuthProvider {
  private state: SessionState = { status: 'signed-out', reason: null };
  private readonly listeners = new Set<Listener>();
  private readonly signOutHooks = new Set<(reason: SessionEndReason) => void>();
  private refreshing: Promise<string> | null = null;
  private adminToken: string | null = null;
  private channel: BroadcastChannel | null = null;
  private readonly now: () => number;
  private readonly graceMs: number;

  constructor(private readonly deps: SessionDeps) {
    this.now = deps.now ?? (() => Date.now());
    this.graceMs = deps.refreshGraceMs ?? 60_000;
    this.state = this.restore();
    if (typeof BroadcastChannel !== 'undefined') {
      this.channel = new BroadcastChannel(CHANNEL);
      this.channel.onmessage = (event: MessageEvent<BroadcastMessage>) => this.onBroadcast(event.data);
    }
  }

  getState = (): SessionState => this.state;

  subscribe = (listener: Listener): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  /** Run on every sign-out (this tab or another): clear caches, drafts, polling. */
  onSignOut(hook: (reason: SessionEndReason) => void): () => void {
    this.signOutHooks.add(hook);
    return () => this.signOutHooks.delete(hook);
  }

  get tokens(): SessionTokens | null {
    return this.state.status === 'signed-out' ? null : this.state.tokens;
  }

  /** Starts a session from an SSO exchange. A different user signing in ends the old session everywhere. */
  signIn(result: SsoResult, options: { embedded?: boolean } = {}): SessionTokens {
    const previous = this.tokens;
    if (previous && previous.userId !== result.id) this.wipeLocal('identity-changed');
    const tokens: SessionTokens = {
      userId: result.id,
      userType: result.type ?? null,
      accessToken: result.token.token,
      accessExpiry: normaliseExpiry(result.token.expiry),
      refreshToken: result.token.refresh_token.token,
      refreshExpiry: normaliseExpiry(result.token.refresh_token.expiry),
      startedAt: this.now(),
      embedded: options.embedded ?? false,
    };
    this.setState({ status: 'active', tokens });
    this.post({ type: 'signed-in', userId: tokens.userId });
    return tokens;
  }

  // AuthProvider -------------------------------------------------------------------------------

  async getAccessToken(): Promise<string | null> {
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
          this.expire();
          throw new ApiError({ kind: 'session', cause: error });
        }
      } else {
        this.expire();
        throw new ApiError({ kind: 'session', cause: error });
      }
    }
    if (this.state.status !== 'active' || this.state.tokens.userId !== current.userId) {
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

  /** The server no longer accepts this session: keep the screen, ask to sign in again. */
  expire(): void {
    if (this.state.status !== 'active') return;
    this.setState({ status: 'expired', tokens: this.state.tokens });
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
    if (!tokens) return { serverConfirmed: true };
    try {
      await this.deps.logout(tokens.accessToken, [tokens.accessToken, tokens.refreshToken]);
      return { serverConfirmed: true };
    } catch {
      return { serverConfirmed: false };
    }
  }

  private wipeLocal(reason: SessionEndReason): void {
    this.refreshing = null;
    this.adminToken = null;
    const storage = this.deps.storage;
    if (storage) {
      for (const key of Object.keys(storage)) {
        if (key === STORAGE_KEY || key.startsWith(USER_STORAGE_PREFIX)) storage.removeItem(key);
      }
    }
    this.setState({ status: 'signed-out', reason });
    for (const hook of this.signOutHooks) hook(reason);
  }

  private onBroadcast(message: BroadcastMessage): void {
    if (message.type === 'signed-out' && this.state.status !== 'signed-out') {
      this.wipeLocal('other-tab');
    }
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
    const raw = this.deps.storage?.getItem(STORAGE_KEY);
    if (!raw) return { status: 'signed-out', reason: null };
    try {
      const tokens = JSON.parse(raw) as SessionTokens;
      if (typeof tokens.accessToken !== 'string' || typeof tokens.refreshToken !== 'string') throw new Error('bad');
      return { status: 'active', tokens };
    } catch {
      this.deps.storage?.removeItem(STORAGE_KEY);
      return { status: 'signed-out', reason: null };
    }
  }

  private setState(next: SessionState): void {
    this.state = next;
    const storage = this.deps.storage;
    if (storage) {
      if (next.status === 'active') storage.setItem(STORAGE_KEY, JSON.stringify(next.tokens));
      else if (next.status === 'signed-out') storage.removeItem(STORAGE_KEY);
    }
    this.emit();
  }

  private emit(): void {
    for (const listener of this.listeners) listener();
  }

  /** For tests and teardown. */
  dispose(): void {
    this.channel?.close();
    this.listeners.clear();
    this.signOutHooks.clear();
  }
}
