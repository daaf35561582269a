import type { InvoiceResult } from '@telehealth/client/billing/schemas';
import { readIntakeNote, removeIntakeNote, tabStorage, writeIntakeNote } from '@/api/intakes/notes';
import { defaultLocks, type LockManagerLike } from '@/lib/session/locks';

/**
 * What this browser remembers about a charge it sent for an intake, for a server whose invoice
 * answers say nothing about payment (spec 4.6 returns only `amount_due`, `coupon`, `consultation`,
 * `currency`):
 * - `sent`: `create_invoice=1` went out and no answer came (or not yet): the outcome is unknown;
 * - `paid`: the answer came back and the charge was made;
 * - `continued`: the outcome is unknown and the patient, told so, chose to go on without paying again.
 * A refused charge leaves no record (nothing was charged, the patient may pay again).
 */
export type ChargeState = 'sent' | 'paid' | 'continued';

export interface ChargeRecord {
  state: ChargeState;
  /** UNIX seconds when the charge was sent. */
  sentAt: number;
  /** What the answer said was charged, when it came. */
  amountDue?: number;
  currency?: string;
}

const STATES: ReadonlySet<string> = new Set<ChargeState>(['sent', 'paid', 'continued']);
const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const isFiniteNumber = (value: unknown): value is number =>
  typeof value === 'number' && Number.isFinite(value);

/** A record read back from storage or another tab, checked field by field; null when malformed. */
export function parseChargeRecord(value: unknown): ChargeRecord | null {
  if (!isRecord(value)) return null;
  const { state, sentAt, amountDue, currency } = value;
  if (typeof state !== 'string' || !STATES.has(state) || !isFiniteNumber(sentAt)) return null;
  return {
    state: state as ChargeState,
    sentAt,
    ...(isFiniteNumber(amountDue) ? { amountDue } : {}),
    ...(typeof currency === 'string' && /^[a-z]{3}$/i.test(currency) ? { currency } : {}),
  };
}

/** What tabs say to each other about charges (same origin; intake ids and times only). */
type ChargeMessage =
  | { type: 'charge-noted'; intakeId: string; record: ChargeRecord }
  | { type: 'charge-forgotten'; intakeId: string }
  | { type: 'charge-asked'; id: string; intakeId: string }
  | { type: 'charge-known'; id: string; intakeId: string; record: ChargeRecord };

function parseMessage(value: unknown): ChargeMessage | null {
  if (!isRecord(value) || typeof value.intakeId !== 'string' || !value.intakeId) return null;
  const { intakeId } = value;
  switch (value.type) {
    case 'charge-noted':
    case 'charge-known': {
      const record = parseChargeRecord(value.record);
      if (!record) return null;
      if (value.type === 'charge-noted') return { type: 'charge-noted', intakeId, record };
      return typeof value.id === 'string' ? { type: 'charge-known', id: value.id, intakeId, record } : null;
    }
    case 'charge-forgotten':
      return { type: 'charge-forgotten', intakeId };
    case 'charge-asked':
      return typeof value.id === 'string' ? { type: 'charge-asked', id: value.id, intakeId } : null;
    default:
      return null;
  }
}

/** The name of the intake note; it matters only until the visit exists (the wizard drops it then). */
const NOTE = 'charge';
export const PAYMENT_CHANNEL = 'telehealth.payments';
/** How long a tab about to charge waits for other tabs to say they sent a charge for the intake. */
export const PEER_WAIT_MS = 300;

export interface ChargeMemoryOptions {
  /** This tab's sessionStorage (null: kept in memory for this page only). */
  storage: Storage | null;
  /** BroadcastChannel name; null: no other tabs are heard or told. */
  channelName: string | null;
  locks: LockManagerLike;
  peerWaitMs?: number;
}

/**
 * One tab's memory of charges (RELIABILITY case 29): the record of each charge it sent or heard of,
 * in sessionStorage (it survives a reload, goes at sign-out and when the visit exists), told to
 * the other tabs over a BroadcastChannel as it is written, and asked of them before a first
 * charge. Also the tab's attempts in flight (a double click shares one) and its lock manager.
 *
 * Why not localStorage: the portal writes nothing there (DESIGN.md section 5, enforced by lint),
 * and a record in it would outlive the sign-out of a browser closed mid-session. The cost: a tab
 * opened after every tab that knew of a charge was closed does not learn of it.
 */
export class ChargeMemory {
  readonly locks: LockManagerLike;
  /** Charges in flight in this tab, by intake id. */
  readonly attempts = new Map<string, Promise<InvoiceResult>>();
  private readonly storage: Storage | null;
  private readonly inMemory = new Map<string, ChargeRecord>();
  private readonly peerWaitMs: number;
  private channel: BroadcastChannel | null = null;
  private readonly questions = new Map<string, (record: ChargeRecord) => void>();

  constructor(options: ChargeMemoryOptions) {
    this.storage = options.storage;
    this.locks = options.locks;
    this.peerWaitMs = options.peerWaitMs ?? PEER_WAIT_MS;
    if (options.channelName && typeof BroadcastChannel !== 'undefined') {
      this.channel = new BroadcastChannel(options.channelName);
      this.channel.onmessage = (event: MessageEvent<unknown>) => this.hear(parseMessage(event.data));
    }
  }

  /** What this tab knows of a charge for the intake. */
  get(intakeId: string): ChargeRecord | null {
    if (!this.storage) return this.inMemory.get(intakeId) ?? null;
    return parseChargeRecord(readIntakeNote(intakeId, NOTE, { untilVisit: true, storage: this.storage }));
  }

  /** Records the charge here and tells the other tabs. */
  note(intakeId: string, record: ChargeRecord): void {
    this.keep(intakeId, record);
    this.post({ type: 'charge-noted', intakeId, record });
  }

  /** Nothing was charged after all (a refusal): forgotten here and in the other tabs. */
  forget(intakeId: string): void {
    this.drop(intakeId);
    this.post({ type: 'charge-forgotten', intakeId });
  }

  /** What this tab knows, else what another open tab answers within the wait, else null. */
  recall(intakeId: string): Promise<ChargeRecord | null> {
    const known = this.get(intakeId);
    if (known || !this.channel || this.peerWaitMs <= 0) return Promise.resolve(known);
    const id = `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`;
    return new Promise((resolve) => {
      const settle = (record: ChargeRecord | null) => {
        clearTimeout(timer);
        this.questions.delete(id);
        if (record) this.keep(intakeId, record);
        resolve(record);
      };
      const timer = setTimeout(() => settle(this.get(intakeId)), this.peerWaitMs);
      this.questions.set(id, settle);
      this.post({ type: 'charge-asked', id, intakeId });
    });
  }

  close(): void {
    this.channel?.close();
    this.channel = null;
  }

  private keep(intakeId: string, record: ChargeRecord): void {
    if (this.storage) writeIntakeNote(intakeId, NOTE, record, { untilVisit: true, storage: this.storage });
    else this.inMemory.set(intakeId, record);
  }

  private drop(intakeId: string): void {
    if (this.storage) removeIntakeNote(intakeId, NOTE, { untilVisit: true, storage: this.storage });
    else this.inMemory.delete(intakeId);
  }

  private hear(message: ChargeMessage | null): void {
    if (!message) return;
    switch (message.type) {
      case 'charge-noted':
        this.keep(message.intakeId, message.record);
        return;
      case 'charge-forgotten':
        this.drop(message.intakeId);
        return;
      case 'charge-asked': {
        const record = this.get(message.intakeId);
        if (record) this.post({ type: 'charge-known', id: message.id, intakeId: message.intakeId, record });
        return;
      }
      case 'charge-known':
        this.questions.get(message.id)?.(message.record);
        return;
    }
  }

  private post(message: ChargeMessage): void {
    try {
      this.channel?.postMessage(message);
    } catch {
      // A closed channel: this tab's own record still stands.
    }
  }
}

let tabMemory: ChargeMemory | null = null;

/** This tab's charge memory (its sessionStorage, the payments channel, Web Locks). */
export function chargeMemory(): ChargeMemory {
  tabMemory ??= new ChargeMemory({
    storage: tabStorage(),
    channelName: PAYMENT_CHANNEL,
    locks: defaultLocks(),
  });
  return tabMemory;
}
