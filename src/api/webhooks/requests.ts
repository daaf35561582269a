import { z } from 'zod';
import { apiJson, type CallOptions } from '../http';
import type { WebhookEnvelope } from './schemas';

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
