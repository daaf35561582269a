import { createRoot } from 'react-dom/client';
import { Workbox } from 'workbox-window';
import { UpdatePrompt } from './update-prompt';
import './update-prompt.css';

/** The service worker's address (vite-plugin-pwa writes it at the root, so its scope is the portal). */
export const WORKER_URL = '/sw.js';
/** How often an open portal asks whether a new version was deployed. */
const UPDATE_CHECK_MS = 60 * 60 * 1000;

/**
 * Registers the portal's service worker (production builds; loaded after the first render) and
 * offers a waiting new version. The new version takes over only when the person presses "Reload
 * now" in this tab: no reload ever happens under someone filling in a form.
 */
export async function registerPortalWorker(): Promise<void> {
  const workbox = new Workbox(WORKER_URL, { scope: '/' });
  let reloadAsked = false;
  let shown = false;
  const offer = () => {
    if (shown) return;
    shown = true;
    const host = document.createElement('div');
    host.className = 'update-prompt-host';
    document.body.append(host);
    const root = createRoot(host);
    root.render(
      <UpdatePrompt
        onReload={() => {
          reloadAsked = true;
          // The new worker takes control, then `controlling` reloads this tab (and only this one).
          workbox.messageSkipWaiting();
        }}
        onLater={() => {
          root.unmount();
          host.remove();
          shown = false;
        }}
      />,
    );
  };
  workbox.addEventListener('waiting', offer);
  workbox.addEventListener('controlling', (event) => {
    if (event.isUpdate && reloadAsked) window.location.reload();
  });
  // Other tabs of the portal that took the new version: this one keeps running until asked.
  const registration = await workbox.register();
  if (!registration) return;
  // A worker may already be waiting from an earlier visit.
  if (registration.waiting && navigator.serviceWorker.controller) offer();
  const check = () => void registration.update().catch(() => undefined);
  window.setInterval(check, UPDATE_CHECK_MS);
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'visible') check();
  });
}
