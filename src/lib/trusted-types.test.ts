import { describe, expect, it } from 'vitest';
import { scriptUrlAllowed } from './trusted-types';

describe('the default Trusted Types policy', () => {
  it.each([
    ['https://js.stripe.com/v3', false, true],
    ['https://js.stripe.com/v3/?advancedFraudSignals=false', false, true],
    ['https://js.stripe.com.evil.example/v3', false, false],
    ['https://evil.example/x.js', false, false],
    ['/mockServiceWorker.js', false, false],
    ['/mockServiceWorker.js', true, true],
    ['https://evil.example/mockServiceWorker.js', true, false],
    ['data:text/javascript,alert(1)', true, false],
  ])('%s (mock build: %s) → %s', (url, mock, allowed) => {
    expect(scriptUrlAllowed(url, 'https://portal.example.com', mock ? '/mockServiceWorker.js' : null)).toBe(
      allowed,
    );
  });
});
