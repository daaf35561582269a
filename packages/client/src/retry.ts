import { ApiError, parseRetryAfter } from './errors.ts';
import type { SendWrapper } from './http.ts';

/**
 * Reads (GET) tried again after a network failure, a timeout, 429 or 502/503/504, waiting with
 * backoff or what `Retry-After` says; writes are never tried again (a lost answer may hide a write
 * that happened). Pass it as `configureClient({ send: retryReads() })`; `connectServer` does.
 */
export interface RetryPolicy {
  /** Tries in all, the first one included. */
  attempts: number;
  /** The first wait; each next one doubles (plus up to a quarter, so clients refused together spread out). */
  baseDelayMs?: number;
  /** Never wait longer; a `Retry-After` beyond it gives the answer back instead. */
  maxDelayMs?: number;
  /** The clock: waits between tries (tests pass one that does not really wait). */
  sleep?: (ms: number, signal?: AbortSignal) => Promise<void>;
  /** The clock: the time now, in milliseconds (for a `Retry-After` given as a date). */
  now?: () => number;
}

const RETRY_STATUSES = new Set([429, 502, 503, 504]);

function realSleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(new ApiError({ kind: 'aborted' }));
    const timer = setTimeout(done, ms);
    function done() {
      signal?.removeEventListener('abort', abort);
      resolve();
    }
    function abort() {
      clearTimeout(timer);
      reject(new ApiError({ kind: 'aborted' }));
    }
    signal?.addEventListener('abort', abort, { once: true });
  });
}

/** The wait before try `attempt + 1`, or null when it would be longer than the policy allows. */
export function retryDelay(
  policy: RetryPolicy,
  attempt: number,
  retryAfterSeconds: number | null,
): number | null {
  const max = policy.maxDelayMs ?? 30_000;
  if (retryAfterSeconds !== null) {
    const wait = retryAfterSeconds * 1000;
    return wait <= max ? wait : null;
  }
  const base = (policy.baseDelayMs ?? 250) * 2 ** (attempt - 1);
  return Math.min(max, Math.round(base * (1 + Math.random() / 4)));
}

/** The request wrapper that tries reads again by `policy` (3 tries by default). */
export function retryReads(policy: RetryPolicy = { attempts: 3 }): SendWrapper {
  const sleep = policy.sleep ?? realSleep;
  const now = policy.now ?? Date.now;
  return async (once, { method, signal }) => {
    const attempts = method === 'GET' ? policy.attempts : 1;
    for (let attempt = 1; ; attempt += 1) {
      const last = attempt >= attempts;
      let response: Response;
      try {
        response = await once();
      } catch (error) {
        const transient = error instanceof ApiError && (error.kind === 'network' || error.kind === 'timeout');
        if (last || !transient) throw error;
        await sleep(retryDelay(policy, attempt, null) ?? 0, signal);
        continue;
      }
      if (last || !RETRY_STATUSES.has(response.status)) return response;
      const wait = retryDelay(policy, attempt, parseRetryAfter(response.headers.get('Retry-After'), now()));
      if (wait === null) return response;
      await response.body?.cancel().catch(() => undefined);
      await sleep(wait, signal);
    }
  };
}
