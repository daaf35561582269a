import { describe, expect, it } from 'vitest';
import { KnownWebhookEventSchema, VisitCreatedEventSchema, WebhookEnvelopeSchema } from './schemas.ts';

const messageEvent = {
  version: '1.0',
  id: 'delivery-1',
  type: 'visit.message.created',
  created: 1700000005,
  account_code: 'clinic',
  data: { visit_id: 'v-1', message_id: 'm-1', actor_type: 'patient', ts: 1700000000 },
};

const visitEvent = {
  version: '1.0',
  id: 'delivery-2',
  type: 'visit.created',
  created: 1700000005,
  account_code: 'clinic',
  data: {
    id: 'v-1',
    member_id: 'u-1',
    provider_id: null,
    start: 1700000000,
    end: 1700000900,
    actual_start: null,
    actual_end: null,
    status: '10',
    completed_by: null,
  },
};

describe('webhook schemas', () => {
  it('parses both known events by type', () => {
    const parsed = KnownWebhookEventSchema.parse(messageEvent);
    expect(parsed.type === 'visit.message.created' && parsed.data.message_id).toBe('m-1');
    expect(VisitCreatedEventSchema.parse(visitEvent).data.provider_id).toBeNull();
  });

  it('keeps unknown fields and reads unknown event types through the envelope', () => {
    const parsed = WebhookEnvelopeSchema.parse({ ...messageEvent, type: 'visit.updated', attempt: 2 });
    expect(parsed['attempt']).toBe(2);
  });

  it('refuses an event without the message id', () => {
    const { message_id: _messageId, ...data } = messageEvent.data;
    const result = KnownWebhookEventSchema.safeParse({ ...messageEvent, data });
    expect(result.error?.issues[0]?.path).toEqual(['data', 'message_id']);
  });

  it('refuses an envelope without account_code', () => {
    const { account_code: _accountCode, ...withoutAccount } = visitEvent;
    expect(WebhookEnvelopeSchema.safeParse(withoutAccount).error?.issues[0]?.path).toEqual(['account_code']);
  });
});
