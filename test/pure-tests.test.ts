import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { findPureTests } from './pure-tests';

const root = path.resolve(import.meta.dirname, '..');

describe('the pure project', () => {
  const pure = findPureTests(root, ['src/lib/sanitize.test.ts']);

  it('holds logic tests whose imports never reach the mock', () => {
    expect(pure).toEqual(
      expect.arrayContaining(['src/lib/dates.test.ts', 'packages/client/src/errors.test.ts']),
    );
    expect(pure).toContain('test/pure-tests.test.ts');
  });

  it('leaves out the mock, tests that reach it through an import or start it, and DOM tests', () => {
    expect(pure).not.toContain('packages/mock/src/db.test.ts');
    // A screen helper (test/render.tsx) or a request function brings the mock's server in.
    expect(pure.filter((file) => file.startsWith('packages/mock/src/'))).toEqual([]);
    expect(pure).not.toContain('test/contract/contract.test.ts');
    expect(pure).not.toContain('src/lib/sanitize.test.ts');
    expect(pure.every((file) => file.endsWith('.test.ts'))).toBe(true);
  });
});
