/**
 * The mock's one notion of "now": token expiry, link lifetimes and record times all read it.
 * It follows the host's clock plus an offset that tests move (`advanceMockClock` in unit tests,
 * `POST /__mock/clock` in browser tests), so server-side expiry can happen without waiting.
 */
let offsetMs = 0;

/** Milliseconds since the epoch as the mock sees them. */
export function mockNow(): number {
  return Date.now() + offsetMs;
}

/** Moves the mock's clock forward (or back, with a negative value) by `ms`. */
export function advanceMockClock(ms: number): void {
  if (!Number.isFinite(ms)) throw new RangeError('advanceMockClock needs a finite number of ms');
  offsetMs += ms;
}

/** How far the mock's clock is ahead of the host's (ms). */
export function mockClockOffset(): number {
  return offsetMs;
}

/** Back to the host's clock (a mock reset does this too). */
export function resetMockClock(): void {
  offsetMs = 0;
}
