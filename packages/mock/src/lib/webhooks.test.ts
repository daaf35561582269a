import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { db, resetDb } from '../db.ts';
import { recordDeliveryAttempt } from '../handlers/admin.ts';
import { startWebhookDelivery, type DeliveryAttempt, type WebhookDelivery } from './webhooks.ts';

const NOW = Date.UTC(2026, 10, 25, 16, 0);

describe('webhook delivery of the standalone mock', () => {
  let delivery: WebhookDelivery | null = null;
  beforeEach(() => resetDb(NOW));
  afterEach(() => delivery?.stop());

  it('retries an unacknowledged event with a new delivery id and logs every attempt for the admin', async () => {
    const answers = [500, 200];
    const attempts: DeliveryAttempt[] = [];
    db.outbox.push({
      id: 'evt_1',
      type: 'visit.completed',
      account_code: 'demo',
      created: 1,
      data: { visit_id: 'v1' },
    });
    delivery = startWebhookDelivery({
      url: 'https://hooks.example.test/in',
      retryMs: 5,
      pollMs: 5,
      fetchImpl: () => Promise.resolve(new Response('', { status: answers.shift() ?? 200 })),
      onAttempt: (attempt) => {
        attempts.push(attempt);
        recordDeliveryAttempt(attempt);
      },
    });
    await delivery.idle();
    expect(attempts.map((a) => [a.attempt, a.status, a.ok])).toEqual([
      [1, 500, false],
      [2, 200, true],
    ]);
    expect(attempts[0]!.deliveryId).not.toBe(attempts[1]!.deliveryId);
    const logged = [...db.webhookDeliveries.values()].sort((a, b) => a.attempt - b.attempt);
    expect(logged.map((d) => [d.type, d.account_code, d.status, d.attempt])).toEqual([
      ['visit.completed', 'demo', 500, 1],
      ['visit.completed', 'demo', 200, 2],
    ]);
    expect(logged.every((d) => Number.isInteger(d.sent) && d.sent > 0)).toBe(true);
  });
});
