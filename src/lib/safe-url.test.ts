import { describe, expect, it } from 'vitest';
import { resourcePolicy, safeResourceUrl } from './safe-url';

const production = resourcePolicy({
  origin: 'https://portal.example.com',
  apiBaseUrls: ['https://api.example.com/api_v3', '/messaging', 'https://survey.example.com/survey'],
  hosts: 'files.example-cdn.com,recordings.example.com',
  allowLocal: false,
});

describe('safeResourceUrl (RELIABILITY case 26)', () => {
  it.each([
    ['a path on the portal', '/brand/logo.svg', 'https://portal.example.com/brand/logo.svg'],
    [
      'the API origin',
      'https://api.example.com/api_v3/files/view/f1?auth_code=a&time=1',
      'https://api.example.com/api_v3/files/view/f1?auth_code=a&time=1',
    ],
    ['the survey origin', 'https://survey.example.com/x.png', 'https://survey.example.com/x.png'],
    [
      'a configured file host',
      'https://files.example-cdn.com/a/b.png',
      'https://files.example-cdn.com/a/b.png',
    ],
  ])('admits %s', (_label, value, expected) => {
    expect(safeResourceUrl(value, production)).toBe(expected);
  });

  it.each([
    ['any other https host', 'https://evil.example/tracker.png'],
    ['a look-alike of an allowed host', 'https://api.example.com.evil.example/x.png'],
    ['an allowed host over plain http', 'http://files.example-cdn.com/a.png'],
    ['localhost in a production build', 'http://localhost:8787/x.png'],
    ['127.0.0.1 in a production build', 'http://127.0.0.1:8787/x.png'],
    ['javascript:', 'javascript:alert(1)'],
    ['data:', 'data:text/html,<script>alert(1)</script>'],
    ['blob:', 'blob:https://portal.example.com/1234'],
    ['credentials in the URL', 'https://user:pw@files.example-cdn.com/x.png'],
    ['nothing', ''],
    ['not a string', 42],
  ])('refuses %s', (_label, value) => {
    expect(safeResourceUrl(value, production)).toBeNull();
  });

  it('admits localhost only in development and mock builds', () => {
    const dev = resourcePolicy({
      origin: 'http://localhost:5173',
      apiBaseUrls: ['/api_v3'],
      hosts: '',
      allowLocal: true,
    });
    expect(safeResourceUrl('http://127.0.0.1:8787/api_v3/files/view/f', dev)).toBe(
      'http://127.0.0.1:8787/api_v3/files/view/f',
    );
    expect(safeResourceUrl('https://evil.example/x.png', dev)).toBeNull();
  });
});
