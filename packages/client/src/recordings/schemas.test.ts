import { describe, expect, it } from 'vitest';
import { RecordingDetailSchema, RecordingSchema } from './schemas.ts';

const recording = {
  id: 3,
  visit_id: 'v-1',
  start: 1700000000,
  end: 1700000900,
  version: 1,
  participants: [{ first_name: 'Sam', last_name: 'Sample', platformid: 'plat-1' }],
};

describe('recording schemas', () => {
  it('parses a recording with an integer id and keeps unknown fields', () => {
    expect(RecordingSchema.parse({ ...recording, storage: 'x' })).toMatchObject({ id: 3, storage: 'x' });
  });

  it('refuses a recording without an id', () => {
    const { id: _id, ...withoutId } = recording;
    expect(RecordingSchema.safeParse(withoutId).error?.issues[0]?.path).toEqual(['id']);
  });

  it('requires the pre-signed path on the detail', () => {
    const detail = RecordingDetailSchema.parse({
      ...recording,
      path: { url: 'https://storage.example.test/rec-3?sig=abc', expiry: 1700003600 },
    });
    expect(detail.path.expiry).toBe(1700003600);
    expect(RecordingDetailSchema.safeParse(recording).error?.issues[0]?.path).toEqual(['path']);
  });
});
