import { apiJson, type CallOptions } from '../http';
import type {
  ListUsersFilter,
  Profile,
  RefreshResult,
  SsoInput,
  SsoResult,
  UpdateProfileInput,
  User,
  UserList,
} from './schemas';

/**
 * The schemas (and zod) load on the first call, in parallel with the request: the session and the
 * area guards on the first page call these functions, and the first page carries no zod.
 */
const schemas = () => import('./schemas');

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

/**
 * The portal's side of GET /auth: exchanges the SSO token for the portal's own session.
 * Asked for JSON, the server answers with a fresh token pair instead of its 302 (spec-decisions).
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
