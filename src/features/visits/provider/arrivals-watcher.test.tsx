import { act, screen, waitFor } from '@testing-library/react';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeNotifications, fakeVisibility, freshAttention } from '~test/attention';
import { renderRoute } from '~test/render';
import { visitQueries } from '@/api/visits/queries';
import { setAttentionPrefs } from '@/components/attention';
import { db } from '@telehealth/mock/db';
import { issuePair } from '@telehealth/mock/lib/auth';
import { SEED_USERS, SEED_VISITS } from '@telehealth/mock/seed/ids';
import { ARRIVALS_SEEN_KEY } from './arrivals-watcher';
import { BACKGROUND_POLL_MS, DASHBOARD_POLL_MS, roomLineFilter } from './use-polled-visits';

const CLINIC = 'Harborview Virtual Care';
const GENERAL_LINE = visitQueries.list(roomLineFilter('general')).queryKey;

beforeAll(async () => {
  // The area's layout and a page that is not the dashboard: the watcher works on every page.
  await import('@/app/routes/provider/layout');
  await import('@/app/routes/provider/profile');
});

beforeEach(() => {
  freshAttention();
  // Polling needs the timers; the seed's times are relative to the faked clock's start.
  vi.useFakeTimers({
    toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'],
    shouldAdvanceTime: true,
  });
});

/** One patient joins the walk-in line of General practice, as the mock's development control does. */
async function addWalkin(): Promise<string> {
  const response = await fetch('http://localhost/__mock/rooms/general/walkins', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ count: 1 }),
  });
  const { data } = (await response.json()) as { data: { ids: string[] } };
  return data.ids[0]!;
}

/** The patient of the open e-consult writes to Dr. Okafor through the message API. */
async function patientWrites(): Promise<void> {
  const response = await fetch(`http://localhost/messaging/api/visits/${SEED_VISITS.econsultOpen}/messages`, {
    method: 'POST',
    headers: {
      'X-ApiToken': issuePair(SEED_USERS.patient).access.token,
      'Content-Type': 'application/json',
    },
    body: JSON.stringify({ content: 'One more question about the cream' }),
  });
  expect(response.status).toBe(201);
}

/** The provider area open on the profile page, once the line of General practice has answered. */
async function openProviderArea() {
  const view = renderRoute('/provider/profile', { as: 'demo-provider' });
  await waitFor(() => expect(view.queryClient.getQueryData(GENERAL_LINE)).toBeDefined());
  await screen.findByRole('heading', { level: 1 });
  return view;
}

async function advance(ms: number): Promise<void> {
  await act(async () => {
    await vi.advanceTimersByTimeAsync(ms);
  });
}

function patientNames(): string[] {
  return [...db.users.values()]
    .filter((u) => u.type === 200)
    .flatMap((u) => [u.full_name, u.first_name, u.last_name])
    .filter((name): name is string => typeof name === 'string' && name.length > 2);
}

describe('ArrivalsWatcher', () => {
  it('in a background tab, a new walk-in brings one notification naming nobody, and a count in the title', async () => {
    const { shown } = fakeNotifications('granted');
    const page = fakeVisibility('visible');
    setAttentionPrefs({ optedIn: true });
    await openProviderArea();
    // What was waiting on the first load is not news.
    expect(shown).toHaveLength(0);

    page.set('hidden');
    const visitId = await addWalkin();
    await advance(BACKGROUND_POLL_MS);
    await waitFor(() => expect(shown).toHaveLength(1));
    expect(shown[0]?.title).toBe(CLINIC);
    expect(shown[0]?.options?.body).toBe('A new patient is waiting in General practice');
    const said = `${shown[0]?.title} ${shown[0]?.options?.body}`;
    for (const name of patientNames()) expect(said).not.toContain(name);
    expect(document.title).toMatch(/^● 1 new · /);

    // The next polls see the same visit: it is not told again.
    await advance(2 * BACKGROUND_POLL_MS);
    expect(shown).toHaveLength(1);
    // The tab keeps opaque ids only, so a reload does not tell it again either.
    const kept = window.sessionStorage.getItem(ARRIVALS_SEEN_KEY) ?? '';
    expect(JSON.parse(kept)).toContain(visitId);
    for (const name of patientNames()) expect(kept).not.toContain(name);

    page.set('visible');
    expect(document.title).not.toMatch(/new/);
  });

  it('with notifications blocked, shows none but still marks the tab title', async () => {
    const { shown } = fakeNotifications('denied');
    const page = fakeVisibility('visible');
    setAttentionPrefs({ optedIn: true });
    await openProviderArea();
    page.set('hidden');
    await addWalkin();
    await advance(BACKGROUND_POLL_MS);
    await waitFor(() => expect(document.title).toMatch(/^● 1 new · /));
    expect(shown).toHaveLength(0);
  });

  it('with the tab in front, says it in a polite live region and shows no notification', async () => {
    const { shown } = fakeNotifications('granted');
    fakeVisibility('visible');
    setAttentionPrefs({ optedIn: true });
    await openProviderArea();
    await addWalkin();
    await advance(DASHBOARD_POLL_MS);
    await waitFor(() =>
      expect(
        screen
          .getAllByRole('status')
          .some((s) => s.textContent === 'A new patient is waiting in General practice.'),
      ).toBe(true),
    );
    expect(shown).toHaveLength(0);
    expect(document.title).not.toMatch(/new/);
  });

  it('a new patient message brings one notification that says nothing of who or what', async () => {
    const { shown } = fakeNotifications('granted');
    const page = fakeVisibility('visible');
    setAttentionPrefs({ optedIn: true });
    const view = await openProviderArea();
    await waitFor(() => expect(view.queryClient.getQueryData(['notifications', 'newest'])).toBeDefined());
    page.set('hidden');
    await patientWrites();
    await advance(BACKGROUND_POLL_MS);
    await waitFor(() => expect(shown).toHaveLength(1));
    expect(shown[0]?.title).toBe(CLINIC);
    expect(shown[0]?.options?.body).toBe('You have a new message');
    await advance(BACKGROUND_POLL_MS);
    expect(shown).toHaveLength(1);
  });

  it('after a reload of the tab, tells nothing it already told, and a later arrival once', async () => {
    const { shown } = fakeNotifications('granted');
    const page = fakeVisibility('visible');
    setAttentionPrefs({ optedIn: true });
    const first = await openProviderArea();
    page.set('hidden');
    await addWalkin();
    await advance(BACKGROUND_POLL_MS);
    await waitFor(() => expect(shown).toHaveLength(1));
    first.unmount();

    // Reloaded in the background (same tab, same sessionStorage): the first answer is not news…
    await openProviderArea();
    await advance(BACKGROUND_POLL_MS);
    expect(shown).toHaveLength(1);
    // …but a walk-in who arrives afterwards is.
    await addWalkin();
    await advance(BACKGROUND_POLL_MS);
    await waitFor(() => expect(shown).toHaveLength(2));
  });
});
