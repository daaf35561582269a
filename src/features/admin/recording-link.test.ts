import { describe, expect, it } from 'vitest';
import { allowedRecordingUrl } from './recording-link';

describe('allowedRecordingUrl (case 26)', () => {
  const hosts = 'recordings.example.test,cdn.example.test:8443';

  it('lets through https links on the allowed hosts only', () => {
    expect(allowedRecordingUrl('https://recordings.example.test/a.mp4?sig=1', hosts)).toBe(
      'https://recordings.example.test/a.mp4?sig=1',
    );
    expect(allowedRecordingUrl('https://cdn.example.test:8443/a.mp4', hosts)).toBe(
      'https://cdn.example.test:8443/a.mp4',
    );
  });

  it.each([
    'http://recordings.example.test/a.mp4',
    'https://recordings.example.test.evil.com/a.mp4',
    'https://evil.com/recordings.example.test/a.mp4',
    'https://cdn.example.test/a.mp4',
    'javascript:alert(1)',
    'data:text/html,<script>alert(1)</script>',
    'blob:https://recordings.example.test/abc',
    '//recordings.example.test/a.mp4',
    'not a url',
  ])('refuses %s', (url) => {
    expect(allowedRecordingUrl(url, hosts)).toBeNull();
  });
});
