/**
 * The service worker's decisions as plain functions (tested in Node, src/sw/policy.test.ts): what a
 * page gets when the network fails, and where a notification click may lead.
 */

/** The precached page shown when a page cannot load. */
export const OFFLINE_PAGE = 'offline.html';
/** The message a tab sends when the person chooses to load the new version. */
export const SKIP_WAITING = 'SKIP_WAITING';

/**
 * A page from the network; when the network fails (offline, server unreachable), the offline page.
 * An answer the server gave, even an error status, is passed on as it came.
 */
export async function navigationFallback(
  network: () => Promise<Response>,
  offlinePage: () => Promise<Response | undefined>,
): Promise<Response> {
  try {
    return await network();
  } catch (cause) {
    const page = await offlinePage();
    if (page) return page;
    throw cause;
  }
}

/**
 * The address a notification opens: its `data.url` when that is a path on the portal's own origin,
 * the home page otherwise (a notification never sends anyone to another site).
 */
export function notificationTarget(data: unknown, origin: string): string {
  const url = (data as { url?: unknown } | null | undefined)?.url;
  if (typeof url === 'string' && url.startsWith('/') && !url.startsWith('//')) {
    try {
      const target = new URL(url, origin);
      if (target.origin === origin) return target.href;
    } catch {
      // not a URL: home
    }
  }
  return new URL('/', origin).href;
}
