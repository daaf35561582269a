import { act } from '@testing-library/react';
import { onTestFinished, vi } from 'vitest';
import { resetAttention } from '@/components/attention';

/**
 * Fakes of the browser's attention APIs (jsdom has none of them): Notification, the service
 * worker's registration, the app badge, Web Audio and page visibility. Each installs itself for
 * the current test and is undone when it finishes, along with the attention module's own state
 * (title marker, unlocked audio, the patient's choices), since test files share modules.
 */

export interface ShownNotification {
  title: string;
  options: NotificationOptions | undefined;
  onclick: (() => void) | null;
  close: ReturnType<typeof vi.fn>;
}

/** A `Notification` class with the given permission; `requestPermission` answers `answer`. */
export function fakeNotifications(
  permission: NotificationPermission,
  answer: NotificationPermission = permission,
) {
  const shown: ShownNotification[] = [];
  const requestPermission = vi.fn(() => {
    Fake.permission = answer;
    return Promise.resolve(answer);
  });
  class Fake {
    static permission: NotificationPermission = permission;
    static requestPermission = requestPermission;
    onclick: (() => void) | null = null;
    close = vi.fn();
    constructor(title: string, options?: NotificationOptions) {
      const record: ShownNotification = { title, options, onclick: null, close: this.close };
      shown.push(record);
      // The click handler is set after construction: read it through the instance.
      Object.defineProperty(record, 'onclick', { get: () => this.onclick });
    }
  }
  vi.stubGlobal('Notification', Fake);
  onTestFinished(() => {
    vi.unstubAllGlobals();
  });
  return { shown, requestPermission };
}

/** A service worker registration whose `showNotification` records its calls. */
export function fakeServiceWorker() {
  const showNotification = vi.fn((_title: string, _options?: NotificationOptions) => Promise.resolve());
  const getRegistration = vi.fn(() => Promise.resolve({ showNotification }));
  Object.defineProperty(navigator, 'serviceWorker', { configurable: true, value: { getRegistration } });
  onTestFinished(() => {
    Reflect.deleteProperty(navigator, 'serviceWorker');
  });
  return { showNotification, getRegistration };
}

/** `navigator.setAppBadge` / `clearAppBadge`. */
export function fakeAppBadge() {
  const setAppBadge = vi.fn((_count?: number) => Promise.resolve());
  const clearAppBadge = vi.fn(() => Promise.resolve());
  Object.defineProperty(navigator, 'setAppBadge', { configurable: true, value: setAppBadge });
  Object.defineProperty(navigator, 'clearAppBadge', { configurable: true, value: clearAppBadge });
  onTestFinished(() => {
    Reflect.deleteProperty(navigator, 'setAppBadge');
    Reflect.deleteProperty(navigator, 'clearAppBadge');
  });
  return { setAppBadge, clearAppBadge };
}

/** An `AudioContext` class recording the contexts made and the oscillators started. */
export function fakeAudio() {
  const contexts: { state: AudioContextState; resume: ReturnType<typeof vi.fn> }[] = [];
  const tones: number[] = [];
  const param = () => ({ value: 0, setValueAtTime: vi.fn(), linearRampToValueAtTime: vi.fn() });
  class FakeAudioContext {
    state: AudioContextState = 'suspended';
    currentTime = 0;
    destination = {};
    resume = vi.fn(() => {
      this.state = 'running';
      return Promise.resolve();
    });
    close = vi.fn(() => {
      this.state = 'closed';
      return Promise.resolve();
    });
    constructor() {
      contexts.push(this);
    }
    createGain() {
      return { gain: param(), connect: (node: unknown) => node };
    }
    createOscillator() {
      const oscillator = {
        type: 'sine',
        frequency: param(),
        connect: (node: unknown) => node,
        start: vi.fn(() => tones.push(oscillator.frequency.value)),
        stop: vi.fn(),
      };
      return oscillator;
    }
  }
  vi.stubGlobal('AudioContext', FakeAudioContext);
  onTestFinished(() => {
    vi.unstubAllGlobals();
  });
  return { contexts, tones };
}

/**
 * Page visibility and focus as the test sets them; `set` fires `visibilitychange` like a browser.
 * Starts visible; jsdom's own getters come back when the test finishes.
 */
export function fakeVisibility(
  initial: DocumentVisibilityState = 'visible',
  hasFocus = initial === 'visible',
) {
  let state = initial;
  let focused = hasFocus;
  Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => state });
  Object.defineProperty(document, 'hasFocus', { configurable: true, value: () => focused });
  onTestFinished(() => {
    Reflect.deleteProperty(document, 'visibilityState');
    Reflect.deleteProperty(document, 'hasFocus');
  });
  return {
    set(next: DocumentVisibilityState) {
      state = next;
      focused = next === 'visible';
      act(() => {
        document.dispatchEvent(new Event('visibilitychange'));
      });
    },
  };
}

/** Starts the test from a page no prompt has touched, and leaves it so. */
export function freshAttention(): void {
  resetAttention();
  onTestFinished(() => resetAttention());
}
