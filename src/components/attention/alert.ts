import { setTitleMarker } from '@/lib/document-title';
import { playChime, resetAudio } from './audio';
import { clearAttentionPrefs, getAttentionPrefs } from './preferences';

export interface AttentionAlert {
  /** The clinic's name (never the patient's, never health information). */
  title: string;
  /** What happened in plain words, e.g. "Your provider is ready" (no health information). */
  body: string;
  /** One notification per tag: two tabs or two polls of the same event show one. Ids are fine here. */
  tag: string;
  /** The same-origin path a click on the notification opens (the service worker navigates to it). */
  url: string;
  /** Opens `url` in this tab (a click on a notification shown without the service worker). */
  onOpen?: () => void;
  /** Put before the tab title while the page is hidden. */
  titleMarker?: string;
}

export const DEFAULT_TITLE_MARKER = '● ';
const ICON = '/favicon.svg';

/** The patient is not looking at this page: it is hidden, or another window has the focus. */
export function isAway(): boolean {
  return document.visibilityState === 'hidden' || !document.hasFocus();
}

function canNotify(): boolean {
  return (
    typeof Notification !== 'undefined' &&
    Notification.permission === 'granted' &&
    getAttentionPrefs().optedIn
  );
}

async function showNotification({ title, body, tag, url, onOpen }: AttentionAlert): Promise<void> {
  let registration: ServiceWorkerRegistration | undefined;
  try {
    // `serviceWorker` is missing on insecure origins and in some embedded browsers.
    const container = navigator.serviceWorker as ServiceWorkerContainer | undefined;
    registration = await container?.getRegistration();
  } catch {
    registration = undefined;
  }
  if (registration) {
    // The service worker's notificationclick focuses a window and navigates it to data.url.
    await registration.showNotification(title, { body, tag, data: { url }, icon: ICON });
    return;
  }
  const notification = new Notification(title, { body, tag, icon: ICON });
  notification.onclick = () => {
    window.focus();
    onOpen?.();
    notification.close();
  };
}

let awaitingReturn = false;

function onVisibilityChange(): void {
  if (document.visibilityState === 'hidden') return;
  clearAwaySignals();
}

/** Takes the marker off the tab title and the badge off the app icon. */
function clearAwaySignals(): void {
  if (!awaitingReturn) return;
  awaitingReturn = false;
  document.removeEventListener('visibilitychange', onVisibilityChange);
  setTitleMarker(null);
  try {
    void navigator.clearAppBadge?.().catch(() => undefined);
  } catch {
    // No badge on this browser.
  }
}

/** Marks the tab title and the app icon until the page is visible again. */
function showAwaySignals(marker: string): void {
  setTitleMarker(marker);
  try {
    void navigator.setAppBadge?.(1).catch(() => undefined);
  } catch {
    // No badge on this browser.
  }
  if (awaitingReturn) return;
  awaitingReturn = true;
  document.addEventListener('visibilitychange', onVisibilityChange);
}

/**
 * Tells the patient that something needs them (the provider is ready, the join window opened, a
 * new message), with whatever this browser allows:
 * - a system notification, when the patient opted in, the browser allows it, and they are away
 *   (page hidden or not focused): through the service worker when one is registered, else directly;
 * - a short chime, unless the patient turned sound off (only once audio was unlocked by a press);
 * - while the page is hidden, a marker before the tab title and a badge on the installed app's icon,
 *   both taken away when the page is visible again.
 * Never throws: a signal the browser refuses is skipped.
 */
export async function alertAttention(alert: AttentionAlert): Promise<void> {
  const prefs = getAttentionPrefs();
  if (prefs.soundOn) playChime();
  if (document.visibilityState === 'hidden') showAwaySignals(alert.titleMarker ?? DEFAULT_TITLE_MARKER);
  if (canNotify() && isAway()) {
    try {
      await showNotification(alert);
    } catch {
      // Refused (e.g. a browser that only shows notifications from a service worker): the sound
      // and the tab title still tell the patient.
    }
  }
}

/**
 * Takes the title marker and badge away, closes the unlocked audio and forgets the patient's
 * choices: the page as before any prompt (tests share these modules, so each test starts here).
 */
export function resetAttention(): void {
  clearAwaySignals();
  resetAudio();
  clearAttentionPrefs();
}
