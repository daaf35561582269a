import { paths } from '@/config/paths';
import type { SessionStore } from './session-store';

/** User input that proves someone is at the screen. Pointer moves alone are not enough. */
const INPUT_EVENTS = ['keydown', 'pointerdown', 'wheel', 'touchstart'] as const;

/**
 * Feeds the session's inactivity clock from this window: user input counts as activity;
 * coming back to the tab (focus, visibility, a page restored from the back-forward cache)
 * re-checks the limits at once, before any refetch it triggers can send a stale token.
 * Returns a function that removes the listeners.
 */
export function watchBrowserActivity(store: SessionStore, win: Window = window): () => void {
  const onInput = () => store.recordActivity();
  const onReturn = () => {
    if (win.document.visibilityState !== 'hidden') store.enforceLimits();
  };
  const onPageShow = (event: PageTransitionEvent) => {
    if (!event.persisted) return;
    // Restored from the back/forward cache: hide the frozen page at once (it may show patient
    // data of a session signed out meanwhile), check the session, then show it or leave it.
    const body = win.document.body;
    body.style.visibility = 'hidden';
    body.inert = true;
    void store.onPageShow(true).then((result) => {
      if (result === 'active') {
        body.style.visibility = '';
        body.inert = false;
      } else {
        // A fresh document: nothing of the frozen page survives.
        win.location.replace(paths.signedOut('other-tab'));
      }
    });
  };
  const options: AddEventListenerOptions = { capture: true, passive: true };
  for (const type of INPUT_EVENTS) win.addEventListener(type, onInput, options);
  // Capture phase on window runs before the query library's own focus/visibility listeners.
  win.addEventListener('focus', onReturn, true);
  win.document.addEventListener('visibilitychange', onReturn, true);
  win.addEventListener('pageshow', onPageShow);
  return () => {
    for (const type of INPUT_EVENTS) win.removeEventListener(type, onInput, options);
    win.removeEventListener('focus', onReturn, true);
    win.document.removeEventListener('visibilitychange', onReturn, true);
    win.removeEventListener('pageshow', onPageShow);
  };
}
