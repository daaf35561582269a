/**
 * The one timeout policy of the unit suite. `vite.config.ts` reads the test and hook limits;
 * `test/setup.ts` gives Testing Library's `findBy*`/`waitFor` theirs. Tests wait on a state
 * (a role, a text, a stored record), never on time, so these limits only decide how long a
 * broken test takes to fail; they are generous because two cores shared by many processes can
 * be slow. A test that needs more says why beside its own limit.
 */
export const TEST_TIMEOUT_MS = 30_000;
export const HOOK_TIMEOUT_MS = 30_000;
/** findBy* and waitFor: how long a screen may take to reach the awaited state. */
export const ASYNC_UTIL_TIMEOUT_MS = 10_000;
