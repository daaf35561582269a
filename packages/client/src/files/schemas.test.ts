import { describe, expect, it } from 'vitest';
import { FileRecordSchema, UploadFileInputSchema } from './schemas.ts';

const file = {
  id: 'f-1',
  name: 'sample.pdf',
  size: 2048,
  ext: 'pdf',
  fullpath: 'https://api.example.test/files/view/f-1?auth_code=abc&time=1700000000',
  meta: {
    category: 'user_document',
    target: { id: 'u-1', type: 'user' },
    account: { code: 'clinic' },
  },
  creator: { id: 'u-1', username: 'pat', email: 'pat@example.test', full_name: 'Pat Sample', type: 200 },
  created: 1700000000,
  is_deletable: true,
};

describe('file schemas', () => {
  it('parses a file record and keeps unknown fields', () => {
    const parsed = FileRecordSchema.parse({ ...file, checksum: 'abc' });
    expect(parsed.meta?.category).toBe('user_document');
    expect(parsed['checksum']).toBe('abc');
  });

  it('reads a category it does not know as unknown instead of failing', () => {
    const parsed = FileRecordSchema.parse({ ...file, meta: { ...file.meta, category: 'lab_report' } });
    expect(parsed.meta?.category).toBe('unknown');
  });

  it('accepts the intake target type on records', () => {
    const meta = { ...file.meta, target: { id: 'intake-1', type: 'intake' } };
    expect(FileRecordSchema.parse({ ...file, meta }).meta?.target?.type).toBe('intake');
  });

  it('refuses a file record without a name', () => {
    const { name: _name, ...withoutName } = file;
    expect(FileRecordSchema.safeParse(withoutName).error?.issues[0]?.path).toEqual(['name']);
  });

  it('accepts only the four categories on upload', () => {
    expect(UploadFileInputSchema.safeParse({ category: 'lab_report' }).error?.issues[0]?.path).toEqual([
      'category',
    ]);
  });
});
