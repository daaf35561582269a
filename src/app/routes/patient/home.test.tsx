import { act, screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { db } from '@telehealth/mock/db';
import { api } from '@telehealth/mock/lib/routes';
import { server } from '@telehealth/mock/node';
import { renderRoute } from '~test/render';
import { SEED_USERS } from '@telehealth/mock/seed/ids';

const panel = (name: string) => screen.findByRole('region', { name });

describe('patient home', () => {
  it('greets the signed-in patient and names the clinic', async () => {
    renderRoute('/patient', { as: 'demo-patient' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Welcome, Casey' })).toBeInTheDocument();
    expect(await screen.findByText('Harborview Virtual Care', { selector: 'strong' })).toBeInTheDocument();
  });

  it('shows each panel from the seeded clinic', async () => {
    renderRoute('/patient', { as: 'demo-patient' });
    const waiting = within(await panel('In the waiting room'));
    expect(await waiting.findByText(/ahead of you|next in line/)).toBeInTheDocument();

    const appointment = within(await panel('Your next appointment'));
    expect(await appointment.findByText(/You can join (now|from)/)).toBeInTheDocument();

    const econsults = within(await panel('Your e-consults'));
    expect((await econsults.findAllByRole('link', { name: /^E-consult/ })).length).toBeGreaterThan(0);

    const insurance = within(await panel('Insurance'));
    expect(await insurance.findByRole('link', { name: 'Add insurance' })).toHaveAttribute(
      'href',
      '/patient/account/insurance',
    );

    const prescriptions = within(await panel('Current prescriptions'));
    expect(await prescriptions.findByRole('link', { name: /All prescriptions/ })).toBeInTheDocument();
    expect(prescriptions.getAllByRole('listitem').length).toBeGreaterThan(0);

    const now = within(await panel('See a provider now'));
    expect(await now.findAllByRole('link', { name: /^Start a walk-in visit in / })).not.toHaveLength(0);
  });

  it('asks a patient without an address to complete the profile for e-prescribing', async () => {
    const casey = db.users.get(SEED_USERS.patient)!;
    casey.street_addr = '';
    renderRoute('/patient', { as: 'demo-patient' });
    const todos = within(await panel('Things to do'));
    expect(await todos.findByRole('link', { name: 'Complete your profile' })).toHaveAttribute(
      'href',
      '/patient/account/profile',
    );
  });

  it('shows no things to do when the profile is complete and the terms accepted', async () => {
    renderRoute('/patient', { as: 'demo-patient' });
    within(await panel('Your next appointment'));
    expect(await screen.findByRole('region', { name: 'Current prescriptions' })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Things to do' })).not.toBeInTheDocument();
  });

  it('keeps the other panels when the visits cannot be read', async () => {
    // A read retries a 5xx three times, 1, 2 and 4 s apart: the clock is moved past them, not waited out.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'], shouldAdvanceTime: true });
    server.use(http.get(api('/visits'), () => HttpResponse.json({ error: 'boom' }, { status: 500 })));
    renderRoute('/patient', { as: 'demo-patient' });
    const appointment = within(await panel('Your next appointment'));
    for (const backoff of [1_000, 2_000, 4_000]) {
      await act(() => vi.advanceTimersByTimeAsync(backoff));
    }
    expect(await appointment.findByRole('button', { name: 'Try again' })).toBeInTheDocument();
    const prescriptions = within(await panel('Current prescriptions'));
    expect(await prescriptions.findByRole('link', { name: /All prescriptions/ })).toBeInTheDocument();
    expect(
      await within(await panel('See a provider now')).findAllByRole('link', { name: /Start a walk-in/ }),
    ).not.toHaveLength(0);
    expect(screen.getByRole('heading', { level: 1, name: 'Welcome, Casey' })).toBeInTheDocument();
  });

  it('keeps the other panels when one panel throws while rendering', async () => {
    server.use(
      http.get(api('/users/:id/erx/prescriptions'), () =>
        // Not a list at all: a malformed row would only be left out (tolerantList), this fails the read.
        HttpResponse.json({ data: { ID: 'rx_bad', Drug: 42 } }),
      ),
    );
    renderRoute('/patient', { as: 'demo-patient' });
    const prescriptions = within(await panel('Current prescriptions'));
    expect(await prescriptions.findByRole('button', { name: 'Try again' })).toBeInTheDocument();
    expect(await within(await panel('Your next appointment')).findByText(/You can join/)).toBeInTheDocument();
  });

  it('keeps the patient’s name out of the tab title and isolates it from bidi controls', async () => {
    renderRoute('/patient', { as: 'demo-patient' });
    const heading = await screen.findByRole('heading', { level: 1, name: 'Welcome, Casey' });
    expect(within(heading).getByText('Casey', { selector: 'bdi' })).toBeInTheDocument();
    expect(document.title).toMatch(/^Home/);
    expect(document.title).not.toMatch(/Casey/);
  });

  it('sends a signed-out visitor to sign in with a return path', async () => {
    const { router } = renderRoute('/patient?tab=1', { as: null });
    expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/sign-in');
    expect(new URLSearchParams(router.state.location.search).get('returnTo')).toBe('/patient?tab=1');
  });

  it('sends a provider who opens the patient area to the provider dashboard', async () => {
    renderRoute('/patient', { as: 'demo-provider' });
    expect(await screen.findByRole('heading', { name: 'Dashboard' })).toBeInTheDocument();
  });
});
