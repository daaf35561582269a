import { isApiError } from '@/api/errors';

/** Without a Retry-After, a refused check waits this long before the button comes back. */
export const DEFAULT_COOLDOWN_SECONDS = 60;
/** A Retry-After is honoured within these bounds (a server's 0 or a day are both clamped). */
export const MIN_COOLDOWN_SECONDS = 5;
export const MAX_COOLDOWN_SECONDS = 15 * 60;

export interface Cooldown {
  /** Epoch ms when the check may be started again. */
  until: number;
  /** Epoch ms when the earlier check started, read from the server's message, if it says. */
  startedAt: number | null;
}

const ISO = /\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:?\d{2})/;
const UNIX = /\b(1\d{9})\b/;

/** When the earlier check started, from a 429 message ("…already started at 2026-11-22T14:00:00Z…"). */
export function startedAtFrom(message: string | null): number | null {
  if (!message) return null;
  const iso = ISO.exec(message);
  if (iso) {
    const at = Date.parse(iso[0].replace(' ', 'T'));
    if (!Number.isNaN(at)) return at;
  }
  const unix = UNIX.exec(message);
  return unix ? Number(unix[1]) * 1000 : null;
}

/**
 * RELIABILITY case 43: a 429 on the eligibility check, with either error body shape and with or
 * without Retry-After (seconds or an HTTP date, already turned into seconds by the HTTP layer).
 * Returns null for anything that is not a 429.
 */
export function cooldownFrom(error: unknown, now: number = Date.now()): Cooldown | null {
  if (!isApiError(error) || error.kind !== 'http' || error.status !== 429) return null;
  const seconds =
    error.retryAfterSeconds === null
      ? DEFAULT_COOLDOWN_SECONDS
      : Math.min(MAX_COOLDOWN_SECONDS, Math.max(MIN_COOLDOWN_SECONDS, error.retryAfterSeconds));
  return { until: now + seconds * 1000, startedAt: startedAtFrom(error.serverMessage) };
}

/** "1:05" for a countdown of 65 seconds. */
export function formatCountdown(ms: number): string {
  const total = Math.max(0, Math.ceil(ms / 1000));
  return `${Math.floor(total / 60)}:${String(total % 60).padStart(2, '0')}`;
}

/** Re-reads of a pending job: every 15 s, then slower (up to every 2 minutes). */
export function pollDelay(reads: number): number {
  return Math.min(15_000 * 2 ** Math.floor(reads / 4), 120_000);
}

export function statusWords(status: string): string {
  switch (status) {
    case 'pending':
      return 'Waiting for your insurer to answer';
    case 'active':
    case 'eligible':
      return 'Covered';
    case 'inactive':
    case 'ineligible':
      return 'Not covered';
    case 'failed':
    case 'error':
      return 'The check could not be completed';
    default:
      return status;
  }
}
