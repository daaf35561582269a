import { parseSessionTokens, type SessionTokens } from './tokens';

const STORAGE_KEY = 'telehealth.session';
const ACTIVITY_KEY = 'telehealth.session.activity';
/** The clinic admin API token of this tab, bound to the user who entered it (design 5). */
const ADMIN_KEY = 'telehealth.session.admin';

/** The clinic admin token as kept for a reload of this tab. */
export interface StoredAdminToken {
  token: string;
  /** The server accepted it in this tab (so the admin area shows without roles on profiles). */
  accepted: boolean;
}
/** sessionStorage keys that belong to the signed-in user (drafts); wiped at sign-out. */
export const USER_STORAGE_PREFIX = 'telehealth.user.';

/**
 * This tab's sessionStorage as the session uses it: the token pair, the last activity, the clinic
 * admin token, and the user's drafts (wiped with the session). What is read back is parsed, never trusted: anything
 * that does not match is dropped and the tab starts signed out.
 */
export class SessionStorageBox {
  constructor(private readonly storage: Storage | null) {}

  load(): { tokens: SessionTokens; lastActivity: number | null } | null {
    if (!this.read(STORAGE_KEY)) return null;
    const tokens = parseSessionTokens(this.parsed(STORAGE_KEY));
    if (!tokens) {
      this.remove(STORAGE_KEY);
      return null;
    }
    const activity = Number(this.read(ACTIVITY_KEY));
    return { tokens, lastActivity: Number.isFinite(activity) && activity > 0 ? activity : null };
  }

  /** Whether a pair is stored (a page restored from the cache compares it with what it holds). */
  hasTokens(): boolean {
    return this.read(STORAGE_KEY) !== null;
  }

  save(tokens: SessionTokens | null): void {
    if (tokens) this.write(STORAGE_KEY, JSON.stringify(tokens));
    else this.remove(STORAGE_KEY);
  }

  saveActivity(at: number): void {
    this.write(ACTIVITY_KEY, String(at));
  }

  /** The admin token kept for `userId`; one kept for anybody else (or unreadable) is dropped. */
  loadAdminToken(userId: string): StoredAdminToken | null {
    const kept = this.parsed(ADMIN_KEY) as { userId?: unknown; token?: unknown; accepted?: unknown } | null;
    if (kept?.userId === userId && typeof kept.token === 'string' && kept.token.trim()) {
      return { token: kept.token, accepted: kept.accepted === true };
    }
    this.remove(ADMIN_KEY);
    return null;
  }

  /** Keeps (or, with null, forgets) the admin token of `userId` for a reload of this tab. */
  saveAdminToken(userId: string | null, admin: StoredAdminToken | null): void {
    if (userId && admin) this.write(ADMIN_KEY, JSON.stringify({ userId, ...admin }));
    else this.remove(ADMIN_KEY);
  }

  /** Removes the session and every draft of the user; other keys stay. */
  wipe(): void {
    const storage = this.storage;
    if (!storage) return;
    const keys = Array.from({ length: storage.length }, (_, i) => storage.key(i)).filter(
      (k): k is string => k !== null,
    );
    for (const key of keys) {
      // The pair, the activity and the admin token all start with the session's own key.
      if (key.startsWith(STORAGE_KEY) || key.startsWith(USER_STORAGE_PREFIX)) this.remove(key);
    }
  }

  /** The JSON stored under `key`, or null when there is none or it does not parse. */
  private parsed(key: string): unknown {
    try {
      return JSON.parse(this.read(key) ?? 'null') as unknown;
    } catch {
      return null;
    }
  }

  private read(key: string): string | null {
    try {
      return this.storage?.getItem(key) ?? null;
    } catch {
      return null;
    }
  }

  private write(key: string, value: string): void {
    try {
      this.storage?.setItem(key, value);
    } catch {
      // A full or blocked storage costs only the restore after a reload.
    }
  }

  private remove(key: string): void {
    try {
      this.storage?.removeItem(key);
    } catch {
      // Nothing to do: a blocked storage holds nothing of ours.
    }
  }
}
