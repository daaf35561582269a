import { ApiError } from '../errors.ts';
import { apiJson, buildUrl, decodeJson, errorFromResponse, type CallOptions } from '../http.ts';
import type {
  ListUsersFilter,
  Profile,
  RefreshResult,
  SsoInput,
  SsoResult,
  UpdateProfileInput,
  User,
  UserList,
} from './schemas.ts';

/**
 * The schemas (and zod) load on the first call, in parallel with the request: the session and the
 * area guards on the first page call these functions, and the first page carries no zod.
 */
const schemas = () => import('./schemas.ts');

/** GET /me: the signed-in user's profile. */
export function getMe(options: CallOptions & { photoSize?: string } = {}): Promise<Profile> {
  return apiJson({
    path: '/me',
    auth: 'user-token',
    query: { user_photo_size: options.photoSize },
    schema: schemas().then((m) => m.ProfileSchema),
    signal: options.signal,
  });
}

/** POST /me: updates the profile (form-urlencoded; only the fields given change). */
export function updateMe(input: UpdateProfileInput, options: CallOptions = {}): Promise<Profile> {
  return apiJson({
    method: 'POST',
    path: '/me',
    auth: 'user-token',
    body: { form: input },
    schema: schemas().then((m) => m.ProfileSchema),
    signal: options.signal,
  });
}

/** GET /users/{id} (`-` is the current user). */
export function getUser(id: string, options: CallOptions = {}): Promise<User> {
  return apiJson({
    path: `/users/${encodeURIComponent(id)}`,
    auth: 'user',
    schema: schemas().then((m) => m.UserSchema),
    signal: options.signal,
  });
}

/** GET /users (ADMIN): search and page through the clinic's users. */
export function listUsers(filter: ListUsersFilter, options: CallOptions = {}): Promise<UserList> {
  const { fields, ...rest } = filter;
  return apiJson({
    path: '/users',
    auth: 'admin',
    query: { ...rest, fields },
    schema: schemas().then((m) => m.UserListSchema),
    envelope: 'none',
    signal: options.signal,
  });
}

/**
 * POST /users/sso (KEYSECRET). The secret never exists in the browser bundle: this is for
 * integrators' servers, tests and the mock's own tooling, which pass the secret in.
 */
export function createSsoUser(
  input: SsoInput,
  apiSecret: string,
  options: CallOptions = {},
): Promise<SsoResult> {
  const form = new FormData();
  for (const [key, value] of Object.entries(input)) {
    if (value !== undefined) form.set(key, String(value));
  }
  return apiJson({
    method: 'POST',
    path: '/users/sso',
    auth: 'keysecret',
    apiSecret,
    body: { multipart: form },
    schema: schemas().then((m) => m.SsoResultSchema),
    signal: options.signal,
  });
}

/** How the /auth landing signed in (docs/spec-decisions.md, "Sign-in from /auth"). */
export interface SsoSignIn {
  /**
   * `exchange`: the server offers the JSON exchange and issued the portal a pair of its own (the
   * SSO token is a separate token the landing then destroys). `sso-token`: the spec's `/auth`, a
   * redirect login; the SSO token itself is the access token (spec 4.1, SSO rule 5), with no
   * refresh token (`token.refresh_token.token` is `''`) and, unless the server said, no known expiry.
   */
  via: 'exchange' | 'sso-token';
  result: SsoResult;
}

/** How long the landing waits for the optional JSON exchange before taking the spec's path. */
export const AUTH_EXCHANGE_TIMEOUT_MS = 8_000;

/**
 * The portal's side of `/auth`. The spec's `GET /auth` is a redirect login (302). A server may
 * also offer a JSON exchange (200 with user fields and a fresh token pair) when asked for JSON;
 * that is used when offered. Anything else (a 302, an opaque redirect, a non-JSON answer, no
 * answer) takes the spec's path: `GET /me` with the SSO token as `X-ApiToken`. A 401 or 403 from
 * `/auth` is the server refusing the token (an invalid or spent link).
 *
 * `one_time_token=1` is never sent to the server: on the spec's path the SSO token is the
 * session, and spending it would end the session it starts (docs/spec-decisions.md).
 */
export async function signInWithSsoToken(ssoToken: string, options: CallOptions = {}): Promise<SsoSignIn> {
  const offered = await askForExchange(ssoToken, options.signal);
  if (offered) return { via: 'exchange', result: offered };
  const profile = await apiJson({
    path: '/me',
    auth: 'none',
    headers: { 'X-ApiToken': ssoToken },
    schema: schemas().then((m) => m.ProfileSchema),
    signal: options.signal,
  });
  return {
    via: 'sso-token',
    result: {
      ...profile,
      token: {
        user_id: profile.id,
        token: ssoToken,
        expiry: null,
        refresh_token: { token: '', expiry: null },
      },
    },
  };
}

/**
 * The JSON exchange alone (not in the spec: a server's extension, which the mock offers): asked
 * for JSON, `GET /auth` answers 200 with user fields and a fresh token pair instead of its 302.
 * The landing uses `signInWithSsoToken`, which falls back to the spec's path.
 */
export function exchangeSsoToken(
  ssoToken: string,
  oneTime: boolean,
  options: CallOptions = {},
): Promise<SsoResult> {
  return apiJson({
    path: '/auth',
    auth: 'none',
    query: { sso_token: ssoToken, one_time_token: oneTime ? 1 : undefined },
    schema: schemas().then((m) => m.SsoResultSchema),
    signal: options.signal,
  });
}

/** The JSON exchange, when the server offers it; null when it answers the spec's way (or not at all). */
async function askForExchange(ssoToken: string, signal: AbortSignal | undefined): Promise<SsoResult | null> {
  const schema = schemas().then((m) => m.SsoResultSchema);
  schema.catch(() => undefined);
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), AUTH_EXCHANGE_TIMEOUT_MS);
  const onAbort = () => controller.abort();
  signal?.addEventListener('abort', onAbort);
  try {
    let response: Response;
    try {
      response = await fetch(buildUrl('api', '/auth', { sso_token: ssoToken }), {
        headers: { Accept: 'application/json' },
        // A 302 stays a 302 (or an opaque redirect in a browser): it is the answer, not a hop to follow.
        redirect: 'manual',
        credentials: 'omit',
        referrerPolicy: 'no-referrer',
        cache: 'no-store',
        signal: controller.signal,
      });
    } catch (cause) {
      if (signal?.aborted) throw new ApiError({ kind: 'aborted', cause });
      // A browser-only /auth (no CORS) or no answer in time: the spec's path decides.
      return null;
    }
    if (response.status === 401 || response.status === 403) throw await errorFromResponse(response);
    const type = response.headers.get('Content-Type') ?? '';
    if (response.type === 'opaqueredirect' || response.status !== 200 || !type.includes('json')) {
      // The body (a redirect's, a page's) is not needed.
      void response.body?.cancel().catch(() => undefined);
      return null;
    }
    try {
      return decodeJson(await response.text(), response.status, await schema, 'data');
    } catch {
      // JSON, but not a token pair: not the exchange.
      return null;
    }
  } finally {
    clearTimeout(timer);
    signal?.removeEventListener('abort', onAbort);
  }
}

/** POST /tokens/refresh (ACCOUNT): rotates the pair; the old refresh token is spent. */
export function refreshTokens(refreshToken: string, options: CallOptions = {}): Promise<RefreshResult> {
  return apiJson({
    method: 'POST',
    path: '/tokens/refresh',
    auth: 'account',
    body: { form: { refresh_token: refreshToken } },
    schema: schemas().then((m) => m.RefreshResultSchema),
    signal: options.signal,
  });
}

/**
 * POST /users/logout: destroys the tokens listed. It authenticates with the access token it
 * is destroying, passed explicitly so a logout never triggers a refresh.
 */
export function logout(accessToken: string, tokens: string[], options: CallOptions = {}): Promise<boolean> {
  return apiJson({
    method: 'POST',
    path: '/users/logout',
    auth: 'none',
    headers: { 'X-ApiToken': accessToken },
    body: { form: { tokens: tokens.join(',') } },
    schema: schemas().then((m) => m.LogoutResultSchema),
    signal: options.signal,
    timeoutMs: 8_000,
  });
}

/**
 * POST /users/reset_password (spec 4.1 names it; parameters and answer not shown): sends the
 * email address as JSON with the account's code. The portal has no password sign-in, so no screen
 * calls it; it is here for integrators and for a clinic that turns on credentials login.
 */
export function requestPasswordReset(email: string, options: CallOptions = {}): Promise<true> {
  return apiJson({
    method: 'POST',
    path: '/users/reset_password',
    auth: 'account',
    body: { json: { email } },
    schema: schemas().then((m) => m.ResetPasswordResultSchema),
    signal: options.signal,
  });
}
