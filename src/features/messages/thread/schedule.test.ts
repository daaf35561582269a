import { describe, expect, it } from 'vitest';
import {
  IDLE_AFTER_MS,
  POLL_BASE_MS,
  POLL_MAX_MS,
  initialSchedule,
  nextSchedule,
  pollDelay,
  type PollEvent,
  type PollSchedule,
} from './schedule';

/** A fixed instant: the schedule only ever sees the times it is given. */
const T0 = 1_700_000_000_000;
const S = 1_000;

/** The interval after each event, folding them from a fresh schedule at T0. */
function intervals(events: PollEvent[]): number[] {
  let s = initialSchedule(T0);
  return events.map((event) => (s = nextSchedule(s, event)).interval);
}
const polled = (atSeconds: number, gotNew = false): PollEvent => ({
  type: 'polled',
  at: T0 + atSeconds * S,
  gotNew,
});
const failed: PollEvent = { type: 'failed' };
const activity = (atSeconds: number): PollEvent => ({ type: 'activity', at: T0 + atSeconds * S });

describe('poll schedule', () => {
  it('starts at the quickest interval, visible, with no failures', () => {
    expect(initialSchedule(T0)).toEqual({
      interval: POLL_BASE_MS,
      failures: 0,
      lastActivity: T0,
      visible: true,
    });
  });

  it.each<[string, PollEvent[], number[]]>([
    ['polls while the page is in use stay quickest', [polled(4), polled(8), polled(59)], [4e3, 4e3, 4e3]],
    [
      'idle for a minute: each poll doubles the interval, up to 60 s',
      [polled(60), polled(68), polled(84), polled(116), polled(180), polled(240)],
      [8e3, 16e3, 32e3, 60e3, 60e3, 60e3],
    ],
    ['a new message while idle brings it back', [polled(60), polled(68), polled(76, true)], [8e3, 16e3, 4e3]],
    ['a new message counts as activity', [polled(50, true), polled(100)], [4e3, 4e3]],
    ['input while idle brings it back', [polled(60), polled(68), activity(70)], [8e3, 16e3, 4e3]],
    [
      'failures double it from 4 s, up to 60 s',
      [failed, failed, failed, failed, failed],
      [8e3, 16e3, 32e3, 60e3, 60e3],
    ],
    ['input does not hurry a failing thread', [failed, failed, activity(10)], [8e3, 16e3, 16e3]],
    ['a poll that works after failures is quick again', [failed, failed, polled(30)], [8e3, 16e3, 4e3]],
    [
      'a reload after failures keeps the interval but forgets the failures',
      [failed, { type: 'reloaded' }, activity(9)],
      [8e3, 8e3, 4e3],
    ],
  ])('%s', (_name, events, expected) => {
    expect(intervals(events)).toEqual(expected);
  });

  it('never goes below the quickest or above the slowest interval', () => {
    const events: PollEvent[] = [];
    for (let i = 1; i <= 40; i += 1)
      events.push(i % 7 === 0 ? activity(i * 90) : i % 3 ? failed : polled(i * 90));
    for (const interval of intervals(events)) {
      expect(interval).toBeGreaterThanOrEqual(POLL_BASE_MS);
      expect(interval).toBeLessThanOrEqual(POLL_MAX_MS);
    }
  });

  it('counts idle time from the last input or new message', () => {
    let s = nextSchedule(initialSchedule(T0), activity(10));
    s = nextSchedule(s, polled(10 + IDLE_AFTER_MS / S - 1));
    expect(s.interval).toBe(POLL_BASE_MS);
    s = nextSchedule(s, polled(10 + IDLE_AFTER_MS / S));
    expect(s.interval).toBe(2 * POLL_BASE_MS);
    expect(s.lastActivity).toBe(T0 + 10 * S);
  });

  it('tracks visibility without touching the interval', () => {
    const hidden = nextSchedule(initialSchedule(T0), { type: 'visibility', visible: false });
    expect(hidden).toMatchObject({ visible: false, interval: POLL_BASE_MS });
    const same = nextSchedule(hidden, { type: 'visibility', visible: false });
    expect(same).toBe(hidden);
  });

  const running = { isRunning: true, isLoading: false };
  const visible: PollSchedule = { ...initialSchedule(T0), interval: 16_000 };
  it.each<[string, PollSchedule, { isRunning: boolean; isLoading: boolean }, number | null]>([
    ['running and shown', visible, running, 16_000],
    ['hidden', { ...visible, visible: false }, running, null],
    ['stopped, blocked or not started', visible, { isRunning: false, isLoading: false }, null],
    ['still loading the newest page', visible, { isRunning: true, isLoading: true }, null],
  ])('next poll when %s', (_name, s, gates, delay) => {
    expect(pollDelay(s, gates)).toBe(delay);
  });
});
