import { screen, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { renderRoute } from '~test/render';
import { db, resetDb } from '@telehealth/mock/db';
import { SEED_USERS, SEED_VISITS } from '@telehealth/mock/seed/ids';

// The route modules are lazy; load them once up front so the first test does not spend its
// findBy timeout on the transform.
beforeAll(async () => {
  await import('./visits');
  await import('./visit');
  await import('../provider/visits');
});

describe('patient visits list', () => {
  it('groups visits into happening now, upcoming and past, each once', async () => {
    renderRoute('/patient/visits', { as: 'demo-patient' });
    expect(await screen.findByRole('heading', { level: 2, name: 'Happening now' })).toBeInTheDocument();
    const now = within(screen.getByRole('region', { name: 'Happening now' }));
    expect(now.getAllByRole('listitem')).toHaveLength(3);
    expect(now.getByText('In progress')).toBeInTheDocument();
    expect(now.getAllByRole('link', { name: /^Walk-in visit/ })).toHaveLength(2);
    expect(now.getByRole('link', { name: /^E-consult/ })).toBeInTheDocument();

    const upcoming = within(screen.getByRole('region', { name: 'Upcoming' }));
    expect(upcoming.getAllByRole('listitem')).toHaveLength(2);
    // An appointment the clinic has not confirmed is only requested (visitStatusWords).
    expect(upcoming.getByText('Booked')).toBeInTheDocument();
    expect(upcoming.getByText('Requested')).toBeInTheDocument();

    const past = within(screen.getByRole('region', { name: 'Past' }));
    expect(past.getAllByRole('listitem')).toHaveLength(3);
    expect(past.getAllByText('Completed')).toHaveLength(2);
    expect(past.getByText('Cancelled')).toBeInTheDocument();
  });

  it('labels every time with its zone', async () => {
    renderRoute('/patient/visits', { as: 'demo-patient' });
    const upcoming = await screen.findByRole('region', { name: 'Upcoming' });
    const links = within(upcoming).getAllByRole('link');
    for (const link of links) expect(link.textContent).toMatch(/ (EST|EDT)$/);
  });

  it('opens a visit page from the list', async () => {
    const { user, router } = renderRoute('/patient/visits', { as: 'demo-patient' });
    const past = await screen.findByRole('region', { name: 'Past' });
    const cancelled = within(past)
      .getAllByRole('listitem')
      .find((item) => within(item).queryByText('Cancelled'))!;
    await user.click(within(cancelled).getByRole('link'));
    expect(await screen.findByText('This visit was cancelled.')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe(`/patient/visits/${SEED_VISITS.cancelled}`);
  });

  it('shows an empty list to a patient without visits', async () => {
    // This persona has not accepted the terms yet; that gate is not what this test is about.
    db.users.get(SEED_USERS.patient2)!.tos = true;
    renderRoute('/patient/visits', { as: 'demo-patient-2' });
    expect(await screen.findByText('No upcoming visits.')).toBeInTheDocument();
    expect(screen.getByText('No past visits yet.')).toBeInTheDocument();
    expect(screen.getByText('Nothing in progress or waiting.')).toBeInTheDocument();
  });
});

describe('provider visits list', () => {
  it('lists the provider’s visits linking to the provider visit pages', async () => {
    // The day's traffic only: the insights' eight weeks of history make the list a virtualised one.
    resetDb(undefined, { history: false });
    renderRoute('/provider/visits', { as: 'demo-provider' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Visits' })).toBeInTheDocument();
    const list = await screen.findByRole('list', { name: 'Visits in your rooms' });
    const links = within(list).getAllByRole('link');
    expect(links.length).toBeGreaterThan(0);
    expect(links.every((l) => l.getAttribute('href')?.startsWith('/provider/visits/'))).toBe(true);
    // Walk-ins waiting in the provider's rooms are there too, not only assigned visits.
    expect(within(list).getAllByRole('link', { name: /^[^,]+, Walk-in, / })).toHaveLength(4);
    expect(within(list).getByText('Cancelled')).toBeInTheDocument();
  });
});
