import { exchangeSsoToken } from '@/api/users/requests';
import type { SsoResult } from '@/api/users/schemas';

/** What the /auth landing URL carried, read once and removed from the address bar. */
export interface SsoLanding {
  ssoToken: string | null;
  next: string | null;
  oneTime: boolean;
  embedded: boolean;
}

let captured: SsoLanding | null = null;

/**
 * Runs in main.tsx before anything else: reads the /auth parameters and replaces the history
 * entry with a clean `/auth`, so the token never stays in the address bar, history or Referer.
 */
export function captureSsoLanding(
  location: Location = window.location,
  history: History = window.history,
): void {
  if (location.pathname !== '/auth') return;
  captured = readLanding(new URLSearchParams(location.search));
  history.replaceState(null, '', '/auth');
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

const exchanges = new Map<string, Promise<SsoResult>>();

/**
 * One exchange per token while it is in flight, even when React runs effects twice
 * (StrictMode) or the route remounts. Once settled it is forgotten: presenting the same link
 * again asks the server again, which refuses a consumed one-time token.
 */
export function exchangeOnce(landing: SsoLanding & { ssoToken: string }): Promise<SsoResult> {
  let pending = exchanges.get(landing.ssoToken);
  if (!pending) {
    const token = landing.ssoToken;
    pending = exchangeSsoToken(token, landing.oneTime);
    const forget = () => {
      // Kept a moment longer than the answer, so a StrictMode re-run that starts right after still joins it.
      setTimeout(() => exchanges.delete(token), 0);
    };
    pending.then(forget, forget);
    exchanges.set(token, pending);
  }
  return pending;
}
