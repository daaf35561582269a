/**
 * The one polling model of a thread: when the next poll runs. Pure: `nextSchedule` folds what
 * happened into the schedule, `pollDelay` says how long until the next poll (or that none is due).
 *
 * - Quickest (`POLL_BASE_MS`) while the page is in use or replies are arriving.
 * - Idle (no input and no new message for `IDLE_AFTER_MS`): the interval doubles after each poll.
 * - Failing: the interval doubles after each failure; activity does not shorten it until a poll
 *   succeeds.
 * - Capped at `POLL_MAX_MS`; no poll while the page is hidden (it catches up at once when shown).
 */

export const POLL_BASE_MS = 4_000;
export const POLL_MAX_MS = 60_000;
/** Without user activity or new messages for this long, the poll interval doubles each time. */
export const IDLE_AFTER_MS = 60_000;

export interface PollSchedule {
  /** The delay before the next poll. */
  readonly interval: number;
  /** Polls (or loads) that failed in a row. */
  readonly failures: number;
  /** Epoch ms of the last input on the page or new message. */
  readonly lastActivity: number;
  readonly visible: boolean;
}

export type PollEvent =
  /** A poll caught up; `gotNew`: it brought messages. */
  | { type: 'polled'; at: number; gotNew: boolean }
  /** A poll, or a reload of a thread already shown, failed (not for good). */
  | { type: 'failed' }
  /** The newest page was loaded afresh. */
  | { type: 'reloaded' }
  /** Input on the page (a key, a pointer, focus, sending). */
  | { type: 'activity'; at: number }
  | { type: 'visibility'; visible: boolean };

export function initialSchedule(now: number): PollSchedule {
  return { interval: POLL_BASE_MS, failures: 0, lastActivity: now, visible: true };
}

const doubled = (interval: number) => Math.min(Math.max(interval, POLL_BASE_MS) * 2, POLL_MAX_MS);

export function nextSchedule(s: PollSchedule, event: PollEvent): PollSchedule {
  switch (event.type) {
    case 'polled': {
      const lastActivity = event.gotNew ? event.at : s.lastActivity;
      const isIdle = event.at - lastActivity >= IDLE_AFTER_MS;
      const interval = isIdle ? Math.min(s.interval * 2, POLL_MAX_MS) : POLL_BASE_MS;
      return { ...s, failures: 0, lastActivity, interval };
    }
    case 'failed':
      return { ...s, failures: s.failures + 1, interval: doubled(s.interval) };
    case 'reloaded':
      return s.failures === 0 ? s : { ...s, failures: 0 };
    case 'activity':
      return { ...s, lastActivity: event.at, interval: s.failures === 0 ? POLL_BASE_MS : s.interval };
    case 'visibility':
      return s.visible === event.visible ? s : { ...s, visible: event.visible };
  }
}

/** What besides the schedule decides whether a poll is due. */
export interface PollGates {
  /** Started, not stopped, not blocked. */
  isRunning: boolean;
  /** The newest page is still loading: the load schedules the first poll. */
  isLoading: boolean;
}

/** Milliseconds until the next poll, or null when none is due (stopped, blocked, loading, hidden). */
export function pollDelay(s: PollSchedule, gates: PollGates): number | null {
  if (!gates.isRunning || gates.isLoading || !s.visible) return null;
  return s.interval;
}
