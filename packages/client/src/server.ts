import { configureAuth, configureClient, type ClientConfig } from './http.ts';
import { retryReads, type RetryPolicy } from './retry.ts';
import { createSsoUser } from './users/requests.ts';
import type { SsoInput, SsoResult } from './users/schemas.ts';

/**
 * The client on an integrator's server (a clinic's or partner's own back end): it creates or finds
 * users through SSO with the clinic's key and secret, builds the portal's `/auth` link, calls the
 * admin endpoints with the clinic admin token, and reads as a user with a token it keeps.
 * The client holds one configuration per process: one clinic per process.
 */

/** Where a user's access token is kept between calls. In memory by default. */
export interface TokenStore {
  get(): string | null | Promise<string | null>;
  set(token: string | null): void | Promise<void>;
}

/** A token store in this process's memory. */
export function memoryTokenStore(initial: string | null = null): TokenStore {
  let token = initial;
  return {
    get: () => token,
    set: (next) => {
      token = next;
    },
  };
}

export interface ServerOptions {
  /** The API base, e.g. `https://api.example.com/api_v3`. */
  apiBaseUrl: string;
  /** The messaging base (visit threads); needed for thread reads. */
  messagesBaseUrl?: string;
  /** The survey base. */
  surveyBaseUrl?: string;
  accountCode: string;
  apiKey: string;
  /** The clinic's API secret, for `POST /users/sso`: only ever on a server. */
  apiSecret?: string;
  /** The clinic admin API token, for the ADMIN calls (users, rooms, associations, recordings). */
  adminToken?: string;
  /** A user's access token, for calls made as that user (a visit's thread, notifications). */
  tokens?: TokenStore;
  /** Reads tried again with backoff and `Retry-After` (on by default here: 3 tries); `false` turns it off. */
  retry?: RetryPolicy | false;
  fetch?: ClientConfig['fetch'];
}

export interface AuthLinkOptions {
  /** A path of the portal to open after sign-in, e.g. `/patient/visits/start`. */
  next?: string;
  /** Invalidate the SSO token once used (the default): a forwarded link cannot sign in again. */
  oneTimeToken?: boolean;
}

export interface ServerClient {
  /** `POST /users/sso`: the first call with a `code` creates the user, later calls return the same one. */
  ssoUser(input: SsoInput, options?: { signal?: AbortSignal }): Promise<SsoResult>;
  /** The user's token store (set it to act as that user). */
  tokens: TokenStore;
}

/** True in a page (a browser window or frame), where a secret would be readable by anyone. */
const inBrowser = () => typeof window !== 'undefined' && typeof document !== 'undefined';

/** Points the client at a clinic for server use. Refuses a secret in a browser. */
export function connectServer(options: ServerOptions): ServerClient {
  if (options.apiSecret && inBrowser()) {
    throw new Error(
      'The clinic API secret is for servers only: a page would hand it to every visitor. Call POST /users/sso from your back end.',
    );
  }
  const tokens = options.tokens ?? memoryTokenStore();
  configureClient({
    apiBaseUrl: options.apiBaseUrl,
    messagesBaseUrl: options.messagesBaseUrl ?? '',
    surveyBaseUrl: options.surveyBaseUrl ?? '',
    accountCode: options.accountCode,
    apiKey: options.apiKey,
    send: options.retry === false ? undefined : retryReads(options.retry),
    fetch: options.fetch,
  });
  configureAuth({
    getAccessToken: () => Promise.resolve(tokens.get()),
    // A server holds no refresh token: a refused user token is the caller's to replace.
    refreshAfterUnauthorized: () => Promise.reject(new Error('The user token was refused: set a fresh one.')),
    onSessionRejected: () => undefined,
    getAdminToken: () => options.adminToken ?? null,
  });
  return {
    tokens,
    ssoUser(input, call = {}) {
      if (!options.apiSecret) throw new Error('ssoUser needs the clinic API secret (apiSecret).');
      return createSsoUser(input, options.apiSecret, call);
    },
  };
}

/**
 * The portal's sign-in link for an SSO token (spec `GET /auth`): `{portal}/auth?sso_token=…&next=…&one_time_token=1`.
 * `next` must be a path of the portal (a full address elsewhere is refused: no open redirect).
 */
export function authLink(portalUrl: string, ssoToken: string, options: AuthLinkOptions = {}): string {
  const { next, oneTimeToken = true } = options;
  if (next !== undefined && (!next.startsWith('/') || next.startsWith('//'))) {
    throw new Error(`next must be a path of the portal, such as /patient; got "${next}".`);
  }
  const url = new URL('/auth', portalUrl);
  url.searchParams.set('sso_token', ssoToken);
  if (next) url.searchParams.set('next', next);
  if (oneTimeToken) url.searchParams.set('one_time_token', '1');
  return url.href;
}
