/**
 * A small webhook receiver for the clinic's events (spec section 6), doing exactly what the spec
 * asks of an integrator:
 *
 * 1. acknowledge at once (200 as soon as the body is read), and do the work after answering;
 * 2. skip a `data.message_id` already seen: retries repeat deliveries, each with a new `id`, so
 *    the delivery `id` is useless for de-duplication;
 * 3. order by `data.ts`: delivery order is not guaranteed, so events are gathered for a moment
 *    and handled oldest first;
 * 4. read only the new messages: `GET {messages_base_url}/api/visits/{visit_id}/messages?skip=<held>`
 *    until `total_count` says it is caught up. The event is only a pointer; it has no content.
 *
 * Run it:  PORT=8790 MESSAGES_BASE_URL=http://127.0.0.1:8787/messaging API_TOKEN=<token> \
 *          node --import tsx examples/webhook-receiver.ts
 * and start the mock with MOCK_WEBHOOK_URL=http://127.0.0.1:8790/webhooks.
 * It logs ids and counts only, never message content.
 */
import { createServer, type IncomingMessage, type Server } from 'node:http';

export interface ReceivedMessage {
  id: string;
  type?: string;
  actor: { id: string; type: number; display_name: string };
  content: string;
  created: number;
  [key: string]: unknown;
}

export interface WebhookReceiverOptions {
  /** `{messages_base_url}`, e.g. http://127.0.0.1:8787/messaging */
  messagesBaseUrl: string;
  /** X-ApiToken for the message API (a token of a participant of the visits). */
  token: string | (() => string | Promise<string>);
  /** How long events are gathered before they are ordered by `data.ts` and handled. */
  settleMs?: number;
  /** Largest page the message API allows. */
  pageSize?: number;
  fetchImpl?: typeof fetch;
  /** New messages of a visit, oldest first, each exactly once. */
  onMessages?: (visitId: string, messages: ReceivedMessage[]) => void;
  onEvent?: (event: WebhookEvent) => void;
  log?: (line: string) => void;
}

export interface WebhookEvent {
  version: string;
  id: string;
  type: string;
  created: number;
  account_code: string;
  data: Record<string, unknown>;
}

const MAX_BODY_BYTES = 1024 * 1024;

function readBody(request: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    request.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_BODY_BYTES) {
        reject(new Error('body too large'));
        request.destroy();
        return;
      }
      chunks.push(chunk);
    });
    request.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    request.on('error', reject);
  });
}

/** A scalar as text; anything else (objects, null) as ''. */
const text = (value: unknown): string =>
  typeof value === 'string' || typeof value === 'number' ? String(value) : '';

function asEvent(value: unknown): WebhookEvent | null {
  if (!value || typeof value !== 'object') return null;
  const v = value as Record<string, unknown>;
  if (typeof v.type !== 'string' || typeof v.id !== 'string' || !v.data || typeof v.data !== 'object')
    return null;
  return {
    version: text(v.version),
    id: v.id,
    type: v.type,
    created: Number(v.created ?? 0),
    account_code: text(v.account_code),
    data: v.data as Record<string, unknown>,
  };
}

export function createWebhookReceiver(options: WebhookReceiverOptions) {
  const settleMs = options.settleMs ?? 1000;
  const pageSize = options.pageSize ?? 200;
  const doFetch = options.fetchImpl ?? fetch;
  const log = options.log ?? (() => undefined);
  const base = options.messagesBaseUrl.replace(/\/+$/, '');

  /** Every `data.message_id` already taken in: retries and duplicates stop here. */
  const seenMessageIds = new Set<string>();
  /** Messages held per visit, in thread order: their count is the next `skip`. */
  const held = new Map<string, ReceivedMessage[]>();
  const pending: WebhookEvent[] = [];
  let flushTimer: ReturnType<typeof setTimeout> | null = null;
  /** One catch-up at a time per visit, so two never fetch with the same `skip`. */
  const chains = new Map<string, Promise<void>>();
  let working = 0;

  async function token(): Promise<string> {
    return typeof options.token === 'function' ? options.token() : options.token;
  }

  async function catchUp(visitId: string): Promise<void> {
    const list = held.get(visitId) ?? [];
    held.set(visitId, list);
    for (let guard = 0; guard < 10_000; guard += 1) {
      const url = `${base}/api/visits/${encodeURIComponent(visitId)}/messages?skip=${list.length}&limit=${pageSize}`;
      const response = await doFetch(url, {
        headers: { 'X-ApiToken': await token(), Accept: 'application/json' },
      });
      if (!response.ok) throw new Error(`message API answered ${response.status} for visit ${visitId}`);
      const page = (await response.json()) as { data: ReceivedMessage[]; total_count: number };
      if (page.total_count < list.length) {
        // The thread shrank (it should not: it is append-only): start over.
        list.length = 0;
        continue;
      }
      const known = new Set(list.map((m) => m.id));
      const fresh = page.data.filter((m) => !known.has(m.id));
      list.push(...fresh);
      if (fresh.length) {
        log(`visit ${visitId}: ${fresh.length} new message(s), ${list.length} held`);
        options.onMessages?.(visitId, fresh);
      }
      if (!page.data.length || list.length >= page.total_count) return;
    }
  }

  function enqueueCatchUp(visitId: string): Promise<void> {
    const previous = chains.get(visitId) ?? Promise.resolve();
    const next = previous
      .catch(() => undefined)
      .then(() => catchUp(visitId))
      .catch((error: unknown) => log(`visit ${visitId}: catch-up failed: ${String(error)}`));
    chains.set(visitId, next);
    return next;
  }

  async function flush(): Promise<void> {
    flushTimer = null;
    const batch = pending
      .splice(0, pending.length)
      .sort((a, b) => Number(a.data.ts ?? 0) - Number(b.data.ts ?? 0));
    working += 1;
    try {
      const visits: string[] = [];
      for (const event of batch) {
        const visitId = text(event.data.visit_id);
        if (visitId && !visits.includes(visitId)) visits.push(visitId);
      }
      await Promise.all(visits.map((visitId) => enqueueCatchUp(visitId)));
    } finally {
      working -= 1;
    }
  }

  function accept(event: WebhookEvent): void {
    options.onEvent?.(event);
    if (event.type !== 'visit.message.created') {
      log(`event ${event.type} (delivery ${event.id})`);
      return;
    }
    const messageId = text(event.data.message_id);
    if (!messageId || seenMessageIds.has(messageId)) {
      log(`duplicate of message ${messageId} (delivery ${event.id}) skipped`);
      return;
    }
    seenMessageIds.add(messageId);
    pending.push(event);
    flushTimer ??= setTimeout(() => void flush(), settleMs);
  }

  const server: Server = createServer((request, response) => {
    if (request.method !== 'POST') {
      response.writeHead(405, { Allow: 'POST' }).end();
      return;
    }
    readBody(request).then(
      (text) => {
        // 1. Acknowledge first; everything else happens after the answer has gone.
        response.writeHead(200, { 'Content-Type': 'application/json' }).end('{"ok":true}');
        let parsed: unknown;
        try {
          parsed = JSON.parse(text);
        } catch {
          log('ignored a delivery that is not JSON');
          return;
        }
        const event = asEvent(parsed);
        if (event) accept(event);
        else log('ignored a delivery without the event envelope');
      },
      () => {
        if (!response.headersSent) response.writeHead(413).end();
      },
    );
  });

  return {
    server,
    seenMessageIds,
    held,
    listen(port = 0, host = '127.0.0.1'): Promise<string> {
      return new Promise((resolve) => {
        server.listen(port, host, () => {
          const address = server.address();
          const actual = typeof address === 'object' && address ? address.port : port;
          resolve(`http://${host}:${actual}/webhooks`);
        });
      });
    },
    close(): Promise<void> {
      if (flushTimer) clearTimeout(flushTimer);
      return new Promise((resolve) => server.close(() => resolve()));
    },
    /** Resolves when nothing is waiting to be handled (for tests). */
    async idle(): Promise<void> {
      while (pending.length || flushTimer || working) await new Promise((r) => setTimeout(r, 10));
      await Promise.all([...chains.values()]);
    },
  };
}

const isMain = process.argv[1] && import.meta.url.endsWith(process.argv[1].replace(/\\/g, '/'));
if (isMain) {
  const port = Number(process.env.PORT ?? 8790);
  const receiver = createWebhookReceiver({
    messagesBaseUrl: process.env.MESSAGES_BASE_URL ?? 'http://127.0.0.1:8787/messaging',
    token: process.env.API_TOKEN ?? '',
    log: (line) => console.log(line),
  });
  void receiver.listen(port).then((url) => console.log(`Webhook receiver on ${url}`));
}
