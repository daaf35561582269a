import { afterEach, beforeEach, vi } from 'vitest';

/**
 * Fails a test on any unexpected console.error (after the test, with the first message), and puts
 * real timers back after each test. Registered by both setups (setup.ts, setup-pure.ts); register it
 * first, so its afterEach runs after the setup's own clean-up (hooks run as a stack).
 */
export function installConsoleGuard(): void {
  let consoleErrors: unknown[][] = [];
  const originalError = console.error;
  beforeEach(() => {
    consoleErrors = [];
    console.error = (...args: unknown[]) => {
      consoleErrors.push(args);
      originalError(...args);
    };
  });
  afterEach(() => {
    vi.useRealTimers();
    console.error = originalError;
    if (consoleErrors.length) {
      const first = consoleErrors[0]?.map(String).join(' ') ?? '';
      consoleErrors = [];
      throw new Error(`Unexpected console.error during the test: ${first.slice(0, 500)}`);
    }
  });
}
