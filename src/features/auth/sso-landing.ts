import { signInWithSsoToken, type SsoSignIn } from '@telehealth/client/users/requests';
import { paths, safeInAppPath } from '@/config/paths';

/** What the /auth landing URL carried, read once and removed from the address bar. */
export interface SsoLanding {
  ssoToken: string | null;
  next: string | null;
  oneTime: boolean;
  embedded: boolean;
}

let captured: SsoLanding | null = null;

/** `/auth`, `/auth/`, `/AUTH`: every spelling the router sends to the landing. */
export function isLandingPath(pathname: string): boolean {
  return normalisedPath(pathname) === '/auth';
}

const normalisedPath = (pathname: string) => pathname.replace(/\/+$/, '').toLowerCase() || '/';

/**
 * Runs in main.tsx before anything else: reads the /auth parameters and replaces the history
 * entry with a clean `/auth`, so the token never stays in the address bar, history or Referer.
 * Resource timings are cleared too; the navigation entry itself cannot be rewritten by a page
 * (docs/spec-decisions.md), which is why the landing also destroys the token after the exchange.
 */
export function captureSsoLanding(
  location: Location = window.location,
  history: History = window.history,
  perf: Performance | undefined = typeof performance === 'undefined' ? undefined : performance,
): void {
  if (!isLandingPath(location.pathname)) return;
  captured = readLanding(new URLSearchParams(location.search));
  history.replaceState(null, '', '/auth');
  try {
    perf?.clearResourceTimings();
  } catch {
    // Not every host implements it; the token is destroyed after the exchange anyway.
  }
}

/**
 * Where the landing may send the user next: a path on this origin (paths.ts safeInAppPath), and
 * never the landing itself (an endless "Signing you in…") or the signed-out page (a signed-in
 * user told they are signed out), whatever their case or trailing slashes.
 */
export function landingNext(next: unknown, origin: string = window.location.origin): string | null {
  const safe = safeInAppPath(next, origin);
  if (!safe) return null;
  const path = normalisedPath(new URL(safe, origin).pathname);
  if (path === '/auth' || path.startsWith('/auth/') || path === paths.signedOut.pattern) return null;
  return safe;
}

export function readLanding(params: URLSearchParams): SsoLanding {
  return {
    ssoToken: params.get('sso_token'),
    next: params.get('next'),
    oneTime: params.get('one_time_token') === '1',
    embedded: params.get('disable_navigation') === '1',
  };
}

/**
 * The captured landing. It stays until `forgetCapturedLanding` (after the exchange settled), so
 * React's development double-render of state initialisers reads the same value twice.
 */
export function takeCapturedLanding(): SsoLanding | null {
  return captured;
}

export function forgetCapturedLanding(): void {
  captured = null;
}

const exchanges = new Map<string, Promise<SsoSignIn>>();

/**
 * One sign-in per token while it is in flight, even when React runs effects twice
 * (StrictMode) or the route remounts. Once settled it is forgotten: presenting the same link
 * again asks the server again, which refuses a token the landing destroyed.
 */
export function exchangeOnce(landing: SsoLanding & { ssoToken: string }): Promise<SsoSignIn> {
  let pending = exchanges.get(landing.ssoToken);
  if (!pending) {
    const token = landing.ssoToken;
    pending = signInWithSsoToken(token);
    const forget = () => {
      // Kept a moment longer than the answer, so a StrictMode re-run that starts right after still joins it.
      setTimeout(() => exchanges.delete(token), 0);
    };
    pending.then(forget, forget);
    exchanges.set(token, pending);
  }
  return pending;
}
