import type { CallOptions } from '../http.ts';
import { listVisitMessages } from '../messages/requests.ts';
import type { VisitMessage } from '../messages/schemas.ts';
import { WebhookEnvelopeSchema, type WebhookEnvelope } from './schemas.ts';

/**
 * What a server receiving the clinic's events (spec section 6) has to do, without the HTTP part
 * (any server hands `receive` the parsed body and answers 200 at once):
 *
 * 1. acknowledge at once, and do the work after answering (`receive` returns before any request);
 * 2. skip a `data.message_id` already seen: retries repeat deliveries, each with a new delivery `id`;
 * 3. order by `data.ts`: deliveries arrive in any order, so events settle for a moment and are
 *    handled oldest first;
 * 4. read only the new messages: the event is a pointer without content, so the thread is read
 *    from `skip` = the messages already held, until `total_count` says it is caught up.
 *
 * Thread reads go through the client (configure it with the messaging base and a participant's
 * token first: `connectServer`).
 */
export interface MessageReceiverOptions {
  /** New messages of a visit, oldest first, each exactly once. */
  onMessages?: (visitId: string, messages: VisitMessage[]) => void | Promise<void>;
  /** Every event taken in (any type), before it is handled. */
  onEvent?: (event: WebhookEnvelope) => void;
  /** How long events settle before they are ordered by `data.ts` and handled (ms). */
  settleMs?: number;
  /** Messages per thread request. */
  pageSize?: number;
  /** Ids and counts only, never content. */
  log?: (line: string) => void;
  /** The timer (tests pass their own). */
  setTimer?: (run: () => void, ms: number) => unknown;
}

export interface MessageReceiver {
  /**
   * Takes one delivery's parsed JSON body. Returns at once: `true` when it was an event envelope
   * (answer 200), `false` otherwise (still answer 2xx: a retry would not make it one).
   */
  receive(body: unknown): boolean;
  /** Every `data.message_id` taken in. */
  readonly seenMessageIds: ReadonlySet<string>;
  /** The messages held per visit, in thread order: their count is the next `skip`. */
  readonly held: ReadonlyMap<string, readonly VisitMessage[]>;
  /** Resolves when everything received so far has been handled. */
  idle(): Promise<void>;
}

/** A scalar as text; anything else (objects, null) as ''. */
const text = (value: unknown): string =>
  typeof value === 'string' || typeof value === 'number' ? String(value) : '';

export function createMessageReceiver(options: MessageReceiverOptions = {}): MessageReceiver {
  const settleMs = options.settleMs ?? 1000;
  const pageSize = options.pageSize ?? 100;
  const log = options.log ?? (() => undefined);
  const setTimer = options.setTimer ?? ((run: () => void, ms: number) => setTimeout(run, ms));
  const seenMessageIds = new Set<string>();
  const held = new Map<string, VisitMessage[]>();
  const pending: WebhookEnvelope[] = [];
  let flushing: Promise<void> | null = null;
  let timerSet = false;
  /** One catch-up at a time per visit, so two never read with the same `skip`. */
  const chains = new Map<string, Promise<void>>();

  async function catchUp(visitId: string, call: CallOptions = {}): Promise<void> {
    const list = held.get(visitId) ?? [];
    held.set(visitId, list);
    for (let guard = 0; guard < 10_000; guard += 1) {
      const page = await listVisitMessages(visitId, { skip: list.length, limit: pageSize }, call);
      if (page.total_count < list.length) {
        // The thread shrank (it should not: it is append-only): read it again from the start.
        list.length = 0;
        continue;
      }
      const known = new Set(list.map((m) => m.id));
      const fresh = page.data.filter((m) => !known.has(m.id));
      list.push(...fresh);
      if (fresh.length) {
        log(`visit ${visitId}: ${fresh.length} new message(s), ${list.length} held`);
        await options.onMessages?.(visitId, fresh);
      }
      if (!page.data.length || list.length >= page.total_count) return;
    }
  }

  function enqueueCatchUp(visitId: string): Promise<void> {
    const next = (chains.get(visitId) ?? Promise.resolve())
      .catch(() => undefined)
      .then(() => catchUp(visitId))
      .catch((error: unknown) => log(`visit ${visitId}: catch-up failed: ${String(error)}`));
    chains.set(visitId, next);
    return next;
  }

  async function flush(): Promise<void> {
    timerSet = false;
    const batch = pending.splice(0).sort((a, b) => Number(a.data.ts ?? 0) - Number(b.data.ts ?? 0));
    const visits = [...new Set(batch.map((event) => text(event.data.visit_id)).filter(Boolean))];
    await Promise.all(visits.map(enqueueCatchUp));
  }

  function receive(body: unknown): boolean {
    const parsed = WebhookEnvelopeSchema.safeParse(body);
    if (!parsed.success) {
      log('ignored a delivery without the event envelope');
      return false;
    }
    const event = parsed.data;
    options.onEvent?.(event);
    if (event.type !== 'visit.message.created') {
      log(`event ${event.type} (delivery ${event.id})`);
      return true;
    }
    const messageId = text(event.data.message_id);
    if (!messageId || seenMessageIds.has(messageId)) {
      log(`duplicate of message ${messageId} (delivery ${event.id}) skipped`);
      return true;
    }
    seenMessageIds.add(messageId);
    pending.push(event);
    if (!timerSet) {
      timerSet = true;
      setTimer(() => {
        flushing = flush();
      }, settleMs);
    }
    return true;
  }

  return {
    receive,
    seenMessageIds,
    held,
    async idle() {
      for (;;) {
        while (timerSet) await new Promise((resolve) => setTimeout(resolve, 5));
        await flushing;
        await Promise.all([...chains.values()]);
        if (!timerSet && pending.length === 0) return;
      }
    },
  };
}
