import { describe, expect, it } from 'vitest';
import {
  MESSAGE_MAX_LENGTH,
  PostMessageInputSchema,
  VisitMessageListParamsSchema,
  VisitMessagePageSchema,
  VisitMessageSchema,
} from './schemas.ts';

const message = {
  id: 'm-1',
  type: 'patient_message',
  actor: { id: 'u-1', type: 200, display_name: 'Pat S.' },
  content: 'Sample question about my visit',
  created: 1700000000.123456,
};

describe('message schemas', () => {
  it('parses a thread page and keeps the fractional creation time', () => {
    const page = VisitMessagePageSchema.parse({ data: [message], total_count: 1 });
    expect(page.data[0]?.created).toBe(1700000000.123456);
  });

  it('passes unknown fields through', () => {
    expect(VisitMessageSchema.parse({ ...message, attachment_ids: ['f-1'] })['attachment_ids']).toEqual([
      'f-1',
    ]);
  });

  it('refuses a message without an actor', () => {
    const { actor: _actor, ...withoutActor } = message;
    expect(VisitMessageSchema.safeParse(withoutActor).error?.issues[0]?.path).toEqual(['actor']);
  });

  it('refuses blank and over-long messages', () => {
    expect(PostMessageInputSchema.safeParse({ content: 'Hello' }).success).toBe(true);
    expect(PostMessageInputSchema.safeParse({ content: '  \n ' }).error?.issues[0]?.path).toEqual([
      'content',
    ]);
    expect(PostMessageInputSchema.safeParse({ content: 'x'.repeat(MESSAGE_MAX_LENGTH) }).success).toBe(true);
    expect(PostMessageInputSchema.safeParse({ content: 'x'.repeat(MESSAGE_MAX_LENGTH + 1) }).success).toBe(
      false,
    );
  });

  it('caps the page size at 200', () => {
    expect(VisitMessageListParamsSchema.safeParse({ limit: 200, skip: 25 }).success).toBe(true);
    expect(VisitMessageListParamsSchema.safeParse({ limit: 201 }).error?.issues[0]?.path).toEqual(['limit']);
  });
});
