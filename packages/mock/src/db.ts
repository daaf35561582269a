import type { z } from 'zod';
import type {
  InvoiceChargeSchema,
  InvoiceResultSchema,
  PaymentSourceSchema,
} from '@telehealth/client/billing/schemas';
import type { FileRecordSchema } from '@telehealth/client/files/schemas';
import type {
  BillingReferenceItemSchema,
  CarrierSchema,
  DiagnosisSchema,
  EligibilityJobSchema,
  InsuranceCardSchema,
} from '@telehealth/client/insurance/schemas';
import type { IntakeSchema } from '@telehealth/client/intakes/schemas';
import type { VisitMessageSchema } from '@telehealth/client/messages/schemas';
import type { NotificationSchema, PushEndpointSchema } from '@telehealth/client/push/schemas';
import type { RoomSchema } from '@telehealth/client/rooms/schemas';
import type { SlotGroupSchema, SlotSchema } from '@telehealth/client/slots/schemas';
import type { VisitSchema } from '@telehealth/client/visits/schemas';
import { Collection } from './lib/collection.ts';
import { seedDatabase, type SeedOptions } from './seed/index.ts';
import { mockNow, resetMockClock } from './lib/clock.ts';

/**
 * The mock's in-memory database: one typed `Collection` (a `Map` with secondary indexes) per
 * collection, keyed by id. Records are kept in the wire form of the spec, typed from the API
 * response schemas, plus a few mock-only fields prefixed with `_` that the wire form drops.
 */

/**
 * A record of a family whose handlers are not written yet: an id and any fields. The family's
 * handlers narrow it to a schema type when they arrive.
 */
export type LooseRecord = { id: string } & Record<string, unknown>;

export interface UserRecord extends LooseRecord {
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
  /** The rooms the user works in (providers) with their default flag. */
  rooms?: { code: string; default?: boolean; [key: string]: unknown }[];
  title?: string;
  phone?: string;
  is_admin?: boolean;
  /** Mock-only: roles such as clinic_admin. */
  roles?: string[];
  /** Providers: what they practise and the two-letter states they serve (GET /slots embeds them). */
  specialties?: string[];
  states_serviced?: string[];
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

export interface AccountRecord extends LooseRecord {
  code: string;
  name: string;
  domain: string;
  portal_title: string;
}

/**
 * A room as stored: the detail form as sent (`users` stays the spec's comma-separated string),
 * always bound to a clinic and keyed by its code.
 */
export type RoomRecord = z.input<typeof RoomSchema> & {
  id: string;
  code: string;
  account_code: string;
  /** Mock-only: the queue's capacity and average visit time (GET /rooms/{code}/queue). */
  _queue?: { length?: number; capacity?: number; average_visit_time?: number };
};

/** An intake as stored: the wire form plus the room, the patient and the mock-only creator. */
export type IntakeRecord = z.infer<typeof IntakeSchema> & {
  room_code?: string;
  member_id?: string;
  /** Mock-only: the user who created the intake. */
  _owner?: string;
  /** Mock-only: the clinic it was made in (room codes are unique per clinic only). */
  _account_code?: string;
};

/** A visit as stored: always bound to a clinic, a patient and a room. */
export type VisitRecord = z.infer<typeof VisitSchema> & {
  member_id: string;
  account_code: string;
  room_code?: string;
  /** Mock-only: closes the message thread without ending the visit. */
  _closedForMessages?: boolean;
  /** Mock-only: the slot an appointment was booked on (it holds one of the slot's places). */
  _slot_id?: string;
};

/** A file record as stored: the wire form plus the patient it belongs to and its media type. */
export type StoredFile = z.infer<typeof FileRecordSchema> & {
  /** Mock-only: the patient whose record the file belongs to. */
  _owner?: string;
  /** Mock-only: the media type the bytes are served with. */
  _mime?: string;
  /** Mock-only: the clinic (account code) the file was uploaded in. */
  _account?: string;
};

/** A message as stored: the wire form plus the visit of its thread. */
export type MessageRecord = z.infer<typeof VisitMessageSchema> & {
  visit_id: string;
  attachment_ids: string[];
};

export type EndpointRecord = z.infer<typeof PushEndpointSchema> & { user_id: string };

export type NotificationRecord = z.infer<typeof NotificationSchema> & {
  user_id: string;
  /** Mock-only: the visit a message notification points at. */
  _visit_id?: string;
};

/**
 * A slot group as stored: the wire form as sent (`date_*` and `time_*` are the numeric strings
 * the spec shows), always bound to a clinic and a provider.
 */
export type SlotGroupRecord = z.input<typeof SlotGroupSchema> & {
  id: string;
  account_code: string;
  provider_id: string;
  /** Mock-only: the rooms whose patients the group's slots are offered to. */
  _room_codes?: string[];
};

/** A slot as stored: the wire form without the embedded group, provider and account (added when answered). */
export type SlotRecord = z.infer<typeof SlotSchema> & {
  provider_id: string;
  account_code: string;
  group_id: string | null;
  status: number;
};

/** A saved card as stored: the wire form plus its owner and scope, which the wire form drops. */
export type PaymentSourceRecord = z.infer<typeof PaymentSourceSchema> & {
  /** Mock-only: the patient the card belongs to. */
  _owner: string;
  /** Mock-only: the room (and provider, or null for the room as a whole) the card is saved for. */
  _room_code: string;
  _provider_id: string | null;
  /** Mock-only: UNIX seconds; the newest card becomes the default when the default is removed. */
  _created: number;
  /** Mock-only: the processor refuses this card when it is charged (`tok_chargeDeclined`). */
  _declines?: boolean;
};

/** An invoice as quoted by `POST /billing/invoices/process`, before `paid` and `charge` are added. */
export type InvoiceQuote = Pick<
  z.infer<typeof InvoiceResultSchema>,
  'amount_due' | 'currency' | 'consultation' | 'coupon'
>;

/**
 * A row of the mock's payment ledger (the spec has none): one charge attempt of an intake. A
 * succeeded row carries the charge as answered (`InvoiceChargeSchema`) and the invoice it paid.
 */
export type ChargeRecord = Pick<z.infer<typeof InvoiceChargeSchema>, 'id' | 'amount' | 'created'> &
  Partial<Pick<z.infer<typeof InvoiceChargeSchema>, 'currency' | 'brand' | 'last4'>> & {
    intake_id: string;
    status: 'succeeded' | 'declined';
    invoice_id?: string;
    source_id?: string | null;
    invoice?: InvoiceQuote;
  };

/** A coupon `POST /billing/invoices/process` knows (mock-only: the spec has no coupon endpoint). */
export interface CouponRecord {
  /** The code, upper case. */
  id: string;
  percent_off: number;
  /** UNIX seconds, or null for a code that never expires. */
  expires: number | null;
}

/** An insurance card as stored: the wire form keyed `${userId}:${card_type}`, plus its patient. */
export type InsuranceCardRecord = z.infer<typeof InsuranceCardSchema> & {
  id: string;
  /** Mock-only: the patient the card belongs to. */
  _user: string;
};

/** An eligibility job as stored, keyed by the patient's id. */
export type EligibilityRecord = z.infer<typeof EligibilityJobSchema> & {
  id: string;
  /** Mock-only: UNIX seconds the check started (a new check within the window is refused). */
  _started: number;
  /** Mock-only: the checked card's `INSURER:MEMBER`; the window also holds for that carrier/member. */
  _subscriber?: string;
  /** Mock-only: the primary card was removed; the job no longer reads, but its window still holds. */
  _cardRemoved?: boolean;
};

/** Carriers and diagnoses have no `id` on the wire; the store keys them by code and drops it when answering. */
export type CarrierRecord = z.infer<typeof CarrierSchema> & { id: string };
export type DiagnosisRecord = z.infer<typeof DiagnosisSchema> & { id: string };
export type BillingReferenceRecord = z.infer<typeof BillingReferenceItemSchema>;

/** The items of each billing reference list (spec 2.11, `GET /insurances/list/{list}`). */
export interface ReferenceListItems {
  carriers: CarrierRecord;
  insurers: BillingReferenceRecord;
  dxs: DiagnosisRecord;
  procedures: BillingReferenceRecord;
  billing_modifiers: BillingReferenceRecord;
}
export type ReferenceListName = keyof ReferenceListItems;
export type ReferenceListItem = ReferenceListItems[ReferenceListName];

/** A webhook event waiting in the outbox (section 6 envelope fields plus its data). */
export type OutboxEvent = LooseRecord & { type: string; created: number; data: Record<string, unknown> };

/** A test envelope the webhook endpoint acknowledged, as received. */
export interface WebhookReceiptRecord {
  id: string;
  received: number;
  account_code: string;
  envelope: Record<string, unknown>;
}

/**
 * One attempt to deliver a queued event to the clinic's webhook address (spec 6). Mock-only record,
 * read by the `GET /webhooks/deliveries` extension; `status` is null when no answer came in time.
 */
export interface WebhookDeliveryRecord {
  id: string;
  account_code: string;
  type: string;
  sent: number;
  status: number | null;
  attempt: number;
}

/**
 * A push the platform sent to a registered device (spec 4.14 registers them; the sending is the
 * platform's own): one per endpoint, as SNS would be asked to deliver it. Mock-only record.
 */
export interface PushDeliveryRecord {
  id: string;
  user_id: string;
  endpoint_id: string;
  type: number;
  arn: string;
  title: string;
  body: string;
  sent: number;
}

/** The UTC day (`YYYY-MM-DD`) of a time in seconds, the key of the slots-by-day index. */
export const utcDay = (seconds: number) => new Date(seconds * 1000).toISOString().slice(0, 10);

const stringKey = (value: unknown) => (typeof value === 'string' && value !== '' ? value : undefined);

/** Every collection, its record type and its indexes. Add a collection here and in `Db` only. */
function collections() {
  return {
    users: new Collection<UserRecord>(),
    tokens: new Collection<TokenRecord>(),
    families: new Collection<FamilyRecord>(),
    accounts: new Collection<AccountRecord>(),
    /** Settings per account code (nested object, GET /settings). */
    settings: new Collection<Record<string, unknown>>(),
    /** Keyed by room code. */
    rooms: new Collection<RoomRecord>(),
    intakes: new Collection<IntakeRecord, 'member'>({
      member: { key: (i) => stringKey(i.member_id) },
    }),
    visits: new Collection<VisitRecord, 'member' | 'room'>({
      member: { key: (v) => stringKey(v.member_id) },
      room: { key: (v) => stringKey(v.room_code) },
    }),
    files: new Collection<StoredFile, 'owner' | 'target'>({
      owner: { key: (f) => stringKey(f._owner) },
      /** `${type}:${id}` of `meta.target`, e.g. `user:usr_1`, `visit:vis_1`, `intake:int_1`. */
      target: { key: (f) => (f.meta?.target ? `${f.meta.target.type}:${f.meta.target.id}` : undefined) },
    }),
    /** File bytes, base64, keyed by file id. */
    fileBlobs: new Collection<string>(),
    /** Oldest first by `created`; equal times keep the order they were sent in. */
    messages: new Collection<MessageRecord, 'visit'>({
      visit: { key: (m) => m.visit_id, order: (a, b) => a.created - b.created },
    }),
    endpoints: new Collection<EndpointRecord>(),
    notifications: new Collection<NotificationRecord>(),
    slots: new Collection<SlotRecord, 'provider' | 'providerDay'>({
      provider: { key: (s) => stringKey(s.provider_id) },
      /** `${provider_id}:${YYYY-MM-DD}` of the slot's start (UTC day). */
      providerDay: {
        key: (s) => (stringKey(s.provider_id) ? `${s.provider_id}:${utcDay(s.start)}` : undefined),
        order: (a, b) => a.start - b.start,
      },
    }),
    slotGroups: new Collection<SlotGroupRecord>(),
    paymentSources: new Collection<PaymentSourceRecord>(),
    /** Mock-only payment ledger: one row per charge attempt (succeeded or declined), keyed by charge id. */
    charges: new Collection<ChargeRecord, 'intake'>({ intake: { key: (c) => stringKey(c.intake_id) } }),
    /** Coupons by code (mock-only: the spec has no coupon endpoint). */
    coupons: new Collection<CouponRecord>(),
    /** Insurance cards keyed `${userId}:${card_type}`. */
    insuranceCards: new Collection<InsuranceCardRecord>(),
    /** Eligibility jobs keyed by user id. */
    eligibility: new Collection<EligibilityRecord>(),
    // Families whose handlers are being written: loose records, narrowed when they land.
    prescriptions: new Collection<LooseRecord>(),
    /** Saved pharmacies keyed `${userId}:${code}`. */
    pharmacies: new Collection<LooseRecord>(),
    /** Medical-record sections keyed `${userId}:${section}`. */
    emr: new Collection<LooseRecord>(),
    devices: new Collection<LooseRecord>(),
    measurements: new Collection<LooseRecord>(),
    recordings: new Collection<LooseRecord>(),
    surveyResponses: new Collection<LooseRecord>(),
    /** Webhook envelopes received by `POST /webhooks/events` (the admin's integration test). */
    webhookReceipts: new Collection<WebhookReceiptRecord>(),
    /** Attempts to deliver queued events to the clinic's webhook address, keyed by delivery id. */
    webhookDeliveries: new Collection<WebhookDeliveryRecord>(),
    /** Pushes sent to registered devices (`POST /__mock/push/test`). */
    pushDeliveries: new Collection<PushDeliveryRecord>(),
    /**
     * Overrides of the billing reference lists, keyed by list name (the generated lists live in
     * seed/insurance.ts; `referenceList` there reads a list with its item type).
     */
    referenceLists: new Collection<ReferenceListItem[]>(),
  };
}

export type Collections = ReturnType<typeof collections>;

export interface Db extends Collections {
  /** Counter for generated ids; deterministic for the same seed. */
  seq: number;
  /** Webhook events waiting for delivery by the standalone server. */
  outbox: OutboxEvent[];
}

export type CollectionName = keyof Collections;

export function emptyDb(): Db {
  return { seq: 1000, ...collections(), outbox: [] };
}

/** The live database shared by every handler of this host (browser worker, msw/node, server). */
export const db: Db = emptyDb();

/** Empties every collection and reseeds, with times relative to `now` (ms). */
export function resetDb(now?: number, options: SeedOptions = {}): Db {
  resetMockClock();
  Object.assign(db, emptyDb());
  seedDatabase(db, now ?? mockNow(), options);
  return db;
}

/** A new id with a readable prefix; deterministic for the same sequence of operations. */
export function nextId(prefix: string): string {
  db.seq += 1;
  return `${prefix}_${db.seq}`;
}

/**
 * A new unguessable id with a readable prefix (`int_` + 32 hex digits), for records whose ids a
 * caller could otherwise count through (intakes: their invoices and visits hang off them).
 */
export function randomId(prefix: string): string {
  return `${prefix}_${crypto.randomUUID().replace(/-/g, '')}`;
}

/** Seconds since the epoch, the spec's timestamp unit, on the mock's movable clock (lib/clock.ts). */
export const nowSeconds = () => Math.floor(mockNow() / 1000);

// Persistence (browser development only) -----------------------------------------------------

/** Bumped whenever the stored shape changes: an older snapshot is dropped and the seed used. */
export const SNAPSHOT_VERSION = 2;

export function serializeDb(source: Db = db): string {
  return JSON.stringify({ version: SNAPSHOT_VERSION, db: source }, (_key, value: unknown) =>
    value instanceof Map ? { __map: [...(value as Map<string, unknown>).entries()] } : value,
  );
}

const isEntries = (value: unknown): value is [string, unknown][] =>
  Array.isArray(value) &&
  value.every((entry) => Array.isArray(entry) && entry.length === 2 && typeof entry[0] === 'string');

/**
 * Restores a snapshot into fresh typed collections (their indexes rebuilt as the records are
 * stored). An unreadable snapshot, one of another version or one missing a collection changes
 * nothing and returns false, so the caller seeds instead.
 */
export function restoreDb(text: string): boolean {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return false;
  }
  if (!parsed || typeof parsed !== 'object') return false;
  const { version, db: stored } = parsed as { version?: unknown; db?: unknown };
  if (version !== SNAPSHOT_VERSION || !stored || typeof stored !== 'object') return false;
  const source = stored as Record<string, unknown>;
  const fresh = emptyDb();
  for (const name of Object.keys(collections()) as CollectionName[]) {
    const value = source[name];
    const entries = value && typeof value === 'object' ? (value as { __map?: unknown }).__map : undefined;
    if (!isEntries(entries)) return false;
    const target = fresh[name] as Collection<unknown, string>;
    for (const [id, record] of entries) target.set(id, record);
  }
  if (typeof source.seq !== 'number' || !Array.isArray(source.outbox)) return false;
  fresh.seq = source.seq;
  fresh.outbox = source.outbox as OutboxEvent[];
  Object.assign(db, fresh);
  return true;
}
