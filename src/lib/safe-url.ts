import { env } from '@/config/env';

/** Where URL-valued fields from the API may point. */
export interface ResourcePolicy {
  /** Origins admitted with any http(s) scheme: this portal's and the API's. */
  origins: ReadonlySet<string>;
  /** Hosts (host[:port]) admitted over https only: configured file, recording and room hosts. */
  httpsHosts: ReadonlySet<string>;
  /** Development and mock builds only: the local mock server on localhost/127.0.0.1. */
  allowLocal: boolean;
}

function originOf(value: string, base: string): string | null {
  try {
    return new URL(value, `${base}/`).origin;
  } catch {
    return null;
  }
}

/** Builds a policy; `hosts` is a comma list of host names (host[:port]). */
export function resourcePolicy(options: {
  origin: string;
  apiBaseUrls: readonly string[];
  hosts: string;
  allowLocal: boolean;
}): ResourcePolicy {
  const origins = new Set([options.origin]);
  for (const base of options.apiBaseUrls) {
    const origin = originOf(base, options.origin);
    if (origin && origin !== 'null') origins.add(origin);
  }
  const httpsHosts = new Set(
    options.hosts
      .split(',')
      .map((h) => h.trim().toLowerCase())
      .filter(Boolean),
  );
  return { origins, httpsHosts, allowLocal: options.allowLocal };
}

/** The deployment's policy: the API origins, VITE_FILE_HOSTS, VITE_RECORDING_HOSTS, the room host. */
export function policyFromEnv(origin: string = window.location.origin): ResourcePolicy {
  return resourcePolicy({
    origin,
    apiBaseUrls: [env.VITE_API_BASE_URL, env.VITE_MESSAGES_BASE_URL, env.VITE_SURVEY_BASE_URL],
    hosts: [
      env.VITE_FILE_HOSTS,
      env.VITE_RECORDING_HOSTS,
      `${env.VITE_ACCOUNT_CODE}.${env.VITE_ROOM_HOST}`.toLowerCase(),
    ].join(','),
    allowLocal: import.meta.env.DEV || env.VITE_API_MOCKING === 'on',
  });
}

let cached: { origin: string; policy: ResourcePolicy } | null = null;
function defaultPolicy(): ResourcePolicy {
  const origin = window.location.origin;
  if (cached?.origin !== origin) cached = { origin, policy: policyFromEnv(origin) };
  return cached.policy;
}

const LOCAL_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

/**
 * URL-valued fields from the API (photos, logos, file and join links) reach `src`/`href` only
 * when they point at this portal, the API, or a configured file/recording/room host over https
 * (RELIABILITY case 26). Anything else (javascript:, data:, blob:, other hosts, credentials in
 * the URL, localhost outside development) is refused and the caller shows a placeholder.
 */
export function safeResourceUrl(value: unknown, policy: ResourcePolicy = defaultPolicy()): string | null {
  if (typeof value !== 'string' || !value.trim()) return null;
  let url: URL;
  try {
    url = new URL(value.trim(), `${[...policy.origins][0] ?? window.location.origin}/`);
  } catch {
    return null;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return null;
  if (url.username || url.password) return null;
  if (policy.origins.has(url.origin)) return url.href;
  if (url.protocol === 'https:' && policy.httpsHosts.has(url.host.toLowerCase())) return url.href;
  if (policy.allowLocal && LOCAL_HOSTS.has(url.hostname)) return url.href;
  return null;
}
