import { act, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { setAttentionPrefs } from '@/components/attention';
import { env } from '@/config/env';
import { db, nowSeconds } from '@telehealth/mock/db';
import { server } from '@telehealth/mock/node';
import { renderRoute } from '~test/render';
import { countRequests, serveWithoutExtensions } from '~test/server-extensions';
import { fakeNotifications, fakeServiceWorker, fakeVisibility, freshAttention } from '~test/attention';
import { chargesFor } from '@telehealth/mock/handlers/billing';
import { SEED_CONSULTATIONS, SEED_INTAKES, SEED_USERS, SEED_VISITS } from '@telehealth/mock/seed/ids';

beforeAll(async () => {
  await Promise.all([
    import('@/app/routes/patient/layout'),
    import('@/app/routes/patient/appointments'),
    import('@/app/routes/patient/appointment'),
  ]);
});

/** Puts the seeded confirmed appointment `minutes` from now, on an open slot's times. */
function upcomingIn(minutes: number) {
  const visit = db.visits.get(SEED_VISITS.upcoming)!;
  visit.start = nowSeconds() + minutes * 60;
  visit.end = Number(visit.start) + 1800;
  return visit;
}

describe('appointments page', () => {
  it('lists upcoming and past appointments with provider, room, zone and status in words', async () => {
    renderRoute('/patient/appointments', { as: 'demo-patient' });
    const upcoming = await screen.findByRole('region', { name: 'Upcoming' });
    await waitFor(() => expect(within(upcoming).getAllByRole('listitem')).toHaveLength(2));
    const [first, second] = within(upcoming).getAllByRole('listitem');
    expect(first).toHaveTextContent(/With Dr\. Samira Okafor|With Samira Okafor/);
    expect(first).toHaveTextContent(/E[SD]T/);
    expect(first).toHaveTextContent('Status: Booked');
    expect(second).toHaveTextContent('Status: Requested');
    expect(second).toHaveTextContent('Provider to be assigned');
    await waitFor(() => expect(first).toHaveTextContent('General practice'));
    const past = screen.getByRole('region', { name: 'Past and cancelled' });
    await waitFor(() =>
      expect(within(past).getByText((_, el) => el?.textContent === 'Status: Cancelled')).toBeInTheDocument(),
    );
    expect(within(past).getByText((_, el) => el?.textContent === 'Status: Completed')).toBeInTheDocument();
  });
});

describe('appointment page', () => {
  it('names the time join opens when it is days away, instead of counting hours', async () => {
    upcomingIn(5 * 24 * 60);
    renderRoute(`/patient/appointments/${SEED_VISITS.upcoming}`, { as: 'demo-patient' });
    expect(
      await screen.findByText(/^Join opens \w{3}, \w{3} \d+, \d{4}, \d+:\d{2} [AP]M \w+\.$/),
    ).toBeInTheDocument();
    expect(screen.queryByText(/Join opens in/)).not.toBeInTheDocument();
    expect(screen.queryByText(/\d+ h \d+ min/)).not.toBeInTheDocument();
  });

  it('counts down to the join window, and offers the join link inside it', async () => {
    upcomingIn(120);
    const { unmount } = renderRoute(`/patient/appointments/${SEED_VISITS.upcoming}`, { as: 'demo-patient' });
    expect(await screen.findByText(/Join opens in 1 hour 5\d minutes\./)).toBeInTheDocument();
    expect(screen.getByText('You can join from 10 minutes before the start.')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Join the video visit' })).not.toBeInTheDocument();
    unmount();
    upcomingIn(5);
    renderRoute(`/patient/appointments/${SEED_VISITS.upcoming}`, { as: 'demo-patient' });
    expect(await screen.findByRole('link', { name: 'Join the video visit' })).toHaveAttribute(
      'href',
      'https://demo.rooms.example.test/general',
    );
  });

  it('alerts when the join window opens while the page is open in a background tab', async () => {
    vi.useFakeTimers({
      toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'],
      shouldAdvanceTime: true,
    });
    freshAttention();
    fakeNotifications('granted');
    const worker = fakeServiceWorker();
    fakeVisibility('hidden');
    setAttentionPrefs({ optedIn: true });
    // Join opens 3 seconds from now.
    const visit = db.visits.get(SEED_VISITS.upcoming)!;
    visit.start = nowSeconds() + env.VITE_JOIN_OPENS_MINUTES * 60 + 3;
    visit.end = Number(visit.start) + 1800;
    renderRoute(`/patient/appointments/${SEED_VISITS.upcoming}`, { as: 'demo-patient' });
    expect(await screen.findByText(/Join opens in/)).toBeInTheDocument();
    expect(
      screen.getByText(/^We will notify you and play a sound when your visit can start/),
    ).toBeInTheDocument();
    expect(worker.showNotification).not.toHaveBeenCalled();

    await act(async () => {
      await vi.advanceTimersByTimeAsync(5_000);
    });
    expect(await screen.findByRole('link', { name: 'Join the video visit' })).toBeInTheDocument();
    await waitFor(() => expect(worker.showNotification).toHaveBeenCalledTimes(1));
    expect(worker.showNotification).toHaveBeenCalledWith('Harborview Virtual Care', {
      body: 'Your visit can start now',
      tag: `visit-join-${SEED_VISITS.upcoming}`,
      data: { url: `/patient/appointments/${SEED_VISITS.upcoming}` },
      icon: '/favicon.svg',
    });
    expect(document.title).toMatch(/^● Join now · /);
    await act(async () => {
      await vi.advanceTimersByTimeAsync(5_000);
    });
    expect(worker.showNotification).toHaveBeenCalledTimes(1);
  });

  it('cancels a paid appointment after saying what was paid and that the clinic handles refunds', async () => {
    upcomingIn(24 * 60);
    const { user } = renderRoute(`/patient/appointments/${SEED_VISITS.upcoming}`, { as: 'demo-patient' });
    await user.click(await screen.findByRole('button', { name: 'Cancel appointment' }));
    const dialog = screen.getByRole('dialog', { name: 'Cancel this appointment?' });
    expect(
      await within(dialog).findByText(
        'You paid $80.10 with the Visa card ending 4242. Cancelling does not refund it: refunds are handled by the clinic, so contact the clinic to ask for one.',
      ),
    ).toBeInTheDocument();
    expect(dialog).not.toHaveTextContent(/costs nothing/);
    await user.click(within(dialog).getByRole('button', { name: 'Cancel appointment' }));
    expect(await screen.findByText(/Your appointment is cancelled/)).toBeInTheDocument();
    expect(db.visits.get(SEED_VISITS.upcoming)?.status).toBe(40);
    // The charge stays as it was: the portal refunds nothing.
    expect(chargesFor(SEED_INTAKES.upcoming).map((c) => c.amount)).toEqual([80.1]);
    expect(screen.getByText('Cancelled')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Change time' })).not.toBeInTheDocument();
  });

  it('says cancelling costs nothing when nothing was charged for the visit', async () => {
    expect(chargesFor(SEED_INTAKES.pending)).toEqual([]);
    const { user } = renderRoute(`/patient/appointments/${SEED_VISITS.pending}`, { as: 'demo-patient' });
    await user.click(await screen.findByRole('button', { name: 'Cancel appointment' }));
    const dialog = screen.getByRole('dialog', { name: 'Cancel this appointment?' });
    expect(
      await within(dialog).findByText('Nothing was charged for this visit, so cancelling costs nothing.'),
    ).toBeInTheDocument();
    expect(dialog).not.toHaveTextContent(/You paid|refund/);
  });

  it('says a coupon covered the visit when it was paid at no cost', async () => {
    db.charges.delete('ch_seed_upcoming');
    db.charges.set('ch_test_free', {
      id: 'ch_test_free',
      intake_id: SEED_INTAKES.upcoming,
      invoice_id: 'inv_test_free',
      status: 'succeeded',
      amount: 0,
      currency: 'usd',
      source_id: null,
      brand: null,
      last4: null,
      created: nowSeconds(),
      invoice: {
        currency: 'usd',
        consultation: {
          id: SEED_CONSULTATIONS.generalStandard,
          description: 'Standard consultation',
          amount: 89,
          duration: 30,
        },
        coupon: { id: 'FREEVISIT', percent_off: 100, valid: true },
        amount_due: 0,
      },
    });
    upcomingIn(24 * 60);
    const { user } = renderRoute(`/patient/appointments/${SEED_VISITS.upcoming}`, { as: 'demo-patient' });
    await user.click(await screen.findByRole('button', { name: 'Cancel appointment' }));
    const dialog = screen.getByRole('dialog', { name: 'Cancel this appointment?' });
    expect(
      await within(dialog).findByText(
        'Your coupon covered this visit, so nothing was charged and there is nothing to refund.',
      ),
    ).toBeInTheDocument();
  });

  it('without visit-status (a spec server): no cancel button, says to contact the clinic, keeps moving', async () => {
    serveWithoutExtensions();
    const writes = countRequests('POST', new RegExp(`/visits/${SEED_VISITS.upcoming}$`));
    upcomingIn(24 * 60);
    renderRoute(`/patient/appointments/${SEED_VISITS.upcoming}`, { as: 'demo-patient' });
    expect(await screen.findByText('To cancel this appointment, contact the clinic.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Change time' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Cancel appointment' })).not.toBeInTheDocument();
    expect(writes.count).toBe(0);
    expect(db.visits.get(SEED_VISITS.upcoming)?.status).toBe(20);
  });

  it('moves the appointment to another open time', async () => {
    const before = upcomingIn(24 * 60).start;
    const { user } = renderRoute(`/patient/appointments/${SEED_VISITS.upcoming}`, { as: 'demo-patient' });
    await user.click(await screen.findByRole('button', { name: 'Change time' }));
    await user.click(await screen.findByRole('button', { name: /^First available: / }));
    const days = await screen.findAllByRole('button', { name: /with Dr\. Samira Okafor/ });
    await user.click(days[0]!);
    await user.click(screen.getByRole('button', { name: 'Move my appointment' }));
    expect(await screen.findByText(/Your appointment is now on/)).toBeInTheDocument();
    const after = db.visits.get(SEED_VISITS.upcoming);
    expect(after?.start).not.toBe(before);
    expect(after?.provider_id).toBe(SEED_USERS.provider);
    expect(typeof after?._slot_id).toBe('string');
  });

  it('a time taken meanwhile: says so, keeps the appointment, and offers the nearest times', async () => {
    const before = upcomingIn(24 * 60).start;
    server.use(
      http.post('*/api_v3/visits/:id', () =>
        HttpResponse.json({ error: 'slot_unavailable', message: 'taken' }, { status: 409 }),
      ),
    );
    const { user } = renderRoute(`/patient/appointments/${SEED_VISITS.upcoming}`, { as: 'demo-patient' });
    await user.click(await screen.findByRole('button', { name: 'Change time' }));
    await user.click(await screen.findByRole('button', { name: /^First available: / }));
    const days = await screen.findAllByRole('button', { name: /with Dr\. Samira Okafor/ });
    await user.click(days[0]!);
    await user.click(screen.getByRole('button', { name: 'Move my appointment' }));
    expect(await screen.findByText(/someone else just booked that time/)).toBeInTheDocument();
    expect(await screen.findByRole('region', { name: 'Nearest open times' })).toBeInTheDocument();
    expect(db.visits.get(SEED_VISITS.upcoming)?.start).toBe(before);
  });
});
