import '@/lib/zod-setup';
import { afterEach, beforeEach, vi } from 'vitest';

// The setup of the `pure` project (test/pure-tests.ts): tests of logic, schemas and rules that
// load no mock. No mock server is started and no clinic seeded; a request would fail loudly (there
// is no server to answer it). An unexpected console.error still fails the test, as in setup.ts.
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
