import { isApiError } from './errors.ts';

/**
 * What a failed write says about whether the server applied it:
 * - `refused`: the server answered and refused (4xx, or the session ended): nothing was applied;
 * - `lost`: no answer (offline, timeout, a 5xx, something other than an ApiError): it may have been;
 * - `unreadable`: the server answered 2xx with a body that breaks the contract: it says it was
 *   applied, but nothing it sent can be relied on.
 * A write the caller aborted counts as refused: the caller chose to stop it.
 */
export type WriteFailure = 'refused' | 'lost' | 'unreadable';

export function writeFailure(error: unknown): WriteFailure {
  if (!isApiError(error)) return 'lost';
  switch (error.kind) {
    case 'network':
    case 'timeout':
      return 'lost';
    case 'contract':
      return 'unreadable';
    case 'http':
      return (error.status ?? 0) >= 500 ? 'lost' : 'refused';
    case 'aborted':
    case 'session':
      return 'refused';
  }
}

/** How to tell from the server whether a write took effect. */
export interface AppliedRead<S> {
  /** Reads the current server state (without writing anything). */
  read: () => Promise<S>;
  /** Whether that state shows the write's intent (the intake is paid, the message is stored). */
  shows: (state: S) => boolean;
}

export type AppliedCheck<S> =
  | { outcome: 'applied'; state: S }
  /** Refused by the server: `error` is its refusal. */
  | { outcome: 'not-applied'; refused: true; error: unknown }
  /** The answer was lost, and the server's state as read again does not show the write. */
  | { outcome: 'not-applied'; refused: false; state: S }
  /** The answer was lost and the server could not be asked (`how` is null) or did not answer. */
  | { outcome: 'unknown'; readError: unknown };

/**
 * Decides whether a failed write was applied. A refusal needs no read. Otherwise the current state
 * is read once (never the write sent again) and `shows` decides; with no way to read (`how` null:
 * the server keeps no state the portal can read) or when the read fails too, the outcome is unknown
 * and the caller must not act as if the write was not applied.
 */
export async function checkApplied<S>(error: unknown, how: AppliedRead<S> | null): Promise<AppliedCheck<S>> {
  if (writeFailure(error) === 'refused') return { outcome: 'not-applied', refused: true, error };
  if (!how) return { outcome: 'unknown', readError: null };
  let state: S;
  try {
    state = await how.read();
  } catch (readError) {
    return { outcome: 'unknown', readError };
  }
  return how.shows(state) ? { outcome: 'applied', state } : { outcome: 'not-applied', refused: false, state };
}
