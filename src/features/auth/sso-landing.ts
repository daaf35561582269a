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
export function captureSsoLanding(location: Location = window.location, history: History = window.history): void {
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

/** The captured landing, handed out once. */
export function takeCapturedLanding(): SsoLanding | null {
  const value = captured;
  captured = null;
  return value;
}

const exchanges = new Map<string, Promise<SsoResult>>();

/** One exchange per token, even when React runs effects twice (StrictMode) or the route remounts. */
export function exchangeOnce(landing: SsoLanding & { ssoToken: string }): Promise<SsoResult> {
  let pending = exchanges.get(landing.ssoToken);
  if (!pending) {
    pending = exchangeSsoToken(landing.ssoToken, landing.oneTime);
    exchanges.set(landing.ssoToken, pending);
  }
  return pending;
}
