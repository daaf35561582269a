import { render } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { useDocumentTitle } from '@/lib/document-title';
import {
  fakeAppBadge,
  fakeAudio,
  fakeNotifications,
  fakeServiceWorker,
  fakeVisibility,
  freshAttention,
} from '~test/attention';
import { alertAttention, type AttentionAlert } from './alert';
import { unlockAudio } from './audio';
import { setAttentionPrefs } from './preferences';

const READY: AttentionAlert = {
  title: 'Harborview Virtual Care',
  body: 'Your provider is ready',
  tag: 'visit-ready-vis_1',
  url: '/patient/visits/vis_1',
  titleMarker: '● Ready · ',
};

beforeEach(() => {
  freshAttention();
  document.title = 'Walk-in visit · Harborview Virtual Care';
});

describe('alertAttention: system notification', () => {
  it('shows one through the service worker when allowed, opted in and the page is hidden', async () => {
    fakeNotifications('granted');
    const worker = fakeServiceWorker();
    fakeVisibility('hidden');
    setAttentionPrefs({ optedIn: true });
    await alertAttention(READY);
    expect(worker.showNotification).toHaveBeenCalledTimes(1);
    expect(worker.showNotification).toHaveBeenCalledWith('Harborview Virtual Care', {
      body: 'Your provider is ready',
      tag: 'visit-ready-vis_1',
      data: { url: '/patient/visits/vis_1' },
      icon: '/favicon.svg',
    });
  });

  it('without a service worker, shows one from the page; its click focuses the window and opens the visit', async () => {
    const { shown } = fakeNotifications('granted');
    // Visible but another window has the focus: the patient is not looking either.
    fakeVisibility('visible', false);
    setAttentionPrefs({ optedIn: true });
    const focus = vi.spyOn(window, 'focus').mockImplementation(() => undefined);
    const onOpen = vi.fn();
    await alertAttention({ ...READY, onOpen });
    expect(shown).toHaveLength(1);
    expect(shown[0]?.title).toBe('Harborview Virtual Care');
    expect(shown[0]?.options).toMatchObject({ body: 'Your provider is ready', tag: 'visit-ready-vis_1' });
    shown[0]?.onclick?.();
    expect(focus).toHaveBeenCalled();
    expect(onOpen).toHaveBeenCalledTimes(1);
    expect(shown[0]?.close).toHaveBeenCalled();
  });

  it('shows none while the patient is looking at the page', async () => {
    const { shown } = fakeNotifications('granted');
    const worker = fakeServiceWorker();
    fakeVisibility('visible', true);
    setAttentionPrefs({ optedIn: true });
    await alertAttention(READY);
    expect(shown).toHaveLength(0);
    expect(worker.showNotification).not.toHaveBeenCalled();
    expect(document.title).toBe('Walk-in visit · Harborview Virtual Care');
  });

  it('shows none when the patient did not opt in, even with permission from an earlier visit', async () => {
    const { shown } = fakeNotifications('granted');
    fakeVisibility('hidden');
    await alertAttention(READY);
    expect(shown).toHaveLength(0);
  });

  it('shows none when notifications are denied; the tab title and badge still tell', async () => {
    const { shown } = fakeNotifications('denied');
    const badge = fakeAppBadge();
    fakeVisibility('hidden');
    setAttentionPrefs({ optedIn: true });
    await alertAttention(READY);
    expect(shown).toHaveLength(0);
    expect(document.title).toBe('● Ready · Walk-in visit · Harborview Virtual Care');
    expect(badge.setAppBadge).toHaveBeenCalledWith(1);
  });

  it('without the Notification API, still marks the title and chimes', async () => {
    const audio = fakeAudio();
    fakeVisibility('hidden');
    setAttentionPrefs({ optedIn: true });
    unlockAudio();
    await expect(alertAttention(READY)).resolves.toBeUndefined();
    expect('Notification' in window).toBe(false);
    expect(document.title).toMatch(/^● Ready · /);
    expect(audio.tones).toHaveLength(2);
  });
});

describe('alertAttention: sound', () => {
  it('plays two soft tones once audio was unlocked by a press, and none when sound is off', async () => {
    const audio = fakeAudio();
    fakeVisibility('visible', true);
    await alertAttention(READY);
    // Nothing unlocked yet (no press): silence, no context made behind the patient's back.
    expect(audio.contexts).toHaveLength(0);
    expect(audio.tones).toHaveLength(0);

    unlockAudio();
    expect(audio.contexts).toHaveLength(1);
    expect(audio.contexts[0]?.resume).toHaveBeenCalled();
    await alertAttention(READY);
    expect(audio.tones).toEqual([660, 880]);

    setAttentionPrefs({ soundOn: false });
    await alertAttention(READY);
    expect(audio.tones).toHaveLength(2);
  });
});

describe('alertAttention: tab title and badge', () => {
  it('marks the title while hidden, keeps the mark across a title change, and clears both when visible again', async () => {
    const badge = fakeAppBadge();
    const page = fakeVisibility('hidden');
    function Title({ page }: { page: string }) {
      useDocumentTitle(page, 'Harborview Virtual Care');
      return null;
    }
    const { rerender } = render(<Title page="Walk-in visit" />);
    await alertAttention(READY);
    await alertAttention(READY);
    expect(document.title).toBe('● Ready · Walk-in visit · Harborview Virtual Care');
    rerender(<Title page="Your visit" />);
    expect(document.title).toBe('● Ready · Your visit · Harborview Virtual Care');

    page.set('visible');
    expect(document.title).toBe('Your visit · Harborview Virtual Care');
    expect(badge.clearAppBadge).toHaveBeenCalledTimes(1);
    rerender(<Title page="Walk-in visit" />);
    expect(document.title).toBe('Walk-in visit · Harborview Virtual Care');
  });

  it('leaves the title alone while the page is visible', async () => {
    const badge = fakeAppBadge();
    fakeVisibility('visible', false);
    await alertAttention(READY);
    expect(document.title).toBe('Walk-in visit · Harborview Virtual Care');
    expect(badge.setAppBadge).not.toHaveBeenCalled();
  });
});
