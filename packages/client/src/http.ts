import type { z } from 'zod';
import { ApiError, parseRetryAfter, readErrorBody } from './errors.ts';

/**
 * The one place that calls fetch. It knows the three bases, the auth scheme of each call
 * (spec section 5), the four encodings, the `data` envelope, timeouts and abort. It shows
 * nothing, navigates nowhere and signs nobody out: every failure leaves as an ApiError.
 */

/**
 * - none: no headers (GET /auth, GET /accounts/{code})
 * - account: X-AccountCode (rooms, POST /tokens/refresh)
 * - user: X-ApiToken + X-AccountCode (most endpoints)
 * - user-token: X-ApiToken only (/me, logout, push, surveys, visit messages)
 * - user-key: X-ApiToken + X-ApiKey + X-AccountCode (health devices and measurements)
 * - admin: X-ApiToken = clinic admin API token + X-AccountCode
 * - keysecret: X-ApiKey + X-ApiSecret + X-AccountCode (POST /users/sso; never from the browser bundle)
 */
export type AuthScheme = 'none' | 'account' | 'user' | 'user-token' | 'user-key' | 'admin' | 'keysecret';
export type ApiBase = 'api' | 'messages' | 'survey' | 'mock';
export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';
type QueryValue = string | number | boolean | null | undefined | ReadonlyArray<string | number>;
export type QueryParams = Record<string, QueryValue>;
type FormValue = string | number | boolean | null | undefined;

export type RequestBody = { json: unknown } | { form: Record<string, FormValue> } | { multipart: FormData };

/** How the session module lends tokens to the HTTP layer. */
export interface AuthProvider {
  /** The current access token, refreshed first when it is about to expire. */
  getAccessToken(): Promise<string | null>;
  /** The token was refused with 401: refresh once (single-flight) and return the new one, or reject. */
  refreshAfterUnauthorized(failedToken: string): Promise<string>;
  /** The server refused a freshly refreshed token too: the session is over. */
  onSessionRejected(): void;
  /** The clinic admin API token, held in memory for this tab only. */
  getAdminToken(): string | null;
  /** An ADMIN call was answered 401 or 403 with `token`: that admin token is refused (not the session). */
  onAdminTokenRefused?(token: string): void;
  /** An ADMIN call with `token` succeeded: the server accepted that admin token. */
  onAdminTokenAccepted?(token: string): void;
}

const noAuth: AuthProvider = {
  getAccessToken: () => Promise.resolve(null),
  refreshAfterUnauthorized: () => Promise.reject(new ApiError({ kind: 'session' })),
  onSessionRejected: () => undefined,
  getAdminToken: () => null,
};

let authProvider: AuthProvider = noAuth;

export function configureAuth(provider: AuthProvider | null): void {
  authProvider = provider ?? noAuth;
}

/**
 * Where requests go and the edges around them, passed in by whoever runs the client: the portal
 * (from its build's settings), a server, a test. Nothing is read from the environment here.
 */
export interface ClientConfig {
  /** The API base (spec section 1), absolute or, in a browser, relative to the page. */
  apiBaseUrl: string;
  /** The messaging base (visit threads). */
  messagesBaseUrl: string;
  /** The survey base. */
  surveyBaseUrl: string;
  /** The clinic's account code, sent as `X-AccountCode`. */
  accountCode: string;
  /** The clinic's API key (`X-ApiKey`): health devices and SSO. */
  apiKey: string;
  /** The fetch to call; the global one by default. */
  fetch?: typeof fetch;
  /** Any answer arrived from the server (whatever its status). */
  onReachable?: () => void;
  /** A request failed before any answer arrived. */
  onNetworkFailure?: () => void;
  /** Keep a refused answer's body on the error, for developers (never in production builds). */
  keepErrorBodies?: boolean;
  /**
   * Wraps every request: `retryReads()` (retry.ts) tries reads again with backoff and
   * `Retry-After`; without it each request is sent once (the portal's query layer retries on its own).
   */
  send?: SendWrapper;
}

/** Sends one request (`once`, callable again for another try) and gives its answer. */
export type SendWrapper = (
  once: () => Promise<Response>,
  request: { method: HttpMethod; signal?: AbortSignal },
) => Promise<Response>;

const UNCONFIGURED: ClientConfig = {
  apiBaseUrl: '/api_v3',
  messagesBaseUrl: '/messaging',
  surveyBaseUrl: '/survey',
  accountCode: '',
  apiKey: '',
};

let config: ClientConfig = UNCONFIGURED;

/** Sets where requests go and the edges around them (the parts given replace the current ones). */
export function configureClient(next: Partial<ClientConfig>): void {
  config = { ...config, ...next };
}

/** The client's settings now. */
export function clientConfig(): Readonly<ClientConfig> {
  return config;
}

export interface CallOptions {
  signal?: AbortSignal;
}

export interface RequestOptions extends CallOptions {
  method?: HttpMethod;
  base?: ApiBase;
  path: string;
  auth: AuthScheme;
  query?: QueryParams;
  body?: RequestBody;
  timeoutMs?: number;
  /** Only for KEYSECRET calls made outside the browser bundle (tests, the mock's own tooling). */
  apiSecret?: string;
  headers?: Record<string, string>;
}

export const READ_TIMEOUT_MS = 20_000;
export const WRITE_TIMEOUT_MS = 30_000;

function baseUrl(base: ApiBase): string {
  switch (base) {
    case 'api':
      return config.apiBaseUrl;
    case 'messages':
      return config.messagesBaseUrl;
    case 'survey':
      return config.surveyBaseUrl;
    case 'mock':
      // Development-only controls of the mock backend live at the API origin's /__mock.
      return `${new URL(absolute(config.apiBaseUrl)).origin}/__mock`;
  }
}

function absolute(url: string): string {
  const origin = typeof window !== 'undefined' ? window.location.origin : 'http://localhost';
  return new URL(url, `${origin}/`).href;
}

/** Builds the full URL: base + path + query (arrays become comma lists, empty values are left out). */
export function buildUrl(base: ApiBase, path: string, query?: QueryParams): string {
  const root = absolute(baseUrl(base)).replace(/\/+$/, '');
  const url = new URL(`${root}${path.startsWith('/') ? path : `/${path}`}`);
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value === undefined || value === null || value === '') continue;
    url.searchParams.set(key, Array.isArray(value) ? value.join(',') : String(value));
  }
  return url.href;
}

const usesUserToken = (auth: AuthScheme) => auth === 'user' || auth === 'user-token' || auth === 'user-key';

/** The headers a scheme sends, exactly as spec section 5 lists them. */
export function authHeaders(
  auth: AuthScheme,
  token: string | null,
  apiSecret?: string,
): Record<string, string> {
  const account = { 'X-AccountCode': config.accountCode };
  switch (auth) {
    case 'none':
      return {};
    case 'account':
      return account;
    case 'user':
      return { 'X-ApiToken': token ?? '', ...account };
    case 'user-token':
      return { 'X-ApiToken': token ?? '' };
    case 'user-key':
      return { 'X-ApiToken': token ?? '', 'X-ApiKey': config.apiKey, ...account };
    case 'admin':
      return { 'X-ApiToken': token ?? '', ...account };
    case 'keysecret':
      return { 'X-ApiKey': config.apiKey, 'X-ApiSecret': apiSecret ?? '', ...account };
  }
}

function encodeBody(body: RequestBody | undefined): { body?: BodyInit; contentType?: string } {
  if (!body) return {};
  if ('json' in body) return { body: JSON.stringify(body.json), contentType: 'application/json' };
  if ('form' in body) {
    const params = new URLSearchParams();
    for (const [key, value] of Object.entries(body.form)) {
      if (value === undefined || value === null) continue;
      params.set(key, typeof value === 'boolean' ? (value ? '1' : '0') : String(value));
    }
    return { body: params.toString(), contentType: 'application/x-www-form-urlencoded' };
  }
  // The browser sets the multipart boundary itself.
  return { body: body.multipart };
}

/** Resolves the token a scheme needs; a user call without a session fails as `session`. */
export async function tokenFor(auth: AuthScheme): Promise<string | null> {
  if (auth === 'admin') {
    const admin = authProvider.getAdminToken();
    // Not the user's session: the admin area asks for this token in place (DESIGN.md section 5).
    if (!admin) throw new ApiError({ kind: 'http', status: 401, serverMessage: 'Admin token required' });
    return admin;
  }
  if (!usesUserToken(auth)) return null;
  const token = await authProvider.getAccessToken();
  if (!token) throw new ApiError({ kind: 'session' });
  return token;
}

/**
 * Runs `attempt` with the scheme's token; on a 401 to a user-token call, refreshes once and
 * replays once. The server refused the first try before processing it, so the replay is safe.
 */
export async function withAuthRetry<R extends { status: number }>(
  auth: AuthScheme,
  attempt: (token: string | null) => Promise<R>,
): Promise<R> {
  const token = await tokenFor(auth);
  const first = await attempt(token);
  if (auth === 'admin' && token && (first.status === 401 || first.status === 403)) {
    authProvider.onAdminTokenRefused?.(token);
    throw new ApiError({ kind: 'http', status: first.status, serverMessage: 'Admin token refused' });
  }
  if (auth === 'admin' && token && first.status >= 200 && first.status < 300) {
    authProvider.onAdminTokenAccepted?.(token);
  }
  if (first.status !== 401 || !usesUserToken(auth) || !token) return first;
  const fresh = await authProvider.refreshAfterUnauthorized(token);
  const second = await attempt(fresh);
  if (second.status === 401) {
    authProvider.onSessionRejected();
    throw new ApiError({ kind: 'session', status: 401 });
  }
  return second;
}

/** One request, through the configured wrapper (retries) when there is one. */
function send(options: RequestOptions): Promise<Response> {
  const once = () => sendOnce(options);
  return config.send
    ? config.send(once, { method: options.method ?? 'GET', signal: options.signal })
    : once();
}

async function sendOnce(options: RequestOptions): Promise<Response> {
  const method = options.method ?? 'GET';
  const url = buildUrl(options.base ?? 'api', options.path, options.query);
  const { body, contentType } = encodeBody(options.body);
  const timeoutMs = options.timeoutMs ?? (method === 'GET' ? READ_TIMEOUT_MS : WRITE_TIMEOUT_MS);

  return withAuthRetry(options.auth, async (token) => {
    const controller = new AbortController();
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      controller.abort();
    }, timeoutMs);
    const onAbort = () => controller.abort();
    if (options.signal?.aborted) controller.abort();
    options.signal?.addEventListener('abort', onAbort);
    const headers: Record<string, string> = {
      Accept: 'application/json',
      ...authHeaders(options.auth, token, options.apiSecret),
      ...options.headers,
    };
    if (contentType) headers['Content-Type'] = contentType;
    try {
      const response = await (config.fetch ?? fetch)(url, {
        method,
        headers,
        body,
        signal: controller.signal,
        // Tokens travel in headers; no cookies, and never a Referer carrying a path.
        credentials: 'omit',
        referrerPolicy: 'no-referrer',
        cache: 'no-store',
      });
      config.onReachable?.();
      return response;
    } catch (cause) {
      if (timedOut) throw new ApiError({ kind: 'timeout', cause });
      if (options.signal?.aborted) throw new ApiError({ kind: 'aborted', cause });
      config.onNetworkFailure?.();
      throw new ApiError({ kind: 'network', cause });
    } finally {
      clearTimeout(timer);
      options.signal?.removeEventListener('abort', onAbort);
    }
  });
}

async function readText(response: Response): Promise<string> {
  try {
    return await response.text();
  } catch (cause) {
    // The body stream broke half-way.
    throw new ApiError({ kind: 'network', status: response.status, cause });
  }
}

/** Turns a non-2xx response into an ApiError, reading either error body shape. */
export async function errorFromResponse(response: Response): Promise<ApiError> {
  const text = await readText(response).catch(() => '');
  return errorFromParts(response.status, text, response.headers.get('Retry-After'));
}

export function errorFromParts(status: number, text: string, retryAfter: string | null): ApiError {
  let parsed: unknown = text;
  try {
    parsed = text ? JSON.parse(text) : null;
  } catch {
    // Not JSON (a proxy's HTML page, plain text): keep it only for developers.
  }
  const { code, message } = readErrorBody(parsed);
  return new ApiError({
    kind: 'http',
    status,
    code,
    serverMessage: message,
    body: config.keepErrorBodies ? parsed : undefined,
    retryAfterSeconds: parseRetryAfter(retryAfter),
  });
}

/** Validates a decoded body against a schema, naming the first field that broke the contract. */
export function parseWith<T>(schema: z.ZodType<T>, value: unknown, status: number): T {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  const field = issue?.path.length ? issue.path.map(String).join('.') : '(root)';
  return throwContract(status, field, `${field}: ${issue?.message ?? 'invalid'}`);
}

function throwContract(status: number, field: string, message: string): never {
  throw new ApiError({ kind: 'contract', status, field, serverMessage: message });
}

/** Decodes a JSON body and applies the envelope rule: payload under `data` unless told otherwise. */
export function decodeJson<T>(
  text: string,
  status: number,
  schema: z.ZodType<T>,
  envelope: 'data' | 'none',
): T {
  if (!text.trim()) throwContract(status, '(body)', 'empty body where JSON was expected');
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throwContract(status, '(body)', 'body is not JSON');
  }
  if (envelope === 'none') return parseWith(schema, json, status);
  if (typeof json !== 'object' || json === null || !('data' in json)) {
    throwContract(status, 'data', 'data: missing envelope');
  }
  return parseWith(schema, json.data, status);
}

export interface JsonRequestOptions<T> extends RequestOptions {
  /**
   * The response schema, or a promise of it: a request module on the first page passes
   * `import('./schemas').then(...)`, so zod loads while the request is in flight, not with the page.
   */
  schema: z.ZodType<T> | Promise<z.ZodType<T>>;
  /** `data` (default): the payload sits under `data`. `none`: the schema reads the whole body. */
  envelope?: 'data' | 'none';
}

/** A call answered with JSON, validated at runtime. */
export async function apiJson<T>(options: JsonRequestOptions<T>): Promise<T> {
  const schema = Promise.resolve(options.schema);
  // Awaited below; a failed chunk load while the request is still out must not go unhandled.
  schema.catch(() => undefined);
  const response = await send(options);
  if (!response.ok) throw await errorFromResponse(response);
  const text = await readText(response);
  let resolved: z.ZodType<T>;
  try {
    resolved = await schema;
  } catch (cause) {
    // The schema's chunk did not load (offline, a new deployment): a network failure, retried as one.
    throw new ApiError({ kind: 'network', status: response.status, cause });
  }
  return decodeJson(text, response.status, resolved, options.envelope ?? 'data');
}

/** A call answered with no body (204) or whose body we do not need. */
export async function apiEmpty(options: RequestOptions): Promise<void> {
  const response = await send(options);
  if (!response.ok) throw await errorFromResponse(response);
  await readText(response);
}

/** A call answered with bytes (file views). */
export async function apiBlob(options: RequestOptions): Promise<Blob> {
  const response = await send(options);
  if (!response.ok) throw await errorFromResponse(response);
  try {
    return await response.blob();
  } catch (cause) {
    throw new ApiError({ kind: 'network', status: response.status, cause });
  }
}
