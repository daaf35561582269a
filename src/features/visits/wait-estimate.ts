import { plural, t } from '@lingui/core/macro';
import type { RoomQueue } from '@telehealth/client/rooms/schemas';

export interface WaitRange {
  /** Seconds. */
  low: number;
  /** Seconds. */
  high: number;
  /** The ceiling `visit.time.max_wait_time` cut the estimate. */
  capped: boolean;
}

/**
 * The spec's estimate is `average_visit_time × before_me`. It is the upper end of a range: the
 * visit in progress ahead may be nearly over, so the lower end is one average visit less. The
 * account's `visit.time.max_wait_time` caps both ends.
 */
export function estimateWaitRange(
  queue: Pick<RoomQueue, 'average_visit_time' | 'before_me'>,
  maxWaitSeconds?: number | null,
): WaitRange {
  const average = Math.max(0, queue.average_visit_time);
  const ahead = Math.max(0, Math.floor(queue.before_me));
  let high = average * ahead;
  let low = average * Math.max(0, ahead - 1);
  let capped = false;
  if (typeof maxWaitSeconds === 'number' && maxWaitSeconds > 0 && high > maxWaitSeconds) {
    high = maxWaitSeconds;
    low = Math.min(low, maxWaitSeconds);
    capped = true;
  }
  return { low, high, capped };
}

function minutes(seconds: number, round: (n: number) => number): number {
  return Math.max(0, round(seconds / 60));
}

function phrase(mins: number): string {
  if (mins >= 60) {
    const h = Math.floor(mins / 60);
    const m = mins % 60;
    return m ? t`${h} h ${m} min` : t`${plural(h, { one: '# hour', other: '# hours' })}`;
  }
  return t`${plural(mins, { one: '# minute', other: '# minutes' })}`;
}

/** "10 to 20 minutes", "less than 10 minutes", "up to 30 minutes", or null when nobody is ahead. */
export function formatWaitRange(range: WaitRange): string | null {
  if (range.high <= 0) return null;
  const high = minutes(range.high, Math.ceil);
  const low = minutes(range.low, Math.floor);
  const most = phrase(high);
  if (range.capped && low >= high) return t`up to ${most}`;
  if (low <= 0) return t`less than ${most}`;
  if (low >= high) return t`about ${most}`;
  if (high < 60) return t`${low} to ${most}`;
  const least = phrase(low);
  return t`${least} to ${most}`;
}
