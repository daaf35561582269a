// zod/mini: the session loads on the first page, where full zod would cost ~25 KiB gz (issue 17).
import * as z from 'zod/mini';

/**
 * What the browser keeps of a session: ids and tokens only, in sessionStorage (DESIGN.md section 5).
 * One token family per browser: every tab holds the same pair, and `rotation` tells a newer pair
 * of the family from an older one.
 */
export const SessionTokensSchema = z.object({
  userId: z.string().check(z.minLength(1)),
  userType: z.nullable(z.number()),
  accessToken: z.string(),
  /** UNIX seconds, or null when unknown. */
  accessExpiry: z.nullable(z.number()),
  refreshToken: z.string(),
  refreshExpiry: z.nullable(z.number()),
  /** Epoch ms when the user signed in: the absolute session cap counts from here. */
  startedAt: z.number(),
  /** disable_navigation=1 at the SSO landing: the portal shows no navigation chrome. */
  embedded: z.boolean(),
  /** This browser's name for the family (the server's id is not sent to us). */
  family: z.string().check(z.minLength(1)),
  /** How many refreshes the family has been through: the higher pair is the newer one. */
  rotation: z.int().check(z.minimum(0)),
});
export type SessionTokens = z.infer<typeof SessionTokensSchema>;

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
  /** The server refused us: the screen stays, behind a sign-in-again prompt. */
  | { status: 'expired'; tokens: SessionTokens };

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
