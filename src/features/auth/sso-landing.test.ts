import { describe, expect, it, vi } from 'vitest';
import {
  captureSsoLanding,
  forgetCapturedLanding,
  landingNext,
  readLanding,
  takeCapturedLanding,
} from './sso-landing';

describe('capturing the SSO landing (B16)', () => {
  it('takes the token out of the address bar and history before anything else, keeping what it needs', () => {
    const replaceState = vi.fn();
    const location = {
      pathname: '/auth',
      search: '?sso_token=CANARY_SSO_1&next=%2Fpatient%2Fprofile&one_time_token=1&disable_navigation=1',
    } as Location;
    captureSsoLanding(location, { replaceState } as unknown as History);
    expect(replaceState).toHaveBeenCalledWith(null, '', '/auth');
    expect(replaceState.mock.calls.flat().join(' ')).not.toContain('CANARY_SSO');
    expect(takeCapturedLanding()).toEqual({
      ssoToken: 'CANARY_SSO_1',
      next: '/patient/profile',
      oneTime: true,
      embedded: true,
    });
    // Read twice (React's development double render) it is the same; forgotten once used.
    expect(takeCapturedLanding()?.ssoToken).toBe('CANARY_SSO_1');
    forgetCapturedLanding();
    expect(takeCapturedLanding()).toBeNull();
  });

  it.each(['/auth/', '/AUTH', '/Auth//'])(
    'D12: %s reaches the early capture too (the router matches it case-insensitively)',
    (pathname) => {
      const replaceState = vi.fn();
      captureSsoLanding(
        { pathname, search: '?sso_token=CANARY_SSO_2' } as Location,
        { replaceState } as unknown as History,
      );
      expect(replaceState).toHaveBeenCalledWith(null, '', '/auth');
      expect(takeCapturedLanding()?.ssoToken).toBe('CANARY_SSO_2');
      forgetCapturedLanding();
    },
  );

  it('D12: clears the navigation timing entries that still hold the landing URL', () => {
    const clearResourceTimings = vi.fn();
    const perf = { clearResourceTimings } as unknown as Performance;
    captureSsoLanding(
      { pathname: '/auth', search: '?sso_token=CANARY_SSO_3' } as Location,
      { replaceState: vi.fn() } as unknown as History,
      perf,
    );
    expect(clearResourceTimings).toHaveBeenCalled();
    forgetCapturedLanding();
  });

  it.each([
    ['/auth?sso_token=x', null],
    ['/AUTH/?sso_token=x', null],
    ['/auth/', null],
    ['/auth/invalid', null],
    ['/signed-out?reason=idle', null],
    ['/Signed-Out/', null],
    ['/patient/profile', '/patient/profile'],
    ['/authors', '/authors'],
  ])('D18: `next=%s` after a landing goes to %s', (next, expected) => {
    expect(landingNext(next, 'http://portal.test')).toBe(expected);
  });

  it('leaves every other address alone', () => {
    const replaceState = vi.fn();
    captureSsoLanding(
      { pathname: '/patient', search: '?sso_token=x' } as Location,
      { replaceState } as unknown as History,
    );
    expect(replaceState).not.toHaveBeenCalled();
    expect(takeCapturedLanding()).toBeNull();
  });

  it('reads the flags only when they are exactly 1', () => {
    expect(readLanding(new URLSearchParams('sso_token=a&one_time_token=true&disable_navigation=0'))).toEqual({
      ssoToken: 'a',
      next: null,
      oneTime: false,
      embedded: false,
    });
  });
});
