import { afterEach, describe, expect, it, vi } from 'vitest';
import { getMe } from '@telehealth/client/users/requests';
import { configureAuth } from '@telehealth/client/http';
import { sessionFor } from '~test/render';
import { watchBrowserActivity } from './activity';
import type { SessionStore } from './session-store';
import { makeTab, MemoryStorage } from './test-support';

/** Just enough of a window for the listeners: events, a body and a location. */
function fakeWindow() {
  const target = new EventTarget();
  const body = { style: { visibility: '' }, inert: false };
  const location = { replace: vi.fn() };
  const document = Object.assign(new EventTarget(), { visibilityState: 'visible', body });
  const win = Object.assign(target, { document, location }) as unknown as Window;
  const pageshow = (persisted: boolean) =>
    target.dispatchEvent(Object.assign(new Event('pageshow'), { persisted }));
  return { win, body, location, pageshow };
}

const stores: SessionStore[] = [];
afterEach(() => {
  for (const s of stores.splice(0)) s.dispose();
});

describe('a page restored from the back/forward cache (D2)', () => {
  it('hides at once, and when its session was signed out meanwhile leaves for the signed-out page', async () => {
    const storage = new MemoryStorage();
    const store = makeTab({ storage, verify: () => getMe() });
    stores.push(store);
    store.signIn(sessionFor('demo-patient'));
    configureAuth(store);
    const { win, body, location, pageshow } = fakeWindow();
    store.addDisposer(watchBrowserActivity(store, win));
    // Signed out elsewhere while this page was frozen: the server refuses its tokens.
    await fetch('http://localhost/api_v3/users/logout', {
      method: 'POST',
      headers: {
        'X-ApiToken': store.tokens!.accessToken,
        'Content-Type': 'application/x-www-form-urlencoded',
      },
      body: `tokens=${store.tokens!.accessToken},${store.tokens!.refreshToken}`,
    });
    pageshow(true);
    // Hidden before anything else ran: the frozen page never shows again unchecked.
    expect(body.style.visibility).toBe('hidden');
    expect(body.inert).toBe(true);
    await vi.waitFor(() => expect(location.replace).toHaveBeenCalledWith('/signed-out?reason=other-tab'));
    expect(body.style.visibility).toBe('hidden');
    expect(store.getState().status).toBe('signed-out');
  });

  it('shows itself again once the server confirmed the session', async () => {
    const store = makeTab({ verify: () => getMe() });
    stores.push(store);
    store.signIn(sessionFor('demo-patient'));
    configureAuth(store);
    const { win, body, location, pageshow } = fakeWindow();
    store.addDisposer(watchBrowserActivity(store, win));
    pageshow(true);
    expect(body.style.visibility).toBe('hidden');
    await vi.waitFor(() => expect(body.style.visibility).toBe(''));
    expect(body.inert).toBe(false);
    expect(location.replace).not.toHaveBeenCalled();
  });

  it('a normal page show (not from the cache) changes nothing', () => {
    const store = makeTab();
    stores.push(store);
    store.signIn(sessionFor('demo-patient'));
    const { win, body, pageshow } = fakeWindow();
    store.addDisposer(watchBrowserActivity(store, win));
    pageshow(false);
    expect(body.style.visibility).toBe('');
  });
});
