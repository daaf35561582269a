import '@/lib/zod-setup';
import { z } from 'zod';

/**
 * Where requests go, parsed once at start-up. Every VITE_* value ends up in the public bundle,
 * so nothing secret belongs here: the API key is the account's public key, never the secret.
 */
const EnvSchema = z.object({
  VITE_API_BASE_URL: z.string().min(1).default('/api_v3'),
  VITE_MESSAGES_BASE_URL: z.string().min(1).default('/messaging'),
  VITE_SURVEY_BASE_URL: z.string().min(1).default('/survey'),
  VITE_ACCOUNT_CODE: z
    .string()
    .regex(/^[A-Za-z0-9_-]+$/, 'must be a clinic account code (letters, digits, - and _)')
    .default('demo'),
  VITE_API_KEY: z.string().min(1).default('demo-api-key'),
  VITE_ROOM_HOST: z
    .string()
    .regex(/^[a-z0-9.-]+(:\d+)?$/i, 'must be a host name such as rooms.example.com')
    .default('rooms.example.test'),
  /** Hosts a recording's pre-signed link may point at (comma list); any other host is refused. */
  VITE_RECORDING_HOSTS: z
    .string()
    .regex(/^[a-z0-9.-]+(:\d+)?(,[a-z0-9.-]+(:\d+)?)*$/i, 'must be host names separated by commas')
    .default('recordings.example.test'),
  /** Hosts file and photo links may point at besides the API (comma list; https only). */
  VITE_FILE_HOSTS: z
    .string()
    .regex(/^([a-z0-9.-]+(:\d+)?(,[a-z0-9.-]+(:\d+)?)*)?$/i, 'must be host names separated by commas')
    .default(''),
  VITE_API_MOCKING: z.enum(['on', 'off']).default('off'),
  VITE_DEV_SIGNIN: z.enum(['on', 'off']).optional(),
  VITE_PAYMENT_GATEWAY: z.enum(['stripe', 'fake']).optional(),
  VITE_IDLE_TIMEOUT_MINUTES: z.coerce
    .number()
    .positive()
    .max(24 * 60)
    .default(15),
  VITE_IDLE_WARNING_MINUTES: z.coerce.number().positive().max(60).default(2),
  VITE_SESSION_MAX_HOURS: z.coerce.number().positive().max(72).default(12),
  /** Minutes before an appointment's start when its join button opens. */
  VITE_JOIN_OPENS_MINUTES: z.coerce.number().int().min(0).max(120).default(10),
});

export type Env = z.infer<typeof EnvSchema>;

export class EnvError extends Error {
  override name = 'EnvError';
}

/** Parses raw variables; throws an EnvError that names each bad variable. */
export function parseEnv(raw: Record<string, unknown>): Env {
  const cleaned = Object.fromEntries(Object.entries(raw).filter(([, v]) => v !== '' && v !== undefined));
  const result = EnvSchema.safeParse(cleaned);
  if (!result.success) {
    const lines = result.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
    throw new EnvError(`The portal is misconfigured. Check these variables:\n${lines.join('\n')}`);
  }
  return result.data;
}

function load(): { env: Env; problem: string | null } {
  try {
    return { env: parseEnv({ ...import.meta.env }), problem: null };
  } catch (error) {
    // Start with the defaults so the page can render the problem instead of a blank screen.
    return { env: EnvSchema.parse({}), problem: error instanceof Error ? error.message : String(error) };
  }
}

const loaded = load();
export const env: Env = loaded.env;
/** Set when a variable is invalid: main.tsx shows it and does not start the portal. */
export const envProblem: string | null = loaded.problem;

/** The development sign-in page exists only with mocking on, or when a build asks for it (browser tests). */
// Read from the build-time constant (vite.config.ts) so a build without the page drops its code.
export const isDevSignInEnabled = import.meta.env.VITE_DEV_SIGNIN === 'on';
