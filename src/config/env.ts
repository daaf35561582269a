import { DEMO_DEPLOYMENT, type Env, parseEnv } from './env-check';

/**
 * Where requests go, parsed once at start-up with the rules in env-check.ts (the build checks the
 * same rules first, so a bad bundle is rare). Every VITE_* value ends up in the public bundle, so
 * nothing secret belongs here: the API key is the account's public key, never the secret.
 */
export { EnvError, parseEnv, type Env } from './env-check';

// A build-time constant (vite.config.ts, from demoDefaultsAllowed): a build that must name its
// clinic and hosts drops DEMO_DEPLOYMENT, and a bundle made without the constant gets no demo values.
const demo = import.meta.env.PORTAL_DEMO_DEFAULTS === 'on' ? DEMO_DEPLOYMENT : null;

/** Placeholders (the reserved .invalid domain) while the page shows why the portal cannot start. */
const UNSET_DEPLOYMENT = {
  VITE_ACCOUNT_CODE: 'unset',
  VITE_API_KEY: 'unset',
  VITE_ROOM_HOST: 'unset.invalid',
  VITE_RECORDING_HOSTS: 'unset.invalid',
};

function load(): { env: Env; problem: string | null } {
  try {
    return { env: parseEnv({ ...import.meta.env }, { demo }), problem: null };
  } catch (error) {
    // Plain defaults so the page can render the problem instead of a blank screen; the portal
    // does not start, so no request is ever sent with them.
    return {
      env: parseEnv({}, { demo: UNSET_DEPLOYMENT }),
      problem: error instanceof Error ? error.message : String(error),
    };
  }
}

// A build's variables arrive parsed (vite.config.ts); the dev server and tests parse them here.
declare const __PORTAL_ENV__: Env | null;
const loaded = __PORTAL_ENV__ ? { env: __PORTAL_ENV__, problem: null } : load();
export const env: Env = loaded.env;
/** Set when a variable is invalid or missing: main.tsx shows it and does not start the portal. */
export const envProblem: string | null = loaded.problem;

/** The development sign-in page exists only with mocking on, or when a build asks for it (browser tests). */
// Read from the build-time constant (vite.config.ts) so a build without the page drops its code.
export const isDevSignInEnabled = import.meta.env.VITE_DEV_SIGNIN === 'on';
