/**
 * Cross-tab mutual exclusion for the token refresh. Browsers give us Web Locks
 * (`navigator.locks`), shared by every tab of the origin. Where they are missing (jsdom, Node, old
 * browsers) a lock inside this JavaScript realm stands in: enough for tests, whose "tabs" are
 * stores in one realm; in an old browser it serialises within the tab only (docs/sessions.md).
 */
export interface LockManagerLike {
  request<T>(name: string, callback: () => Promise<T>): Promise<T>;
}

const queues = new Map<string, Promise<unknown>>();

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
};

interface WebLocks {
  request(name: string, callback: () => Promise<unknown>): Promise<unknown>;
}

/** Web Locks when the browser has them, the realm lock otherwise. */
export function defaultLocks(): LockManagerLike {
  const locks =
    typeof navigator !== 'undefined' ? (navigator as Navigator & { locks?: WebLocks }).locks : undefined;
  if (!locks || typeof locks.request !== 'function') return realmLocks;
  return {
    request: <T>(name: string, callback: () => Promise<T>) => locks.request(name, callback) as Promise<T>,
  };
}
