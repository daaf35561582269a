import { db, type OutboxEvent } from '../db.ts';
import { mockNow } from './clock.ts';

/**
 * Webhook delivery of the standalone mock server (spec section 6, DESIGN.md section 2). Handlers
 * queue events on `db.outbox`; this drains it and POSTs each event to `MOCK_WEBHOOK_URL` in the
 * section 6 envelope. An attempt counts as acknowledged on any 2xx within 30 s; otherwise it is
 * retried, up to 5 attempts, about 60 s apart (`MOCK_WEBHOOK_RETRY_MS` shortens the gap). Every
 * attempt carries a new delivery `id`; `data` (and so `data.message_id`) stays the same.
 */

export interface WebhookDeliveryOptions {
  url: string;
  /** Gap between attempts; the spec says roughly 60 seconds. */
  retryMs?: number;
  /** An attempt not acknowledged within this time failed; the spec says 30 seconds. */
  timeoutMs?: number;
  maxAttempts?: number;
  /** How often the outbox is checked. */
  pollMs?: number;
  fetchImpl?: typeof fetch;
  /** Told about every attempt (for logs and tests); never given message content, since events carry none. */
  onAttempt?: (attempt: DeliveryAttempt) => void;
}

export interface DeliveryAttempt {
  accountCode: string;
  /** When the attempt was sent, in UNIX seconds. */
  sent: number;
  eventType: string;
  deliveryId: string;
  attempt: number;
  status: number | null;
  ok: boolean;
}

export interface WebhookEnvelopeBody {
  version: string;
  id: string;
  type: string;
  created: number;
  account_code: string;
  data: Record<string, unknown>;
}

export const WEBHOOK_VERSION = '1.0';

/** The section 6 envelope for one delivery attempt of a queued event. */
export function envelopeFor(event: OutboxEvent, deliveryId: string): WebhookEnvelopeBody {
  return {
    version: WEBHOOK_VERSION,
    id: deliveryId,
    type: typeof event.type === 'string' ? event.type : 'unknown',
    created: typeof event.created === 'number' ? Math.floor(event.created) : Math.floor(Date.now() / 1000),
    account_code: typeof event.account_code === 'string' ? event.account_code : 'demo',
    data: { ...event.data },
  };
}

const newDeliveryId = () => `dlv_${crypto.randomUUID()}`;

export interface WebhookDelivery {
  /** Stops draining and cancels pending retries. */
  stop(): void;
  /** Resolves when nothing is queued and no attempt or retry is pending (for tests). */
  idle(): Promise<void>;
}

export function startWebhookDelivery(options: WebhookDeliveryOptions): WebhookDelivery {
  const retryMs = options.retryMs ?? 60_000;
  const timeoutMs = options.timeoutMs ?? 30_000;
  const maxAttempts = options.maxAttempts ?? 5;
  const pollMs = options.pollMs ?? 250;
  const doFetch = options.fetchImpl ?? fetch;
  const timers = new Set<ReturnType<typeof setTimeout>>();
  let inFlight = 0;
  let stopped = false;

  const later = (fn: () => void, ms: number) => {
    const timer = setTimeout(() => {
      timers.delete(timer);
      fn();
    }, ms);
    timers.add(timer);
  };

  async function attempt(event: OutboxEvent, number: number): Promise<void> {
    if (stopped) return;
    const body = envelopeFor(event, newDeliveryId());
    const sent = Math.floor(mockNow() / 1000);
    let status: number | null = null;
    inFlight += 1;
    try {
      const response = await doFetch(options.url, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'User-Agent': 'telehealth-mock-webhooks/1.0' },
        body: JSON.stringify(body),
        signal: AbortSignal.timeout(timeoutMs),
      });
      status = response.status;
      await response.arrayBuffer().catch(() => undefined);
    } catch {
      // No answer within the time limit, or no connection: `status` stays null, a failed attempt.
    } finally {
      inFlight -= 1;
    }
    const ok = status !== null && status >= 200 && status < 300;
    options.onAttempt?.({
      accountCode: body.account_code,
      sent,
      eventType: body.type,
      deliveryId: body.id,
      attempt: number,
      status,
      ok,
    });
    if (!ok && number < maxAttempts && !stopped) later(() => void attempt(event, number + 1), retryMs);
  }

  function drain(): void {
    if (stopped) return;
    // resetDb replaces the array, so read it afresh every time.
    const events = db.outbox.splice(0, db.outbox.length);
    for (const event of events) void attempt(event, 1);
    later(drain, pollMs);
  }
  drain();

  return {
    stop() {
      stopped = true;
      for (const timer of timers) clearTimeout(timer);
      timers.clear();
    },
    async idle() {
      // Only the drain timer left, nothing queued and nothing on the wire.
      while (db.outbox.length > 0 || inFlight > 0 || timers.size > 1) {
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    },
  };
}

/** Starts delivery when `MOCK_WEBHOOK_URL` is set (standalone server only). */
export function startWebhookDeliveryFromEnv(
  env: NodeJS.ProcessEnv = process.env,
  onAttempt?: (attempt: DeliveryAttempt) => void,
): WebhookDelivery | null {
  const url = env.MOCK_WEBHOOK_URL;
  if (!url) return null;
  const retryMs = Number(env.MOCK_WEBHOOK_RETRY_MS);
  return startWebhookDelivery({
    url,
    retryMs: Number.isFinite(retryMs) && retryMs > 0 ? retryMs : 60_000,
    ...(onAttempt ? { onAttempt } : {}),
  });
}
