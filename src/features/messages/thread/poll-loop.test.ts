import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PollLoop, type PollState } from './poll-loop';
import { POLL_BASE_MS } from './schedule';

const T0 = 1_700_000_000_000;

/** A loop whose polls each wait for the test to finish them. */
function makeLoop(initial: Partial<PollState> = {}) {
  const state: PollState = {
    isStarted: true,
    isStopped: false,
    isBlocked: false,
    phase: 'ready',
    ...initial,
  };
  /** The `verify` of every poll run. */
  const runs: boolean[] = [];
  const inFlight: (() => void)[] = [];
  const loop = new PollLoop({
    now: () => Date.now(),
    state: () => state,
    run: (verify) => {
      runs.push(verify);
      return new Promise<void>((resolve) => inFlight.push(resolve));
    },
  });
  /** Finishes the oldest poll still running and lets the loop react. */
  const finish = async () => {
    inFlight.shift()?.();
    await vi.advanceTimersByTimeAsync(0);
  };
  return { loop, state, runs, finish };
}

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
  vi.setSystemTime(T0);
});
afterEach(() => {
  vi.useRealTimers();
});

describe('poll loop', () => {
  it('keeps one poll in flight and runs the polls asked for meanwhile once, after it', async () => {
    const { loop, runs, finish } = makeLoop();
    void loop.poll();
    void loop.poll();
    void loop.poll(true);
    void loop.poll();
    expect(runs).toEqual([false]);
    await finish();
    // One more, with the tail check because one of the askers wanted it.
    expect(runs).toEqual([false, true]);
    await finish();
    expect(runs).toHaveLength(2);
  });

  it.each<[string, Partial<PollState>]>([
    ['not started', { isStarted: false }],
    ['stopped', { isStopped: true }],
    ['blocked', { isBlocked: true }],
    ['loading the newest page', { phase: 'loading' }],
    ['showing a failed first load', { phase: 'error' }],
  ])('does not poll when %s', async (_name, state) => {
    const { loop, runs } = makeLoop(state);
    await loop.poll();
    expect(runs).toHaveLength(0);
  });

  it('arms the next poll when one ends, on the schedule’s interval', async () => {
    const { loop, runs, finish } = makeLoop();
    void loop.poll();
    await finish();
    await vi.advanceTimersByTimeAsync(POLL_BASE_MS - 1);
    expect(runs).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(runs).toHaveLength(2);
  });

  it('arms nothing while hidden or stopped', async () => {
    const { loop, state, runs, finish } = makeLoop();
    loop.note({ type: 'visibility', visible: false });
    void loop.poll();
    await finish();
    await vi.advanceTimersByTimeAsync(10 * POLL_BASE_MS);
    expect(runs).toHaveLength(1);
    loop.note({ type: 'visibility', visible: true });
    loop.arm();
    state.isStopped = true;
    await vi.advanceTimersByTimeAsync(10 * POLL_BASE_MS);
    expect(runs).toHaveLength(1);
  });

  it('re-arms at once when input shortens the interval', async () => {
    const { loop, runs } = makeLoop();
    loop.note({ type: 'polled', at: T0 + 120_000, gotNew: false });
    expect(loop.interval).toBe(2 * POLL_BASE_MS);
    loop.arm();
    loop.note({ type: 'activity', at: T0 + 121_000 }, { rearm: true });
    expect(loop.interval).toBe(POLL_BASE_MS);
    await vi.advanceTimersByTimeAsync(POLL_BASE_MS);
    expect(runs).toHaveLength(1);
  });

  it('polls until settled, counting only polls that started after the call', async () => {
    const { loop, runs, finish } = makeLoop();
    void loop.poll();
    const seen: boolean[] = [];
    const settled = loop.pollUntil((hasFreshPoll) => {
      seen.push(hasFreshPoll);
      return hasFreshPoll;
    });
    // The first wait ends with the older poll: not fresh yet, so it polls again.
    await finish();
    await finish();
    await settled;
    expect(seen).toEqual([false, true]);
    expect(runs.slice(0, 2)).toEqual([false, true]);
  });
});
