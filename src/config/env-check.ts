/**
 * The rules for the portal's variables, shared by the build (vite.config.ts stops a build with a
 * bad or missing value) and the start-up check (env.ts shows the same message instead of starting).
 * Plain code with no `import.meta.env` and no `@/` imports: the Vite config loads it in Node, and
 * the first page carries no zod. Each rule returns the value, or a message for a bad one.
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

const HOST_LIST = /^[a-z0-9.-]+(:\d+)?(,[a-z0-9.-]+(:\d+)?)*$/i;

/**
 * The variables that say which clinic and which hosts a build serves, and what each is for (the
 * message names them). No rule below has a default for them: an unset one is either missing or,
 * where demo values are allowed, filled from DEMO_DEPLOYMENT.
 */
export const DEPLOYMENT_VARIABLES = {
  VITE_ACCOUNT_CODE: 'the clinic account code, sent as X-AccountCode',
  VITE_API_KEY: "the account's public API key (never the secret)",
  VITE_ROOM_HOST: 'the video room host',
  VITE_RECORDING_HOSTS: 'the hosts recording links may open on (comma list)',
} as const;

export type DeploymentVariable = keyof typeof DEPLOYMENT_VARIABLES;

/** The mock's account (DESIGN.md section 3): for development, tests and mock builds only. */
export const DEMO_DEPLOYMENT: Readonly<Record<DeploymentVariable, string>> = {
  VITE_ACCOUNT_CODE: 'demo',
  VITE_API_KEY: 'demo-api-key',
  VITE_ROOM_HOST: 'rooms.example.test',
  VITE_RECORDING_HOSTS: 'recordings.example.test',
};

/**
 * Where demo values may stand in for unset deployment variables: the dev server, tests and
 * builds on the in-browser mock. Everything else (a build over real HTTP) must name them.
 */
export function demoDefaultsAllowed(target: { mode: string; mocking: boolean; devServer: boolean }): boolean {
  return target.mocking || target.devServer || target.mode === 'test';
}

const RULES = {
  VITE_API_BASE_URL: text('/api_v3'),
  VITE_MESSAGES_BASE_URL: text('/messaging'),
  VITE_SURVEY_BASE_URL: text('/survey'),
  VITE_ACCOUNT_CODE: matching(
    /^[A-Za-z0-9_-]+$/,
    'must be a clinic account code (letters, digits, - and _)',
    '',
  ),
  VITE_API_KEY: matching(/\S/, 'must not be blank', ''),
  VITE_ROOM_HOST: matching(/^[a-z0-9.-]+(:\d+)?$/i, 'must be a host name such as rooms.example.com', ''),
  /** Hosts a recording's pre-signed link may point at (comma list); any other host is refused. */
  VITE_RECORDING_HOSTS: matching(HOST_LIST, 'must be host names separated by commas', ''),
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
  static {
    // On the prototype: an own `name` would be printed again after the message.
    this.prototype.name = 'EnvError';
  }
}

// Short: it ships in the first page, and the build refuses the same mistake first (vite.config.ts).
const MISSING_HINT = 'Set the clinic and hosts for this build (see .env.example).';

const isDeploymentVariable = (name: string): name is DeploymentVariable => name in DEPLOYMENT_VARIABLES;

/**
 * Parses raw variables; throws an EnvError that names each bad or missing variable. `demo` fills
 * unset deployment variables (development, tests, mock builds); without it they must be given.
 */
export function parseEnv(
  raw: Record<string, unknown>,
  { demo }: { demo: Readonly<Record<DeploymentVariable, string>> | null },
): Env {
  const values: Record<string, unknown> = {};
  const lines: string[] = [];
  let missing = false;
  for (const [name, rule] of Object.entries(RULES) as [string, Rule<unknown>][]) {
    const given = raw[name];
    // Vite hands over strings (and booleans for its own flags); anything else counts as unset.
    const text = typeof given === 'string' || typeof given === 'number' ? String(given) : '';
    let value: string | undefined = text === '' ? undefined : text;
    if (value === undefined && isDeploymentVariable(name)) {
      if (!demo) {
        missing = true;
        lines.push(`${name}: not set; ${DEPLOYMENT_VARIABLES[name]}`);
        continue;
      }
      value = demo[name];
    }
    const result = rule(value);
    if ('value' in result) values[name] = result.value;
    else lines.push(`${name}: ${result.problem}`);
  }
  if (lines.length) {
    const hint = missing ? [MISSING_HINT] : [];
    throw new EnvError(['The portal is misconfigured. Check these variables:', ...lines, ...hint].join('\n'));
  }
  return values as Env;
}
