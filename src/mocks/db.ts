import { seedDatabase } from './seed';

/**
 * The mock's in-memory database: one Map per collection, keyed by id. Records are kept in the
 * wire form of the spec (plus a few mock-only fields prefixed with `_`), so handlers can answer
 * with them directly through the response schemas.
 */

export type Rec = Record<string, unknown> & { id: string };

export interface UserRecord extends Rec {
  code: string;
  type: number;
  first_name: string;
  last_name: string;
  full_name: string;
  username: string;
  email: string;
  account_code: string;
  clinics: string[];
  tos: boolean;
  active: boolean;
  status: number;
  subtype: string;
  timezone: string;
  created: number;
  /** Mock-only: password for POST /me password changes. */
  _password?: string;
  /** Mock-only: roles such as clinic_admin. */
  roles?: string[];
  is_hidden?: boolean;
}

export interface TokenRecord {
  token: string;
  kind: 'access' | 'refresh';
  userId: string;
  /** UNIX seconds. */
  expiry: number;
  created: number;
  /** Tokens issued together (SSO, /auth exchange, and every rotation after) share a family. */
  family: string;
  revoked: boolean;
  /** A refresh token already exchanged; presenting it again is reuse (RFC 9700 4.14.2). */
  spent?: boolean;
  /** The SSO token was consumed by a one-time /auth exchange. */
  consumed?: boolean;
}

export interface FamilyRecord {
  id: string;
  userId: string;
  /** UNIX seconds: the absolute session lifetime counts from here. */
  startedAt: number;
}

export interface AccountRecord extends Rec {
  code: string;
  name: string;
  domain: string;
  portal_title: string;
}

export interface Db {
  /** Counter for generated ids; deterministic for the same seed. */
  seq: number;
  users: Map<string, UserRecord>;
  tokens: Map<string, TokenRecord>;
  families: Map<string, FamilyRecord>;
  accounts: Map<string, AccountRecord>;
  /** Settings per account code (nested object, GET /settings). */
  settings: Map<string, Record<string, unknown>>;
  rooms: Map<string, Rec>;
  intakes: Map<string, Rec>;
  visits: Map<string, Rec>;
  slots: Map<string, Rec>;
  slotGroups: Map<string, Rec>;
  paymentSources: Map<string, Rec>;
  /** Mock-only payment ledger: one row per charge attempt (succeeded or declined), keyed by charge id. */
  charges: Map<string, Rec>;
  /** Coupons by code (mock-only: the spec has no coupon endpoint). */
  coupons: Map<string, Rec>;
  files: Map<string, Rec>;
  /** File bytes, base64, keyed by file id. */
  fileBlobs: Map<string, string>;
  /** Insurance cards keyed `${userId}:${card_type}`. */
  insuranceCards: Map<string, Rec>;
  /** Eligibility jobs keyed by user id. */
  eligibility: Map<string, Rec>;
  prescriptions: Map<string, Rec>;
  /** Saved pharmacies keyed `${userId}:${code}`. */
  pharmacies: Map<string, Rec>;
  /** Medical-record sections keyed `${userId}:${section}`. */
  emr: Map<string, Rec>;
  devices: Map<string, Rec>;
  measurements: Map<string, Rec>;
  recordings: Map<string, Rec>;
  surveyResponses: Map<string, Rec>;
  endpoints: Map<string, Rec>;
  notifications: Map<string, Rec>;
  messages: Map<string, Rec>;
  /** Billing reference lists (carriers, insurers, dxs, procedures, billing_modifiers). */
  referenceLists: Map<string, Rec[]>;
  /** Webhook events waiting for delivery by the standalone server. */
  outbox: Rec[];
}

export type CollectionName = {
  [K in keyof Db]: Db[K] extends Map<string, unknown> ? K : never;
}[keyof Db];

export function emptyDb(): Db {
  return {
    seq: 1000,
    users: new Map(),
    tokens: new Map(),
    families: new Map(),
    accounts: new Map(),
    settings: new Map(),
    rooms: new Map(),
    intakes: new Map(),
    visits: new Map(),
    slots: new Map(),
    slotGroups: new Map(),
    paymentSources: new Map(),
    charges: new Map(),
    coupons: new Map(),
    files: new Map(),
    fileBlobs: new Map(),
    insuranceCards: new Map(),
    eligibility: new Map(),
    prescriptions: new Map(),
    pharmacies: new Map(),
    emr: new Map(),
    devices: new Map(),
    measurements: new Map(),
    recordings: new Map(),
    surveyResponses: new Map(),
    endpoints: new Map(),
    notifications: new Map(),
    messages: new Map(),
    referenceLists: new Map(),
    outbox: [],
  };
}

/** The live database shared by every handler of this host (browser worker, msw/node, server). */
export const db: Db = emptyDb();

/** Empties every collection and reseeds, with times relative to `now` (ms). */
export function resetDb(now: number = Date.now()): Db {
  Object.assign(db, emptyDb());
  seedDatabase(db, now);
  return db;
}

/** A new id with a readable prefix; deterministic for the same sequence of operations. */
export function nextId(prefix: string): string {
  db.seq += 1;
  return `${prefix}_${db.seq}`;
}

/** Seconds since the epoch, the spec's timestamp unit. */
export const nowSeconds = () => Math.floor(Date.now() / 1000);

// Persistence (browser development only) -----------------------------------------------------

export function serializeDb(source: Db = db): string {
  return JSON.stringify(source, (_key, value: unknown) =>
    value instanceof Map ? { __map: [...(value as Map<string, unknown>).entries()] } : value,
  );
}

export function restoreDb(text: string): boolean {
  try {
    const parsed = JSON.parse(text, (_key, value: unknown) =>
      value && typeof value === 'object' && '__map' in value
        ? new Map((value as { __map: [string, unknown][] }).__map)
        : value,
    ) as Partial<Db>;
    const fresh = emptyDb();
    for (const key of Object.keys(fresh) as (keyof Db)[]) {
      if (!(key in parsed)) return false;
    }
    Object.assign(db, parsed);
    return true;
  } catch {
    return false;
  }
}
