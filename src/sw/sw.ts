/// <reference lib="webworker" />
import { clientsClaim } from 'workbox-core';
import { cleanupOutdatedCaches, matchPrecache, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { navigationFallback, notificationTarget, OFFLINE_PAGE, SKIP_WAITING } from './policy';

/**
 * The portal's service worker (docs/decisions/0037-installable-portal.md), production builds only.
 * It precaches the app's own static files (scripts, styles, icons, the offline page; never
 * index.html) and caches nothing else: API answers, files, photos and recordings go to the network
 * untouched, so no cache ever holds a patient's data. Pages always come from the network; when it
 * cannot be reached, the precached offline page answers instead.
 */
declare const self: ServiceWorkerGlobalScope & {
  __WB_MANIFEST: Array<{ url: string; revision: string | null }>;
};

precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();
// A first visit's tab is served from the start (a notification click can then take it to the visit);
// a new version still waits for the person's choice (skipWaiting only on their message).
clientsClaim();

registerRoute(
  new NavigationRoute(({ request }) =>
    navigationFallback(
      () => fetch(request),
      () => matchPrecache(OFFLINE_PAGE),
    ),
  ),
);

// A new version waits until the person chooses to reload (src/pwa/): never under a half-filled form.
self.addEventListener('message', (event) => {
  if ((event.data as { type?: unknown } | null)?.type === SKIP_WAITING) void self.skipWaiting();
});

// A notification (src/components/attention/) opens the page it is about: an open window of the
// portal is focused and taken there, or a new one is opened.
self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const target = notificationTarget(event.notification.data, self.location.origin);
  event.waitUntil(
    (async () => {
      const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
      const open =
        windows.find((client) => new URL(client.url).pathname === new URL(target).pathname) ?? windows[0];
      if (open) {
        const focused = await open.focus();
        if (new URL(focused.url).pathname === new URL(target).pathname) return;
        // navigate() works on a window this worker controls; any other gets a window of its own.
        const moved = await focused.navigate(target).catch(() => null);
        if (moved) return;
      }
      await self.clients.openWindow(target);
    })(),
  );
});
