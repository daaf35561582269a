import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { safeInAppPath } from '@/config/paths';

const ORIGIN = 'https://portal.example.test';

/** The redirect vectors of RELIABILITY.md case 18. */
const HOSTILE = [
  'https://evil.example',
  '//evil.example',
  '/\\evil.example',
  '\\\\evil.example',
  '%2F%2Fevil.example',
  '/\t/evil.example',
  '/\n/evil.example',
  '/\r\n/evil.example',
  '\r\n//evil.example',
  'javascript:alert(1)',
  ' JaVaScRiPt:alert(1)',
  'data:text/html,<script>alert(1)</script>',
  'https:evil.example',
  'https://portal@evil.example',
  'http://portal.example.test.evil.example/',
  '///evil.example',
  '/\\/evil.example',
  `/${'a'.repeat(10_000)}`,
  '',
  ' /visits',
];

/** What "stays on our origin" means, checked independently of the implementation. */
function isSafeDestination(result: string): boolean {
  if (!result.startsWith('/') || result.startsWith('//') || result.includes('\\')) return false;
  // eslint-disable-next-line no-control-regex -- control characters must never survive
  if (/[\u0000-\u001f\u007f]/.test(result)) return false;
  return new URL(result, ORIGIN).origin === ORIGIN;
}

describe('`next` after the SSO landing (B18)', () => {
  it.each(HOSTILE)('refuses %j', (next) => {
    expect(safeInAppPath(next, ORIGIN)).toBeNull();
  });

  it('keeps a path of ours with its query and fragment', () => {
    expect(safeInAppPath('/visits/123?tab=files#x', ORIGIN)).toBe('/visits/123?tab=files#x');
    expect(safeInAppPath('/patient/profile', ORIGIN)).toBe('/patient/profile');
  });

  it('keeps encoded and double-encoded paths on our origin (they are just odd paths here)', () => {
    for (const next of ['/%5Cevil.example', '/%252F%252Fevil.example', '/%2F%2Fevil.example']) {
      const result = safeInAppPath(next, ORIGIN);
      expect(result === null || isSafeDestination(result)).toBe(true);
    }
  });

  it('never leaves the origin, for any string', () => {
    const pool = fc.constantFrom(
      '/',
      '//',
      '\\',
      '\t',
      '\n',
      '\r',
      '@',
      ':',
      '%2F',
      '%5C',
      '%252F',
      'evil.example',
      'javascript:',
      'data:',
      'https:',
      '\u202e',
      '\u2066',
      '\u0000',
      '..',
      '?',
      '#',
      ' ',
      '\ud800',
      '👩‍⚕️',
    );
    const tricky = fc
      .array(fc.oneof(pool, fc.string({ unit: 'grapheme', maxLength: 6 })), { maxLength: 12 })
      .map((parts) => parts.join(''));
    fc.assert(
      fc.property(
        fc.oneof(tricky, fc.string({ unit: 'binary', maxLength: 64 }), fc.webUrl(), fc.webPath()),
        (next) => {
          const result = safeInAppPath(next, ORIGIN);
          return result === null || isSafeDestination(result);
        },
      ),
      { numRuns: 800 },
    );
  });

  it('accepts every plain path of ours, and refuses one whose dot segments collapse to "//"', () => {
    fc.assert(
      fc.property(fc.webPath(), (path) => {
        const next = path.startsWith('/') && !path.startsWith('//') ? path : `/${path.replace(/^\/+/, '')}`;
        const result = safeInAppPath(next, ORIGIN);
        const normalised = new URL(next, ORIGIN).pathname;
        // "/.//evil" normalises to "//evil", which a browser would read as another host.
        if (normalised.startsWith('//')) return result === null;
        return result !== null && new URL(result, ORIGIN).pathname === normalised;
      }),
      { numRuns: 400 },
    );
  });

  it('refuses dot segments that collapse into a protocol-relative path', () => {
    expect(safeInAppPath('/.//evil.example/x', ORIGIN)).toBeNull();
    expect(safeInAppPath('/a/..//evil.example', ORIGIN)).toBeNull();
  });

  it.each(['/.//evil.example', '/..//evil.example', '/%2e//evil.example'])(
    'refuses %j, whose normalised path is //evil.example (S6)',
    (next) => {
      expect(safeInAppPath(next, ORIGIN)).toBeNull();
    },
  );

  it('refuses anything that is not a string', () => {
    for (const value of [null, undefined, 42, {}, ['/x']]) expect(safeInAppPath(value, ORIGIN)).toBeNull();
  });
});
