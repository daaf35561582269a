/**
 * Cross-tab mutual exclusion for the token refresh. Browsers give us Web Locks
 * (`navigator.locks`), shared by every tab of the origin. Where they are missing (jsdom, Node, old
 * browsers) a lock inside this JavaScript realm stands in: enough for tests, whose "tabs" are
 * stores in one realm; in an old browser it serialises within the tab only (docs/sessions.md).
 */
export interface LockManagerLike {
  request<T>(name: string, callback: () => Promise<T>): Promise<T>;
  /** Holds `name` (shared) until the returned function runs: other tabs see it through `held`. */
  hold?(name: string): () => void;
  /** Whether any tab holds or waits for `name`; null when the browser cannot tell. */
  held?(name: string): Promise<boolean | null>;
}

const queues = new Map<string, Promise<unknown>>();
const holders = new Map<string, number>();

/** A lock manager for one JavaScript realm: callbacks for the same name run one after another. */
export const realmLocks: LockManagerLike = {
  request<T>(name: string, callback: () => Promise<T>): Promise<T> {
    const previous = queues.get(name) ?? Promise.resolve();
    const run = previous.then(callback, callback);
    const tail = run.catch(() => undefined);
    queues.set(name, tail);
    void tail.then(() => {
      if (queues.get(name) === tail) queues.delete(name);
    });
    return run;
  },
  hold(name: string): () => void {
    holders.set(name, (holders.get(name) ?? 0) + 1);
    let released = false;
    return () => {
      if (released) return;
      released = true;
      const left = (holders.get(name) ?? 1) - 1;
      if (left > 0) holders.set(name, left);
      else holders.delete(name);
    };
  },
  held(name: string): Promise<boolean | null> {
    return Promise.resolve(holders.has(name));
  },
};

interface WebLocks {
  request(name: string, callback: () => Promise<unknown>): Promise<unknown>;
  request(name: string, options: { mode: 'shared' }, callback: () => Promise<unknown>): Promise<unknown>;
  query?(): Promise<{ held?: { name?: string }[]; pending?: { name?: string }[] }>;
}

/** Web Locks when the browser has them, the realm lock otherwise. */
export function defaultLocks(): LockManagerLike {
  const locks =
    typeof navigator !== 'undefined' ? (navigator as Navigator & { locks?: WebLocks }).locks : undefined;
  if (!locks || typeof locks.request !== 'function') return realmLocks;
  return {
    request: <T>(name: string, callback: () => Promise<T>) => locks.request(name, callback) as Promise<T>,
    hold(name: string): () => void {
      let release: () => void = () => undefined;
      const released = new Promise<void>((resolve) => (release = resolve));
      void locks.request(name, { mode: 'shared' }, () => released).catch(() => undefined);
      return release;
    },
    async held(name: string): Promise<boolean | null> {
      if (typeof locks.query !== 'function') return null;
      try {
        const { held = [], pending = [] } = await locks.query();
        return [...held, ...pending].some((lock) => lock.name === name);
      } catch {
        return null;
      }
    },
  };
}
