/**
 * When the browser host saves the mock database: after writes only (never after GET, HEAD or
 * OPTIONS, so reads and polls cost nothing), debounced so a burst of writes is saved once, and
 * flushed on demand (page hide). A storage error (quota exceeded, storage blocked) never breaks a
 * request: it is reported once through `onProblem` until a save succeeds again.
 */

export interface PersisterOptions {
  /** Builds the text to store (called only when a save runs). */
  snapshot: () => string;
  /** Stores the text; may throw (quota exceeded, storage blocked). */
  write: (text: string) => void;
  /** Told once per run of failures, with a message for the developer. */
  onProblem: (message: string) => void;
  /** Told when a save succeeds after a failure. */
  onRecovered?: () => void;
  delayMs?: number;
}

export interface Persister {
  /** Notes an answered request; schedules a save if it may have written. */
  noteRequest: (method: string) => void;
  /** Schedules a save (e.g. after a reset). */
  schedule: () => void;
  /** Saves now if a save is pending. */
  flush: () => void;
  /** Cancels a pending save. */
  dispose: () => void;
}

export const PERSIST_DELAY_MS = 500;

const READ_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

export const isWriteMethod = (method: string) => !READ_METHODS.has(method.toUpperCase());

function describe(error: unknown): string {
  const name = error instanceof Error || error instanceof DOMException ? error.name : '';
  const quota = name === 'QuotaExceededError' || name === 'NS_ERROR_DOM_QUOTA_REACHED';
  return quota
    ? 'The mock database is too large for browser storage, so changes since the last save will be lost on reload. Reset the demo data to start small again.'
    : 'The mock database could not be saved to browser storage, so changes will be lost on reload.';
}

export function createPersister(options: PersisterOptions): Persister {
  const delay = options.delayMs ?? PERSIST_DELAY_MS;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let failing = false;

  const save = () => {
    timer = undefined;
    try {
      options.write(options.snapshot());
      if (failing) {
        failing = false;
        options.onRecovered?.();
      }
    } catch (error) {
      if (!failing) {
        failing = true;
        options.onProblem(describe(error));
      }
    }
  };

  const schedule = () => {
    if (timer !== undefined) clearTimeout(timer);
    timer = setTimeout(save, delay);
  };

  return {
    noteRequest: (method) => {
      if (isWriteMethod(method)) schedule();
    },
    schedule,
    flush: () => {
      if (timer === undefined) return;
      clearTimeout(timer);
      save();
    },
    dispose: () => {
      if (timer !== undefined) clearTimeout(timer);
      timer = undefined;
    },
  };
}
