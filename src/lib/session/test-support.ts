import { logout, refreshTokens } from '@telehealth/client/users/requests';
import { SessionStore, type SessionDeps } from './session-store';

/**
 * A Storage kept in memory, so tests can give each simulated tab its own sessionStorage (and
 * copy one into another, as a browser does when a tab is duplicated).
 */
export class MemoryStorage implements Storage {
  private readonly items = new Map<string, string>();
  get length(): number {
    return this.items.size;
  }
  clear(): void {
    this.items.clear();
  }
  getItem(key: string): string | null {
    return this.items.get(key) ?? null;
  }
  key(index: number): string | null {
    return [...this.items.keys()][index] ?? null;
  }
  removeItem(key: string): void {
    this.items.delete(key);
  }
  setItem(key: string, value: string): void {
    this.items.set(key, String(value));
  }
  copy(): MemoryStorage {
    const next = new MemoryStorage();
    for (const [k, v] of this.items) next.setItem(k, v);
    return next;
  }
  keys(): string[] {
    return [...this.items.keys()];
  }
}

let channelCounter = 0;
/** A channel name private to one test: the tabs of that test talk to each other and nobody else. */
export const privateChannel = () => `session-test-${Date.now().toString(36)}-${(channelCounter += 1)}`;

/** A session store wired to the real requests (and so to the mock), as a tab of the portal. */
export function makeTab(overrides: Partial<SessionDeps> = {}): SessionStore {
  return new SessionStore({
    refresh: (rt) => refreshTokens(rt),
    logout: (at, tokens) => logout(at, tokens),
    storage: new MemoryStorage(),
    channelName: null,
    peerWaitMs: 0,
    watchIdle: false,
    ...overrides,
  });
}
