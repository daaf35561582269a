import { describe, expect, it } from 'vitest';
import { CreateIntakeInputSchema, IntakeRefSchema, IntakeSchema } from './schemas.ts';

const intake = {
  id: 'intake-1',
  created: 1700000000,
  modified: 1700000050,
  type: 1,
  reason_for_visit: 'Sample reason',
  attachments: [{ _id: 'f-1', name: 'sample.pdf', path: '/files/f-1', size: '2048', ext: 'pdf' }],
  provider: 'p-1',
  visit_id: null,
};

describe('intake schemas', () => {
  it('parses an intake and keeps custom fields', () => {
    const parsed = IntakeSchema.parse({ ...intake, custom_question: 'custom answer' });
    expect(parsed).toMatchObject({
      type: '1',
      provider: 'p-1',
      visit_id: null,
      custom_question: 'custom answer',
    });
    expect(parsed.attachments?.[0]?.size).toBe(2048);
  });

  it('refuses an intake without an id', () => {
    const { id: _id, ...withoutId } = intake;
    expect(IntakeSchema.safeParse(withoutId).error?.issues[0]?.path).toEqual(['id']);
  });

  it('reads the `{id}` reference of create and update', () => {
    expect(IntakeRefSchema.parse({ id: 12 })).toEqual({ id: '12' });
  });

  it('requires a room code and a valid type to create an intake', () => {
    expect(CreateIntakeInputSchema.parse({ room_code: 'main', type: 2, location: 'ca' }).location).toBe('CA');
    const result = CreateIntakeInputSchema.safeParse({ type: 3 });
    expect(result.error?.issues.map((issue) => issue.path)).toEqual([['room_code'], ['type']]);
  });
});
