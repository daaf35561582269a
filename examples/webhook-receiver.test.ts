import { http, passthrough } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { KnownWebhookEventSchema } from '@telehealth/client/webhooks/schemas';
import { db } from '@telehealth/mock/db';
import { startWebhookDelivery, type WebhookDelivery } from '@telehealth/mock/lib/webhooks';
import { server } from '@telehealth/mock/node';
import { sessionFor } from '~test/render';
import { connectServer, memoryTokenStore } from '@telehealth/client';
import { startWebhookReceiver } from './webhook-receiver';
import { SEED_USERS, SEED_VISITS } from '@telehealth/mock/seed/ids';

const MESSAGES = 'http://mock.test/messaging';
const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0)) await cleanup();
});

async function startReceiver(settleMs = 30) {
  const token = sessionFor('demo-provider').token.token;
  const received: { visitId: string; ids: string[] }[] = [];
  connectServer({
    apiBaseUrl: 'http://mock.test/api_v3',
    messagesBaseUrl: MESSAGES,
    accountCode: 'demo',
    apiKey: 'demo-api-key',
    tokens: memoryTokenStore(token),
    retry: false,
  });
  const running = await startWebhookReceiver({
    settleMs,
    onMessages: (visitId, messages) => {
      received.push({ visitId, ids: messages.map((m) => String(m.id)) });
    },
  });
  const { receiver, url } = running;
  // The receiver is a real HTTP server: let requests to it through msw.
  server.use(http.all(`${new URL(url).origin}/*`, () => passthrough()));
  cleanups.push(() => running.close());
  return { receiver, url, received };
}

async function postAs(code: 'demo-patient' | 'demo-provider', content: string): Promise<string> {
  const response = await fetch(`${MESSAGES}/api/visits/${SEED_VISITS.econsultOpen}/messages`, {
    method: 'POST',
    headers: { 'X-ApiToken': sessionFor(code).token.token, 'Content-Type': 'application/json' },
    body: JSON.stringify({ content }),
  });
  const body = (await response.json()) as { data: { id: string } };
  return body.data.id;
}

const threadIds = () =>
  [...db.messages.values()]
    .filter((m) => m.visit_id === SEED_VISITS.econsultOpen)
    .sort((a, b) => Number(a.created) - Number(b.created))
    .map((m) => m.id);

describe('example webhook receiver', () => {
  it('receives every message of a thread once, in order, from the mock’s deliveries', async () => {
    const { receiver, url } = await startReceiver();
    const delivery: WebhookDelivery = startWebhookDelivery({ url, retryMs: 50, pollMs: 10 });
    cleanups.push(() => delivery.stop());
    await postAs('demo-patient', 'First question');
    await postAs('demo-provider', 'First answer');
    await postAs('demo-patient', 'Thanks');
    // The receiver takes each event before it answers, so once every delivery is acknowledged
    // the receiver holds them all.
    await delivery.idle();
    await receiver.idle();
    expect(receiver.held.get(SEED_VISITS.econsultOpen)?.map((m) => m.id)).toEqual(threadIds());
    expect(receiver.seenMessageIds.size).toBe(3);
  });

  it('acknowledges first, skips a message_id already seen and orders by data.ts', async () => {
    const { receiver, url, received } = await startReceiver(50);
    const a = await postAs('demo-patient', 'one');
    const b = await postAs('demo-provider', 'two');
    const events = db.outbox.splice(0).map((e, i) => ({ version: '1.0', ...e, id: `dlv_${i}` }));
    const [first, second] = events;
    // Delivered out of order, and the first one twice (a retry with a new delivery id).
    for (const event of [second, first, { ...first, id: 'dlv_retry' }]) {
      const started = Date.now();
      const response = await fetch(url, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify(event),
      });
      expect(response.status).toBe(200);
      expect(Date.now() - started).toBeLessThan(1000);
    }
    await receiver.idle();
    expect(receiver.seenMessageIds).toEqual(new Set([a, b]));
    // One catch-up read both new messages with skip = the one message held before.
    expect(received).toEqual([{ visitId: SEED_VISITS.econsultOpen, ids: threadIds() }]);
    expect(receiver.held.get(SEED_VISITS.econsultOpen)).toHaveLength(3);
  });

  it('ignores bodies that are not events, after acknowledging them', async () => {
    const { receiver, url } = await startReceiver();
    const response = await fetch(url, { method: 'POST', body: 'not json' });
    expect(response.status).toBe(200);
    await receiver.idle();
    expect(receiver.seenMessageIds.size).toBe(0);
  });
});

describe('mock webhook delivery (spec section 6)', () => {
  async function startSink(answers: number[]) {
    const { createServer } = await import('node:http');
    const bodies: Record<string, unknown>[] = [];
    let call = 0;
    const sink = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        bodies.push(JSON.parse(Buffer.concat(chunks).toString('utf8')) as Record<string, unknown>);
        const status = answers[Math.min(call, answers.length - 1)] ?? 200;
        call += 1;
        if (status === 0) return; // never answer
        res.writeHead(status).end();
      });
    });
    await new Promise<void>((resolve) => sink.listen(0, '127.0.0.1', () => resolve()));
    const address = sink.address();
    const url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}/hook`;
    server.use(http.all(`${new URL(url).origin}/*`, () => passthrough()));
    cleanups.push(() => new Promise<void>((resolve) => sink.close(() => resolve())));
    cleanups.push(() => sink.closeAllConnections());
    return { url, bodies };
  }

  it('retries a refused delivery with a new id and the same message_id, and stops once acknowledged', async () => {
    const { url, bodies } = await startSink([500, 503, 200]);
    const delivery = startWebhookDelivery({ url, retryMs: 20, pollMs: 10 });
    cleanups.push(() => delivery.stop());
    const id = await postAs('demo-patient', 'Secret symptom text');
    await delivery.idle();
    expect(bodies).toHaveLength(3);
    for (const body of bodies) {
      expect(KnownWebhookEventSchema.parse(body)).toMatchObject({
        version: '1.0',
        type: 'visit.message.created',
        account_code: 'demo',
        data: { visit_id: SEED_VISITS.econsultOpen, message_id: id, actor_type: 'patient' },
      });
      expect(JSON.stringify(body)).not.toContain('Secret symptom');
    }
    expect(new Set(bodies.map((b) => b.id)).size).toBe(3);
  });

  it('gives up after 5 attempts, counting an answer that never comes as a failure', async () => {
    const { url, bodies } = await startSink([0, 500]);
    const attempts: number[] = [];
    const delivery = startWebhookDelivery({
      url,
      retryMs: 10,
      pollMs: 10,
      timeoutMs: 100,
      onAttempt: (a) => attempts.push(a.attempt),
    });
    cleanups.push(() => delivery.stop());
    await postAs('demo-provider', 'A reply');
    await delivery.idle();
    // The sink records a body when it has read it, which can come after the sender gave up on it.
    await vi.waitFor(() => expect(bodies).toHaveLength(5));
    expect(attempts).toEqual([1, 2, 3, 4, 5]);
    expect(bodies[0]).toMatchObject({ data: { actor_type: 'provider' } });
  });

  it('delivers visit.created events queued by other handlers in the same envelope', async () => {
    const { url, bodies } = await startSink([200]);
    db.outbox.push({
      id: 'evt_x',
      type: 'visit.created',
      account_code: 'demo',
      created: 1_800_000_000,
      data: { id: 'vis_new', member_id: SEED_USERS.patient, provider_id: null, status: '10' },
    });
    const delivery = startWebhookDelivery({ url, retryMs: 10, pollMs: 10 });
    cleanups.push(() => delivery.stop());
    await delivery.idle();
    expect(KnownWebhookEventSchema.parse(bodies[0])).toMatchObject({
      type: 'visit.created',
      version: '1.0',
      data: { id: 'vis_new' },
    });
  });
});
