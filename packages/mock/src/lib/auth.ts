import { db, nextId, nowSeconds, type TokenRecord, type UserRecord } from '../db.ts';
import { codeError, userAreaError } from './errors.ts';

/** Development credentials (DESIGN.md section 3). Only the mock knows them. */
export const DEV_CREDENTIALS = {
  accountCode: 'demo',
  apiKey: 'demo-api-key',
  apiSecret: 'demo-api-secret',
  adminToken: 'demo-admin-token',
} as const;

/** Token lifetimes; tests shorten them with `setMockConfig`. */
export const mockConfig = {
  accessTtlSeconds: 60 * 60,
  refreshTtlSeconds: 12 * 60 * 60,
  /** Absolute session lifetime: refresh is refused this long after sign-in. */
  sessionMaxSeconds: 12 * 60 * 60,
  /** Lifetime of a recording's pre-signed link (spec 4.12); short so an expiry can be seen. */
  recordingUrlSeconds: 120,
};

export function setMockConfig(patch: Partial<typeof mockConfig>): void {
  Object.assign(mockConfig, patch);
}

const DEFAULT_CONFIG = { ...mockConfig };
export function resetMockConfig(): void {
  Object.assign(mockConfig, DEFAULT_CONFIG);
}

let tokenCounter = 0;
function randomToken(prefix: string): string {
  tokenCounter += 1;
  const bytes = new Uint8Array(18);
  crypto.getRandomValues(bytes);
  const rand = [...bytes].map((b) => b.toString(16).padStart(2, '0')).join('');
  return `${prefix}_${tokenCounter.toString(36)}${rand}`;
}

export interface IssuedPair {
  access: TokenRecord;
  refresh: TokenRecord;
}

/** Issues an access token of an existing family (a refresh on the spec profile issues nothing else). */
export function issueAccessToken(userId: string, family: string): TokenRecord {
  const now = nowSeconds();
  const access: TokenRecord = {
    token: randomToken('at'),
    kind: 'access',
    userId,
    expiry: now + mockConfig.accessTtlSeconds,
    created: now,
    family,
    revoked: false,
  };
  db.tokens.set(access.token, access);
  return access;
}

/** Issues an access and refresh token; a new family unless one is given (rotation). */
export function issuePair(userId: string, family?: string): IssuedPair {
  const now = nowSeconds();
  const familyId = family ?? nextId('fam');
  if (!db.families.has(familyId)) db.families.set(familyId, { id: familyId, userId, startedAt: now });
  const access = issueAccessToken(userId, familyId);
  const refresh: TokenRecord = {
    token: randomToken('rt'),
    kind: 'refresh',
    userId,
    expiry: now + mockConfig.refreshTtlSeconds,
    created: now,
    family: familyId,
    revoked: false,
  };
  db.tokens.set(refresh.token, refresh);
  return { access, refresh };
}

export function pairBody(pair: IssuedPair) {
  return {
    user_id: pair.access.userId,
    token: pair.access.token,
    expiry: pair.access.expiry,
    refresh_token: {
      user_id: pair.refresh.userId,
      token: pair.refresh.token,
      expiry: pair.refresh.expiry,
      created: pair.refresh.created,
    },
  };
}

export function revokeFamily(family: string): void {
  for (const record of db.tokens.values()) {
    if (record.family === family) record.revoked = true;
  }
}

/** A live access token's record, or null. */
export function liveAccessToken(token: string | null): TokenRecord | null {
  if (!token) return null;
  const record = db.tokens.get(token);
  if (!record || record.kind !== 'access' || record.revoked || record.consumed) return null;
  if (record.expiry <= nowSeconds()) return null;
  return record;
}

export type ErrorStyle = 'code' | 'named' | 'user-area';

/** 401 in the endpoint family's error shape. */
export function unauthorized(style: ErrorStyle, message = 'Invalid or missing API token'): Response {
  if (style === 'named') return codeOrNamed(401, 'unauthorized', message, style);
  if (style === 'user-area') return userAreaError(401);
  return codeError(401, message);
}

function codeOrNamed(status: number, error: string, message: string, style: ErrorStyle): Response {
  return style === 'named'
    ? new Response(JSON.stringify({ error, message }), {
        status,
        headers: { 'Content-Type': 'application/json' },
      })
    : codeError(status, message);
}

export interface AuthOptions {
  /** X-AccountCode required as well (USER endpoints "where listed", ADMIN, ACCOUNT). */
  account?: boolean;
  /** X-ApiKey required as well (health endpoints). */
  apiKey?: boolean;
  style?: ErrorStyle;
  /** The message endpoints answer 400 `Missing token` when X-ApiToken is absent. */
  missingTokenStatus?: 400 | 401;
  missingTokenMessage?: string;
  invalidTokenMessage?: string;
}

function requireAccount(request: Request, style: ErrorStyle): string {
  const code = request.headers.get('X-AccountCode');
  if (!code)
    throw style === 'named'
      ? codeOrNamed(400, 'bad_request', 'X-AccountCode is required', style)
      : codeError(400, 'X-AccountCode is required');
  if (!db.accounts.has(code)) {
    throw style === 'named'
      ? codeOrNamed(401, 'unauthorized', 'Unknown clinic account', style)
      : codeError(401, 'Unknown clinic account');
  }
  return code;
}

/** ACCOUNT scheme: X-AccountCode only. */
export function requireAccountHeader(request: Request, style: ErrorStyle = 'code'): string {
  return requireAccount(request, style);
}

/** USER scheme: a live user access token (never the admin token). */
export function requireUser(
  request: Request,
  options: AuthOptions = {},
): { user: UserRecord; token: TokenRecord; clinic: string } {
  const style = options.style ?? 'code';
  const token = request.headers.get('X-ApiToken');
  if (!token) {
    if (options.missingTokenStatus === 400)
      throw codeError(400, options.missingTokenMessage ?? 'Missing token');
    throw unauthorized(style);
  }
  const record = liveAccessToken(token);
  if (!record) throw unauthorized(style, options.invalidTokenMessage);
  if (options.account) requireAccount(request, style);
  if (options.apiKey && request.headers.get('X-ApiKey') !== DEV_CREDENTIALS.apiKey) {
    throw codeError(401, 'X-ApiKey is missing or invalid');
  }
  const user = db.users.get(record.userId);
  if (!user || !user.active) throw unauthorized(style, options.invalidTokenMessage);
  return { user, token: record, clinic: callerClinic(request, user, style) };
}

/** Whether a user belongs to a clinic (their home account or one they were associated with). */
export function inClinic(user: UserRecord, code: string): boolean {
  return user.account_code === code || user.clinics.includes(code);
}

/**
 * The clinic a user's request acts in: the X-AccountCode sent, which must be one of the user's
 * clinics (404, so other clinics' existence and records do not leak), or the user's own clinic.
 */
function callerClinic(request: Request, user: UserRecord, style: ErrorStyle): string {
  const code = request.headers.get('X-AccountCode');
  if (!code) return user.account_code;
  if (!inClinic(user, code)) {
    throw style === 'named'
      ? codeOrNamed(404, 'not_found', 'Clinic not found', style)
      : codeError(404, 'Clinic not found');
  }
  return code;
}

/** The admin token belongs to one clinic; sent with another clinic's code it is refused. */
function adminClinic(request: Request, style: ErrorStyle): string {
  const code = requireAccount(request, style);
  if (code !== DEV_CREDENTIALS.accountCode) {
    throw style === 'named'
      ? codeOrNamed(403, 'forbidden', 'This admin token belongs to another clinic', style)
      : codeError(403, 'This admin token belongs to another clinic');
  }
  return code;
}

/** ADMIN scheme: the clinic admin API token from the dashboard settings; user tokens are refused. */
export function requireAdmin(request: Request, style: ErrorStyle = 'code'): { accountCode: string } {
  const token = request.headers.get('X-ApiToken');
  if (!token) throw unauthorized(style);
  if (token !== DEV_CREDENTIALS.adminToken) {
    // A valid user token is authenticated but not allowed here; anything else is not authenticated.
    if (liveAccessToken(token)) {
      throw style === 'named'
        ? codeOrNamed(403, 'forbidden', 'This endpoint needs the clinic admin API token', style)
        : codeError(403, 'This endpoint needs the clinic admin API token');
    }
    throw unauthorized(style);
  }
  return { accountCode: adminClinic(request, style) };
}

/** USER endpoints that also accept the clinic admin token (insurance, uploads for a patient). */
export function requireUserOrAdmin(
  request: Request,
  options: AuthOptions = {},
): { user: UserRecord | null; isAdmin: boolean; clinic: string } {
  if (request.headers.get('X-ApiToken') === DEV_CREDENTIALS.adminToken) {
    const clinic = adminClinic(request, options.style ?? 'code');
    return { user: null, isAdmin: true, clinic };
  }
  const { user, clinic } = requireUser(request, options);
  return { user, isAdmin: false, clinic };
}

/** KEYSECRET scheme: X-ApiKey + X-ApiSecret + X-AccountCode. */
export function requireKeySecret(request: Request): string {
  const key = request.headers.get('X-ApiKey');
  const secret = request.headers.get('X-ApiSecret');
  if (!key || !secret) throw codeError(401, 'X-ApiKey and X-ApiSecret are required');
  if (key !== DEV_CREDENTIALS.apiKey || secret !== DEV_CREDENTIALS.apiSecret)
    throw codeError(401, 'Invalid API key or secret');
  return requireAccount(request, 'code');
}

/** Resolves `{id}` of user paths, where `-` means the caller. */
export function resolveUserId(
  param: string | readonly string[] | undefined,
  caller: UserRecord | null,
): string {
  const id = String(param ?? '');
  if (id === '-') {
    if (!caller) throw codeError(400, 'Use a user id with the admin token');
    return caller.id;
  }
  return id;
}

export const isStaff = (user: UserRecord) => user.type === 400 || user.type === 100;
