/**
 * What the browser keeps of a session: ids and tokens only, in sessionStorage (DESIGN.md section 5).
 * One token family per browser: every tab holds the same pair, and `rotation` tells a newer pair
 * of the family from an older one.
 */
export interface SessionTokens {
  userId: string;
  userType: number | null;
  accessToken: string;
  /** UNIX seconds, or null when unknown. */
  accessExpiry: number | null;
  /**
   * `''` when the session has none: a spec `/auth` landing (the SSO token is the access token),
   * or a refresh answered without a new one. Such a session lasts until `accessExpiry`.
   */
  refreshToken: string;
  refreshExpiry: number | null;
  /** Epoch ms when the user signed in: the absolute session cap counts from here. */
  startedAt: number;
  /** disable_navigation=1 at the SSO landing: the portal shows no navigation chrome. */
  embedded: boolean;
  /** This browser's name for the family (the server's id is not sent to us). */
  family: string;
  /** How many refreshes the family has been through: the higher pair is the newer one. */
  rotation: number;
}

/*
 * The session is on every page, so its few checks are written out here instead of loading a
 * schema library on the first page (issue 17: zod's core alone was 15 KiB gz of it). Like a schema
 * parse, they return a fresh object holding only the known fields, or null.
 */
export const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
export const isNumber = (value: unknown): value is number =>
  typeof value === 'number' && Number.isFinite(value);
const isNumberOrNull = (value: unknown): value is number | null => value === null || isNumber(value);
const isFilled = (value: unknown): value is string => typeof value === 'string' && value.length > 0;

/** A stored or broadcast token pair, checked field by field; null when anything is off. */
export function parseSessionTokens(value: unknown): SessionTokens | null {
  if (!isRecord(value)) return null;
  const { userId, userType, accessToken, accessExpiry, refreshToken, refreshExpiry } = value;
  const { startedAt, embedded, family, rotation } = value;
  if (
    !isFilled(userId) ||
    !isNumberOrNull(userType) ||
    typeof accessToken !== 'string' ||
    !isNumberOrNull(accessExpiry) ||
    typeof refreshToken !== 'string' ||
    !isNumberOrNull(refreshExpiry) ||
    !isNumber(startedAt) ||
    typeof embedded !== 'boolean' ||
    !isFilled(family) ||
    !Number.isSafeInteger(rotation) ||
    (rotation as number) < 0
  ) {
    return null;
  }
  return {
    userId,
    userType,
    accessToken,
    accessExpiry,
    refreshToken,
    refreshExpiry,
    startedAt,
    embedded,
    family,
    rotation: rotation as number,
  };
}

export type SessionEndReason =
  | 'signed-out'
  | 'idle'
  | 'expired'
  | 'max-age'
  | 'other-tab'
  | 'identity-changed'
  /** Another sign-in replaced the session in this tab (an SSO landing over an old session). */
  | 'replaced';

export type SessionState =
  | { status: 'signed-out'; reason: SessionEndReason | null }
  | { status: 'active'; tokens: SessionTokens }
  /**
   * The session ended while the page was in use: the screen stays, behind a sign-in-again prompt.
   * `cause`: the server refused it, or its access token ran out with no refresh token to renew it.
   * `wayBack`: a session that had no refresh token came from the clinic's site (SSO) and is
   * reopened from there; otherwise the portal's sign-in page.
   */
  | {
      status: 'expired';
      tokens: SessionTokens;
      cause: 'refused' | 'token-expired';
      wayBack: 'sign-in' | 'clinic-site';
    };

/** The server side of the last sign-out: pending while the request runs. */
export interface SignOutOutcome {
  reason: SessionEndReason;
  server: 'pending' | 'confirmed' | 'unconfirmed';
}

export const randomId = (): string => {
  const bytes = new Uint8Array(12);
  crypto.getRandomValues(bytes);
  return [...bytes].map((b) => b.toString(16).padStart(2, '0')).join('');
};
