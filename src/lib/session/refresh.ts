import { ApiError } from '@telehealth/client/errors';
import type { RefreshResult } from '@telehealth/client/users/schemas';
import { normaliseExpiry } from './expiry';
import type { LockManagerLike } from './locks';
import type { SessionTokens } from './tokens';

export const REFRESH_LOCK = 'telehealth.session.refresh';

/** What the refresh needs from the session around it. */
export interface RefreshHost {
  /** The live pair, or null when the session is not active. */
  current(): SessionTokens | null;
  /** Bumped on every sign-in and sign-out: a refresh that outlives its session is thrown away. */
  generation(): number;
  /** A newer pair of the same family that another tab already holds, if any. */
  newerFromPeers(mine: SessionTokens): Promise<SessionTokens | null>;
  refresh(refreshToken: string): Promise<RefreshResult>;
  /** Takes a rotated pair: memory, storage, and every other tab. */
  adopt(tokens: SessionTokens, from: 'rotation' | 'peer'): void;
  /** The server refused the family: the session ends behind the sign-in-again prompt. */
  refused(): void;
  /** A pair issued for a session that ended meanwhile: destroy it on the server. */
  discard(tokens: SessionTokens): void;
  locks: LockManagerLike;
}

/**
 * One refresh at a time, in this tab (callers share the promise) and across tabs (a Web Lock).
 * Inside the lock a tab first looks for a pair another tab rotated meanwhile, so each rotation
 * happens once and no tab presents a spent refresh token (which the server treats as theft).
 */
export class Refresher {
  private inflight: Promise<string> | null = null;

  constructor(private readonly host: RefreshHost) {}

  /** Resolves with a fresh access token for a caller that met `staleToken`. */
  refresh(staleToken: string): Promise<string> {
    const current = this.host.current();
    if (!current) return Promise.reject(new ApiError({ kind: 'session' }));
    if (current.accessToken !== staleToken) return Promise.resolve(current.accessToken);
    this.inflight ??= this.host.locks
      .request(REFRESH_LOCK, () => this.rotate(staleToken))
      .finally(() => {
        this.inflight = null;
      });
    return this.inflight;
  }

  /** Forgets a refresh in flight (sign-in, sign-out): its result will be discarded. */
  reset(): void {
    this.inflight = null;
  }

  private async rotate(staleToken: string): Promise<string> {
    const current = this.host.current();
    if (!current) throw new ApiError({ kind: 'session' });
    // Another tab rotated while we waited for the lock and told us.
    if (current.accessToken !== staleToken) return current.accessToken;
    const newer = await this.host.newerFromPeers(current);
    if (newer && this.host.current()?.family === current.family) {
      this.host.adopt(newer, 'peer');
      return newer.accessToken;
    }
    const generation = this.host.generation();
    if (!current.refreshToken) {
      // Nothing to refresh with (a spec /auth landing, or a refresh that brought no new one):
      // the refused access token was the whole session.
      this.host.refused();
      throw new ApiError({ kind: 'session' });
    }
    let result: RefreshResult;
    try {
      result = await this.host.refresh(current.refreshToken);
    } catch (error) {
      // An unknown outcome (the answer was lost) gets one more try: if the server did rotate,
      // the retry is refused as reuse and the session ends instead of looping.
      if (!(error instanceof ApiError && (error.kind === 'network' || error.kind === 'timeout'))) {
        if (generation === this.host.generation()) this.host.refused();
        throw new ApiError({ kind: 'session', cause: error });
      }
      try {
        result = await this.host.refresh(current.refreshToken);
      } catch (retryError) {
        if (generation === this.host.generation()) this.host.refused();
        throw new ApiError({ kind: 'session', cause: retryError });
      }
    }
    // Spec 2.2's answer names no refresh token. The presented one is spent either way (spec 4.1
    // and 5 rule 3: a new one is issued for the next refresh; presenting it again reads as
    // theft), so without a new one the session runs on this access token until its expiry.
    const next: SessionTokens = {
      ...current,
      accessToken: result.token,
      accessExpiry: normaliseExpiry(result.expiry),
      refreshToken: result.refresh_token.token,
      refreshExpiry: result.refresh_token.token ? normaliseExpiry(result.refresh_token.expiry) : null,
      rotation: current.rotation + 1,
    };
    const still = this.host.current();
    if (generation !== this.host.generation() || !still || still.family !== current.family) {
      // Signed out (or in as someone else) while the refresh ran: the new pair must not live on.
      this.host.discard(next);
      throw new ApiError({ kind: 'session' });
    }
    this.host.adopt(next, 'rotation');
    return next.accessToken;
  }
}
