import { t } from '@lingui/core/macro';
import { isApiError } from '@telehealth/client/errors';
import { formatLocale } from '@/lib/locale';

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

/**
 * A job read this many times and still pending has kept the patient waiting long enough to say
 * so: the start's answer and four re-reads `pollDelay` apart, about a minute.
 */
export const LONG_PENDING_READS = 5;

/** Whether a job still pending after `reads` reads in this view has taken too long. */
export function isLongPending(reads: number): boolean {
  return reads >= LONG_PENDING_READS;
}

/**
 * The insurer's answer, from the job's `status`. The spec names only `pending`; the other values
 * (and their common synonyms) are docs/spec-decisions.md's, "Coverage results in plain words".
 * Anything else is `unknown`, shown in words and never as the code itself.
 */
export type CoverageOutcome = 'pending' | 'active' | 'inactive' | 'not_found' | 'failed' | 'unknown';

export function coverageOutcome(status: string | null | undefined): CoverageOutcome {
  switch (
    (status ?? '')
      .trim()
      .toLowerCase()
      .replace(/[\s-]+/g, '_')
  ) {
    case 'pending':
      return 'pending';
    case 'active':
    case 'eligible':
    case 'covered':
      return 'active';
    case 'inactive':
    case 'ineligible':
    case 'not_active':
      return 'inactive';
    case 'not_found':
    case 'member_not_found':
      return 'not_found';
    case 'failed':
    case 'error':
      return 'failed';
    default:
      return 'unknown';
  }
}

/** Who reads the card: the patient about their own plan, or the clinic about a patient's. */
export type CoverageReader = 'patient' | 'clinic';

export interface CoverageWords {
  /** The answer in one sentence (or the wait). */
  lead: string;
  /** What the reader can do about it, if anything. */
  next: string | null;
}

/** "$25" for a whole amount, "$12.50" otherwise. */
export function formatCopay(amount: number): string {
  return new Intl.NumberFormat(formatLocale(), {
    style: 'currency',
    currency: 'USD',
    minimumFractionDigits: Number.isInteger(amount) ? 0 : 2,
  }).format(amount);
}

/** The latest check in plain words: never the job's id or its status code. */
export function coverageWords(
  outcome: CoverageOutcome,
  options: { copay: number | null; isLongPending: boolean; reader: CoverageReader },
): CoverageWords {
  const { copay, reader } = options;
  const patient = reader === 'patient';
  switch (outcome) {
    case 'pending':
      if (options.isLongPending)
        return patient
          ? {
              lead: t`Your insurer hasn’t answered yet.`,
              next: t`You can continue and pay yourself for now, or ask the clinic to check for you.`,
            }
          : { lead: t`The insurer hasn’t answered yet.`, next: t`The patient can continue and pay for now.` };
      return {
        lead: patient ? t`Waiting for your insurer to answer` : t`Waiting for the insurer to answer`,
        next: patient
          ? t`Insurers usually answer within a minute. This page looks again on its own, and you can go on meanwhile.`
          : t`This page looks again on its own.`,
      };
    case 'active': {
      if (copay === null)
        return { lead: patient ? t`Your coverage is active.` : t`Coverage is active.`, next: null };
      const amount = formatCopay(copay);
      return {
        lead: patient
          ? t`Your coverage is active. Your copay is ${amount}.`
          : t`Coverage is active. The copay is ${amount}.`,
        next: null,
      };
    }
    case 'inactive':
      return {
        lead: patient
          ? t`Your insurer says this plan is not active.`
          : t`The insurer says this plan is not active.`,
        next: patient
          ? t`If you have a newer card, update your primary card. Otherwise you can continue and pay yourself.`
          : null,
      };
    case 'not_found':
      return {
        lead: patient
          ? t`Your insurer couldn’t find this member ID.`
          : t`The insurer couldn’t find this member ID.`,
        next: t`Check the card details.`,
      };
    case 'failed':
      return {
        lead: t`The check could not be completed`,
        next: patient ? t`You can start it again later, or continue and pay yourself.` : null,
      };
    case 'unknown':
      return {
        lead: patient
          ? t`Your insurer answered in a way this page cannot show.`
          : t`The insurer answered in a way this page cannot show.`,
        next: patient ? t`Ask the clinic what it means for your visit.` : null,
      };
  }
}
