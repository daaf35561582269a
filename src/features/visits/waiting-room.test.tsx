import { act, screen } from '@testing-library/react';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { setAttentionPrefs } from '@/components/attention';
import { db } from '@telehealth/mock/db';
import { SEED_VISITS } from '@telehealth/mock/seed/ids';
import {
  fakeAppBadge,
  fakeNotifications,
  fakeServiceWorker,
  fakeVisibility,
  freshAttention,
} from '~test/attention';
import { renderRoute } from '~test/render';
import { HIDDEN_WAITING_POLL_MS } from './use-visit';

beforeAll(async () => {
  await import('@/app/routes/patient/visit');
});

beforeEach(() => {
  freshAttention();
});

/** Advances fake time and lets the fetches it starts settle. */
async function advance(ms: number) {
  await act(async () => {
    await vi.advanceTimersByTimeAsync(ms);
  });
}

/** The provider starts the visit, as the mock's control route does (status 25, provider assigned). */
async function providerStarts(visitId: string) {
  const response = await fetch(`http://localhost/__mock/visits/${visitId}/status`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ status: 25 }),
  });
  expect(response.ok).toBe(true);
}

const WALK_IN = SEED_VISITS.walkInWaiting;

describe('waiting room alerts', () => {
  it('offers the alert while waiting, without asking the browser until the press', async () => {
    const { requestPermission } = fakeNotifications('default', 'granted');
    const { user } = renderRoute(`/patient/visits/${WALK_IN}`, { as: 'demo-patient' });
    const ask = await screen.findByRole('button', { name: 'Notify me when my provider is ready' });
    expect(requestPermission).not.toHaveBeenCalled();
    await user.click(ask);
    expect(requestPermission).toHaveBeenCalledTimes(1);
    expect(await screen.findByText(/^We will notify you and play a sound/)).toBeInTheDocument();
  });

  it('alerts once when the polled visit moves to in progress while the tab is hidden', async () => {
    vi.useFakeTimers({
      toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'],
      shouldAdvanceTime: true,
    });
    fakeNotifications('granted');
    const worker = fakeServiceWorker();
    const badge = fakeAppBadge();
    const page = fakeVisibility('visible');
    setAttentionPrefs({ optedIn: true });
    renderRoute(`/patient/visits/${WALK_IN}`, { as: 'demo-patient' });
    await screen.findByText('You are number 3 in line (2 patients ahead of you).');
    await vi.waitFor(() => expect(document.title).toBe('Walk-in visit · Harborview Virtual Care'));

    page.set('hidden');
    await providerStarts(WALK_IN);
    await advance(HIDDEN_WAITING_POLL_MS);
    expect(await screen.findByRole('region', { name: 'Your provider is ready — join' })).toBeInTheDocument();
    await vi.waitFor(() => expect(worker.showNotification).toHaveBeenCalledTimes(1));
    // The clinic's name and a plain sentence; the visit id only in the tag and the address.
    expect(worker.showNotification).toHaveBeenCalledWith('Harborview Virtual Care', {
      body: 'Your provider is ready',
      tag: `visit-ready-${WALK_IN}`,
      data: { url: `/patient/visits/${WALK_IN}` },
      icon: '/favicon.svg',
    });
    expect(document.title).toBe('● Ready · Walk-in visit · Harborview Virtual Care');
    expect(badge.setAppBadge).toHaveBeenCalledWith(1);
    expect(screen.queryByRole('button', { name: 'Play a sound' })).not.toBeInTheDocument();

    // Later polls (none are due any more) and re-renders do not alert again.
    await advance(HIDDEN_WAITING_POLL_MS * 4);
    expect(worker.showNotification).toHaveBeenCalledTimes(1);

    page.set('visible');
    expect(document.title).toBe('Walk-in visit · Harborview Virtual Care');
    expect(badge.clearAppBadge).toHaveBeenCalled();
  });

  it('does not alert when a visit already in progress opens in a visible tab; does in a hidden one', async () => {
    fakeNotifications('granted');
    const worker = fakeServiceWorker();
    // Visible without focus: an alert, if one fired, would reach the notification path.
    const page = fakeVisibility('visible', false);
    setAttentionPrefs({ optedIn: true });
    const { unmount } = renderRoute(`/patient/visits/${SEED_VISITS.inProgress}`, { as: 'demo-patient' });
    expect(await screen.findByRole('region', { name: 'Your provider is ready — join' })).toBeInTheDocument();
    await vi.waitFor(() => expect(document.title).toMatch(/· Harborview Virtual Care$/));
    expect(worker.getRegistration).not.toHaveBeenCalled();
    expect(document.title).not.toMatch(/^●/);
    unmount();

    // A tab restored in the background: nobody is looking, so it alerts.
    page.set('hidden');
    renderRoute(`/patient/visits/${SEED_VISITS.inProgress}`, { as: 'demo-patient' });
    await vi.waitFor(() => expect(worker.showNotification).toHaveBeenCalledTimes(1));
    expect(db.visits.get(SEED_VISITS.inProgress)?.status).toBe(25);
  });
});
