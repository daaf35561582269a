/**
 * Which mock answers (docs/mock-profiles.md):
 * - `full` (the default): everything the portal relies on, including the operations and fields our
 *   reference server offers beyond the spec (`portal_extensions` on the account names them);
 * - `spec`: only what the spec names, in the shapes of its section 2 (the field tables in
 *   `mocks/spec-profile/fields.ts`), so the portal can be tried against a server that offers nothing more.
 *
 * Node (the standalone server, Vitest) reads `MOCK_PROFILE`; the browser worker reads
 * `VITE_MOCK_PROFILE`. Tests switch with `setMockProfile` and put it back in `afterEach`.
 */
export const MOCK_PROFILES = ['full', 'spec'] as const;
export type MockProfile = (typeof MOCK_PROFILES)[number];

let chosen: MockProfile | null = null;

/** The profile a variable names; unset or empty is `full`, anything else unknown is an error. */
export function parseMockProfile(raw: unknown, name = 'MOCK_PROFILE'): MockProfile {
  if (raw === undefined || raw === null || raw === '') return 'full';
  if (raw === 'full' || raw === 'spec') return raw;
  throw new Error(`${name} must be ${MOCK_PROFILES.join(' or ')}, not ${JSON.stringify(raw)}`);
}

/**
 * The variable of this host: `process` exists in Node only (Vite defines no `process` in the
 * browser), and `import.meta.env` exists only under Vite (not under tsx, which runs the server).
 */
function fromEnvironment(): MockProfile {
  if (typeof process !== 'undefined' && typeof process.env === 'object') {
    return parseMockProfile(process.env.MOCK_PROFILE);
  }
  const viteEnv = (import.meta as { env?: Record<string, unknown> }).env;
  return parseMockProfile(viteEnv?.VITE_MOCK_PROFILE, 'VITE_MOCK_PROFILE');
}

/** The profile in force: the one a test set, else the environment's (read on every call). */
export function mockProfile(): MockProfile {
  return chosen ?? fromEnvironment();
}

/** For tests: `setMockProfile('spec')`, and `setMockProfile(null)` in `afterEach` to go back to the environment's. */
export function setMockProfile(profile: MockProfile | null): void {
  chosen = profile;
}

export const isSpecProfile = () => mockProfile() === 'spec';
