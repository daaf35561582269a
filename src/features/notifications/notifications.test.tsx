/* eslint-disable testing-library/no-node-access -- these cases check DOM structure (no elements inside a bubble, <bdi>, dir, rows kept by the virtualiser) that roles cannot express */
import { screen, waitFor, within } from '@testing-library/react';
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { db } from '@telehealth/mock/db';
import { renderRoute } from '~test/render';
import { serveWithoutExtensions } from '~test/server-extensions';
import { maskKey } from './devices-section';
import { truncateText } from './notification-list';
import { SEED_USERS, SEED_VISITS, seedNotification } from '@telehealth/mock/seed/ids';

// The visit page loads lazily; load it once up front so the tests that open a visit do not spend
// their findBy timeout on the transform.
beforeAll(async () => {
  await import('@/app/routes/patient/visit');
});

const newCount = () =>
  [...db.notifications.values()].filter((n) => n.user_id === SEED_USERS.patient && n.is_new === true).length;

async function openNotifications() {
  const utils = renderRoute('/patient/notifications', { as: 'demo-patient' });
  await screen.findByRole('heading', { level: 1, name: 'Notifications' });
  await screen.findByRole('list');
  return utils;
}

const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;
const isWellFormed = (text: string) => !LONE_SURROGATE.test(text);

const items = () => [...document.querySelectorAll('.notification')];

describe('notifications page', () => {
  it('lists newest first, marks unread ones and loads older ones with last = the oldest mtime held', async () => {
    const { user } = await openNotifications();
    await waitFor(() => expect(items()).toHaveLength(10));
    expect(items()[0]).toHaveTextContent('Your appointment is confirmed');
    expect(within(items()[0] as HTMLElement).getByText('Unread')).toBeInTheDocument();
    expect(within(items()[9] as HTMLElement).getByText('Read')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Show older notifications' }));
    await waitFor(() => expect(items()).toHaveLength(14));
    expect(items()[13]).toHaveTextContent('Your e-consult was closed');
    expect(screen.getByText('That is everything.')).toBeInTheDocument();
  });

  it('marks one read when opened, and the badge and list agree afterwards', async () => {
    const { user } = await openNotifications();
    await waitFor(() => expect(items()).toHaveLength(10));
    expect(await screen.findByText('6 new notifications')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Notifications, 6 new' })).toBeInTheDocument();
    await user.click(within(items()[4] as HTMLElement).getByRole('button'));
    await waitFor(() => expect(within(items()[4] as HTMLElement).getByText('Read')).toBeInTheDocument());
    expect(db.notifications.get('ntf_5')).toMatchObject({ read: true, is_new: false });
    expect(await screen.findByText('5 new notifications')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Notifications, 5 new' })).toBeInTheDocument();
    expect(newCount()).toBe(5);
  });

  it('"Mark all as seen" resets the badge on the server and on screen', async () => {
    const { user } = await openNotifications();
    expect(await screen.findByText('6 new notifications')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Mark all as seen' }));
    expect(await screen.findByText('No new notifications')).toBeInTheDocument();
    expect(document.querySelector('.notification-badge')).toHaveAccessibleName('Notifications');
    expect(newCount()).toBe(0);
    expect(screen.getByRole('button', { name: 'Mark all as seen' })).toBeDisabled();
  });

  it('shows one count: the header, the page and the Unread marks agree', async () => {
    await openNotifications();
    await waitFor(() => expect(items()).toHaveLength(10));
    const unread = items().filter((item) => within(item as HTMLElement).queryByText('Unread')).length;
    expect(await screen.findByText(`${unread} new notifications`)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: `Notifications, ${unread} new` })).toBeInTheDocument();
  });

  it('"Mark all as seen" marks every unread one read on the server and on screen', async () => {
    const { user } = await openNotifications();
    await waitFor(() => expect(items()).toHaveLength(10));
    await user.click(screen.getByRole('button', { name: 'Mark all as seen' }));
    expect(await screen.findByText('No new notifications')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText('Unread')).not.toBeInTheDocument());
    const stored = [...db.notifications.values()].filter((n) => n.user_id === SEED_USERS.patient);
    expect(stored.filter((n) => n.read !== true || n.is_new === true)).toEqual([]);
  });

  it('opens what a notification is about: its visit, its thread or the documents', async () => {
    const { user, router } = await openNotifications();
    await waitFor(() => expect(items()).toHaveLength(10));
    const message = screen.getAllByRole('link', { name: /New message from your care team/ })[0]!;
    await user.click(message);
    await waitFor(() =>
      expect(router.state.location.pathname).toBe(`/patient/visits/${SEED_VISITS.econsultOpen}`),
    );
    expect(db.notifications.get('ntf_2')).toMatchObject({ read: true, is_new: false });
  });

  it('opens a survey notification at that visit’s survey, with the survey’s heading focused', async () => {
    // The seed's survey notification names no visit; a server that knows the visit sends it.
    const surveyNotification = db.notifications.get(seedNotification(6))!;
    expect(surveyNotification.title).toBe('Please complete a short survey');
    surveyNotification.visit_id = SEED_VISITS.completed;
    const { user, router } = await openNotifications();
    await user.click(await screen.findByRole('link', { name: /Please complete a short survey/ }));
    await waitFor(() =>
      expect(router.state.location.pathname).toBe(`/patient/visits/${SEED_VISITS.completed}`),
    );
    // A section of the page, nothing about the patient, in the address.
    expect(router.state.location.hash).toBe('#survey');
    expect(router.state.location.search).toBe('');
    const heading = await screen.findByRole('heading', { name: 'Tell us how it went' });
    await waitFor(() => expect(heading).toHaveFocus());
    expect(db.notifications.get(seedNotification(6))).toMatchObject({ read: true, is_new: false });
  });

  it('opens any other notification about a visit at the top of the visit page', async () => {
    const { user, router } = await openNotifications();
    await user.click(await screen.findByRole('link', { name: /Your visit summary is ready/ }));
    await waitFor(() =>
      expect(router.state.location.pathname).toBe(`/patient/visits/${SEED_VISITS.completed}`),
    );
    expect(router.state.location.hash).toBe('');
    const title = await screen.findByRole('heading', { level: 1, name: 'Appointment' });
    await waitFor(() => expect(title).toHaveFocus());
    expect(await screen.findByRole('heading', { name: 'Tell us how it went' })).not.toHaveFocus();
  });

  it('on a spec server (no visit_id or file_id): rows only mark themselves read, and link nowhere', async () => {
    serveWithoutExtensions();
    for (const n of db.notifications.values()) {
      delete n.visit_id;
      delete n.file_id;
    }
    const { user, router } = await openNotifications();
    await waitFor(() => expect(items()).toHaveLength(10));
    for (const row of items()) expect(within(row as HTMLElement).queryByRole('link')).not.toBeInTheDocument();
    const message = screen.getAllByRole('button', { name: /New message from your care team/ })[0]!;
    await user.click(message);
    await waitFor(() => expect(db.notifications.get('ntf_2')).toMatchObject({ read: true, is_new: false }));
    expect(router.state.location.pathname).toBe('/patient/notifications');
  });

  it('opens a provider’s notification on the provider’s own visit page', async () => {
    db.notifications.get('ntf_provider_1')!.visit_id = SEED_VISITS.walkInWaiting;
    const { user, router } = renderRoute('/provider/notifications', { as: 'demo-provider' });
    await user.click(await screen.findByRole('link', { name: /A patient is waiting in General practice/ }));
    await waitFor(() =>
      expect(router.state.location.pathname).toBe(`/provider/visits/${SEED_VISITS.walkInWaiting}`),
    );
    expect(db.notifications.get('ntf_provider_1')).toMatchObject({ read: true });
  });

  it('truncates titles on grapheme boundaries: no ZWJ family, flag or accent is split (case C21)', () => {
    const graphemes = (value: string) =>
      [...new Intl.Segmenter(undefined, { granularity: 'grapheme' }).segment(value)].map((s) => s.segment);
    const family = '\u{1F468}\u200D\u{1F469}\u200D\u{1F467}\u200D\u{1F466}'; // 7 code points, 1 grapheme
    const flag = '\u{1F1EB}\u{1F1F7}'; // 2 regional indicators, 1 grapheme
    const accent = 'e\u0301'; // e + combining acute, 1 grapheme
    expect(truncateText(`${family}${family}${family}`, 2)).toBe(`${family}…`);
    expect(truncateText(`${flag}${flag}${flag}`, 2)).toBe(`${flag}…`);
    expect(truncateText(`${accent}${accent}${accent}`, 3)).toBe(`${accent}${accent}${accent}`);
    expect(truncateText(`ab${family}cd`, 4)).toBe(`ab${family}…`);

    const cluster = fc.constantFrom(family, flag, accent, '\u{1F44D}\u{1F3FD}', 'a', ' ');
    const text = fc.oneof(
      fc.string({ unit: 'grapheme', maxLength: 300 }),
      fc.array(cluster, { maxLength: 120 }).map((parts) => parts.join('')),
    );
    fc.assert(
      fc.property(text, fc.integer({ min: 2, max: 200 }), (value, max) => {
        const out = truncateText(value, max);
        expect(isWellFormed(out)).toBe(isWellFormed(value));
        const all = graphemes(value);
        if (all.length <= max) {
          expect(out).toBe(value);
          return;
        }
        expect(out.endsWith('…')).toBe(true);
        const kept = out.slice(0, -1);
        // The kept part is exactly the first max-1 whole graphemes of the title.
        expect(kept).toBe(all.slice(0, max - 1).join(''));
        expect(graphemes(kept)).toEqual(all.slice(0, max - 1));
      }),
    );
  });
});

describe('devices section', () => {
  it('lists registered endpoints by type and removes one', async () => {
    const { user } = renderRoute('/patient/profile', { as: 'demo-patient' });
    const section = (await screen.findByRole('heading', { name: 'Devices for notifications' })).closest(
      'section',
    )!;
    await within(section).findByText('Android device');
    expect(within(section).getByText('Apple device')).toBeInTheDocument();
    expect(within(section).getByText('Email')).toBeInTheDocument();
    await user.selectOptions(within(section).getByLabelText('Show'), 'Android devices');
    await waitFor(() => expect(within(section).queryByText('Apple device')).not.toBeInTheDocument());
    expect(within(section).getByText('Android device')).toBeInTheDocument();
    await user.click(within(section).getByRole('button', { name: /Remove Android device/ }));
    expect(await within(section).findByText('No devices are registered of this type.')).toBeInTheDocument();
    expect(db.endpoints.has('ep_patient_android')).toBe(false);
    expect(db.endpoints.has('ep_1')).toBe(true);
  });

  it('shows only the end of a device token', () => {
    expect(maskKey('apns-device-token-demo-0001')).toBe('••••o-0001');
    expect(maskKey('abc')).toBe('••••');
  });
});
