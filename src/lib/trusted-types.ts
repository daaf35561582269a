import type { TrustedTypesWindow } from 'trusted-types/lib';

/**
 * The page's `default` Trusted Types policy, the only other policy the production CSP names
 * (`trusted-types portal-sanitizer default`). Libraries that assign plain strings to script
 * sinks go through it: it admits Stripe.js's own script (loaded by `@stripe/stripe-js`) and the
 * build's one service worker: the mock's in mock builds, the portal's own (`/sw.js`, src/sw/) in
 * production builds. Everything else, and every HTML or script string,
 * is refused, so the browser blocks the sink and reports the violation (RELIABILITY case 69).
 */
const STRIPE_SCRIPT = /^https:\/\/js\.stripe\.com\/v3\/?(\?[^#]*)?$/;
// Compared at build time, so production builds carry no trace of the mock's worker.
const WORKER_PATH =
  import.meta.env.VITE_API_MOCKING === 'on'
    ? `/${['mockService', 'Worker.js'].join('')}`
    : import.meta.env.PORTAL_PWA === 'on'
      ? '/sw.js'
      : null;

/** Whether the default policy admits this script URL (`workerPath`: the build's service worker, if any). */
export function scriptUrlAllowed(url: string, origin: string, workerPath: string | null): boolean {
  if (STRIPE_SCRIPT.test(url)) return true;
  if (!workerPath) return false;
  try {
    const parsed = new URL(url, origin);
    return parsed.origin === origin && parsed.pathname === workerPath;
  } catch {
    return false;
  }
}

let installed = false;

export function installDefaultTrustedTypesPolicy(): void {
  const factory = (window as unknown as TrustedTypesWindow).trustedTypes;
  if (installed || !factory) return;
  installed = true;
  factory.createPolicy('default', {
    createScriptURL: (url: string) =>
      scriptUrlAllowed(url, window.location.origin, WORKER_PATH) ? url : (null as unknown as string),
  });
}
