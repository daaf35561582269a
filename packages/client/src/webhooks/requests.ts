import { z } from 'zod';
import { apiJson, type CallOptions } from '../http.ts';
import { hasStatus } from '../errors.ts';
import { WebhookDeliveryLogSchema, type WebhookDeliveryLog, type WebhookEnvelope } from './schemas.ts';

/** POST /webhooks/events (ADMIN): sends one envelope to check the integration; 200 acknowledges it. */
export function sendWebhookTest(envelope: WebhookEnvelope, options: CallOptions = {}): Promise<boolean> {
  return apiJson({
    method: 'POST',
    path: '/webhooks/events',
    auth: 'admin',
    body: { json: envelope },
    schema: z.boolean(),
    signal: options.signal,
  });
}

/**
 * GET /webhooks/deliveries (ADMIN), a server extension the spec does not have (docs/spec-decisions.md,
 * "Webhook delivery log"): the clinic's webhook address and its recent deliveries. A server
 * without it answers 404 (or 405, 501): null, meaning "not reported here".
 */
export async function getWebhookDeliveries(options: CallOptions = {}): Promise<WebhookDeliveryLog | null> {
  try {
    return await apiJson({
      path: '/webhooks/deliveries',
      auth: 'admin',
      schema: WebhookDeliveryLogSchema,
      signal: options.signal,
    });
  } catch (error) {
    if (hasStatus(error, 404) || hasStatus(error, 405) || hasStatus(error, 501)) return null;
    throw error;
  }
}
