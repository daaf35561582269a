import { parseSessionTokens, type SessionTokens } from './tokens';

const STORAGE_KEY = 'telehealth.session';
const ACTIVITY_KEY = 'telehealth.session.activity';
/** sessionStorage keys that belong to the signed-in user (drafts); wiped at sign-out. */
export const USER_STORAGE_PREFIX = 'telehealth.user.';

/**
 * This tab's sessionStorage as the session uses it: the token pair, the last activity, and the
 * user's drafts (wiped with the session). What is read back is parsed, never trusted: anything
 * that does not match is dropped and the tab starts signed out.
 */
export class SessionStorageBox {
  constructor(private readonly storage: Storage | null) {}

  load(): { tokens: SessionTokens; lastActivity: number | null } | null {
    const raw = this.read(STORAGE_KEY);
    if (!raw) return null;
    let parsed: unknown;
    try {
      parsed = JSON.parse(raw);
    } catch {
      parsed = null;
    }
    const tokens = parseSessionTokens(parsed);
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

  /** Removes the session and every draft of the user; other keys stay. */
  wipe(): void {
    const storage = this.storage;
    if (!storage) return;
    const keys = Array.from({ length: storage.length }, (_, i) => storage.key(i)).filter(
      (k): k is string => k !== null,
    );
    for (const key of keys) {
      if (key === STORAGE_KEY || key === ACTIVITY_KEY || key.startsWith(USER_STORAGE_PREFIX))
        this.remove(key);
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
