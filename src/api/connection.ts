import { onlineManager } from '@tanstack/react-query';

/**
 * Whether the API is reachable, decided by request outcomes rather than the browser's flag
 * (RELIABILITY cases 52 and 54): an `offline` event alone pauses nothing, since the flag can be
 * wrong while the network works. A request that fails at the network level while the browser
 * also says it is offline marks the app offline: reads pause (and say so) until the browser's
 * `online` event or any answer from the server.
 */
let installed = false;

export function watchConnection(): void {
  if (installed) return;
  installed = true;
  onlineManager.setEventListener((setOnline) => {
    if (typeof window === 'undefined') return undefined;
    const online = () => setOnline(true);
    window.addEventListener('online', online);
    return () => window.removeEventListener('online', online);
  });
}

/** The HTTP layer calls this when a request failed before any answer arrived. */
export function reportNetworkFailure(): void {
  if (typeof navigator !== 'undefined' && navigator.onLine === false) onlineManager.setOnline(false);
}

/** The HTTP layer calls this on any answer from the server (whatever its status). */
export function reportReachable(): void {
  if (!onlineManager.isOnline()) onlineManager.setOnline(true);
}
