/**
 * Where requests go, parsed once at start-up. Every VITE_* value ends up in the public bundle,
 * so nothing secret belongs here: the API key is the account's public key, never the secret.
 * This runs on the first page, which carries no zod (the schemas load with the pages that need
 * them), so the few rules are plain checks: each returns the value, or a message for a bad one.
 */
type Rule<T> = (raw: string | undefined) => { value: T } | { problem: string };

const text =
  (fallback: string): Rule<string> =>
  (raw) => ({ value: raw ?? fallback });
const matching =
  (pattern: RegExp, problem: string, fallback: string): Rule<string> =>
  (raw) =>
    raw === undefined ? { value: fallback } : pattern.test(raw) ? { value: raw } : { problem };
const oneOf =
  <const V extends string>(values: readonly V[]): Rule<V | undefined> =>
  (raw) =>
    raw === undefined || values.includes(raw as V)
      ? { value: raw as V | undefined }
      : { problem: `must be one of ${values.join(', ')}` };
const number =
  (fallback: number, check: (n: number) => string | null): Rule<number> =>
  (raw) => {
    if (raw === undefined) return { value: fallback };
    const n = raw.trim() === '' ? Number.NaN : Number(raw);
    if (!Number.isFinite(n)) return { problem: 'must be a number' };
    const problem = check(n);
    return problem ? { problem } : { value: n };
  };
const positiveAtMost = (max: number, unit: string) => (n: number) =>
  n <= 0 ? 'must be a positive number' : n > max ? `must be at most ${max} ${unit}` : null;

const RULES = {
  VITE_API_BASE_URL: text('/api_v3'),
  VITE_MESSAGES_BASE_URL: text('/messaging'),
  VITE_SURVEY_BASE_URL: text('/survey'),
  VITE_ACCOUNT_CODE: matching(
    /^[A-Za-z0-9_-]+$/,
    'must be a clinic account code (letters, digits, - and _)',
    'demo',
  ),
  VITE_API_KEY: text('demo-api-key'),
  VITE_ROOM_HOST: matching(
    /^[a-z0-9.-]+(:\d+)?$/i,
    'must be a host name such as rooms.example.com',
    'rooms.example.test',
  ),
  /** Hosts a recording's pre-signed link may point at (comma list); any other host is refused. */
  VITE_RECORDING_HOSTS: matching(
    /^[a-z0-9.-]+(:\d+)?(,[a-z0-9.-]+(:\d+)?)*$/i,
    'must be host names separated by commas',
    'recordings.example.test',
  ),
  /** Hosts file and photo links may point at besides the API (comma list; https only). */
  VITE_FILE_HOSTS: matching(
    /^([a-z0-9.-]+(:\d+)?(,[a-z0-9.-]+(:\d+)?)*)?$/i,
    'must be host names separated by commas',
    '',
  ),
  VITE_API_MOCKING: (raw: string | undefined) => {
    const result = oneOf(['on', 'off'])(raw);
    return 'value' in result ? { value: result.value ?? 'off' } : result;
  },
  VITE_DEV_SIGNIN: oneOf(['on', 'off']),
  VITE_PAYMENT_GATEWAY: oneOf(['stripe', 'fake']),
  VITE_IDLE_TIMEOUT_MINUTES: number(15, positiveAtMost(24 * 60, 'minutes')),
  VITE_IDLE_WARNING_MINUTES: number(2, positiveAtMost(60, 'minutes')),
  VITE_SESSION_MAX_HOURS: number(12, positiveAtMost(72, 'hours')),
  /** Minutes before an appointment's start when its join button opens. */
  VITE_JOIN_OPENS_MINUTES: number(10, (n) =>
    !Number.isInteger(n) || n < 0 || n > 120 ? 'must be a whole number from 0 to 120' : null,
  ),
} satisfies Record<string, Rule<unknown>>;

export type Env = {
  [K in keyof typeof RULES]: Extract<ReturnType<(typeof RULES)[K]>, { value: unknown }>['value'];
};

export class EnvError extends Error {
  override name = 'EnvError';
}

/** Parses raw variables; throws an EnvError that names each bad variable. */
export function parseEnv(raw: Record<string, unknown>): Env {
  const values: Record<string, unknown> = {};
  const lines: string[] = [];
  for (const [name, rule] of Object.entries(RULES) as [string, Rule<unknown>][]) {
    const given = raw[name];
    // Vite hands over strings (and booleans for its own flags); anything else counts as unset.
    const text = typeof given === 'string' || typeof given === 'number' ? String(given) : '';
    const result = rule(text === '' ? undefined : text);
    if ('value' in result) values[name] = result.value;
    else lines.push(`${name}: ${result.problem}`);
  }
  if (lines.length) {
    throw new EnvError(`The portal is misconfigured. Check these variables:\n${lines.join('\n')}`);
  }
  return values as Env;
}

function load(): { env: Env; problem: string | null } {
  try {
    return { env: parseEnv({ ...import.meta.env }), problem: null };
  } catch (error) {
    // Start with the defaults so the page can render the problem instead of a blank screen.
    return { env: parseEnv({}), problem: error instanceof Error ? error.message : String(error) };
  }
}

const loaded = load();
export const env: Env = loaded.env;
/** Set when a variable is invalid: main.tsx shows it and does not start the portal. */
export const envProblem: string | null = loaded.problem;

/** The development sign-in page exists only with mocking on, or when a build asks for it (browser tests). */
// Read from the build-time constant (vite.config.ts) so a build without the page drops its code.
export const isDevSignInEnabled = import.meta.env.VITE_DEV_SIGNIN === 'on';
