import { screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { renderRoute } from '~test/render';
import { SEED_VISITS } from '@telehealth/mock/seed/ids';

// The route modules are lazy; load them once up front so the first test does not spend its
// findBy timeout on the transform.
beforeAll(async () => {
  await Promise.all([
    import('./layout'),
    import('./visits'),
    import('./appointments'),
    import('./rooms'),
    import('./readings'),
    import('./pharmacies'),
  ]);
});

/** The area's menu, once the area's layout has loaded. */
const mainMenu = () => screen.findByRole('navigation', { name: 'Main' });

/** Each link of a navigation: its name and its `aria-current`. */
const linksOf = (nav: HTMLElement) =>
  within(nav)
    .getAllByRole('link')
    .map((link) => [link.textContent, link.getAttribute('aria-current')]);

describe('the patient menu', () => {
  it('offers five destinations in a patient’s words', async () => {
    renderRoute('/patient/documents', { as: 'demo-patient' });
    const menu = within(await mainMenu());
    expect(menu.getAllByRole('link').map((link) => link.textContent)).toEqual([
      'Home',
      'Visits',
      'Health',
      'Documents',
      'Account',
    ]);
    expect(menu.getByRole('link', { name: 'Documents' })).toHaveAttribute('aria-current', 'page');
    expect(menu.getByRole('link', { name: 'Home' })).not.toHaveAttribute('aria-current');
  });

  it('marks Health current on each of its pages, whose own navigation marks the page shown', async () => {
    const { user, router } = renderRoute('/patient/health/readings', { as: 'demo-patient' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Health readings' })).toBeInTheDocument();
    const menu = within(await mainMenu());
    expect(menu.getByRole('link', { name: 'Health' })).toHaveAttribute('aria-current', 'true');
    expect(menu.getByRole('link', { name: 'Health' })).toHaveAttribute('href', '/patient/health/record');
    expect(linksOf(screen.getByRole('navigation', { name: 'Health' }))).toEqual([
      ['Health record', null],
      ['Health readings', 'page'],
      ['Pharmacies and prescriptions', null],
    ]);

    await user.click(
      within(screen.getByRole('navigation', { name: 'Health' })).getByRole('link', {
        name: 'Pharmacies and prescriptions',
      }),
    );
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Pharmacies and prescriptions' }),
    ).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/patient/health/pharmacies');
    expect(linksOf(screen.getByRole('navigation', { name: 'Health' }))).toEqual([
      ['Health record', null],
      ['Health readings', null],
      ['Pharmacies and prescriptions', 'page'],
    ]);
    expect(within(await mainMenu()).getByRole('link', { name: 'Health' })).toHaveAttribute(
      'aria-current',
      'true',
    );
  });

  it('gathers every kind of visit, appointments and starting a visit under Visits', async () => {
    const { user, router } = renderRoute('/patient/visits', { as: 'demo-patient' });
    const sections = await screen.findByRole('navigation', { name: 'Visits' });
    expect(linksOf(sections)).toEqual([
      ['Your visits', 'page'],
      ['Appointments', null],
      ['Start a visit', null],
    ]);
    // The list is the destination's own page.
    expect(within(await mainMenu()).getByRole('link', { name: 'Visits' })).toHaveAttribute(
      'aria-current',
      'page',
    );

    await user.click(within(sections).getByRole('link', { name: 'Appointments' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Appointments' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/patient/visits/appointments');
    expect(within(await mainMenu()).getByRole('link', { name: 'Visits' })).toHaveAttribute(
      'aria-current',
      'true',
    );

    await user.click(
      within(screen.getByRole('navigation', { name: 'Visits' })).getByRole('link', { name: 'Start a visit' }),
    );
    expect(await screen.findByRole('heading', { level: 1, name: 'Start a visit' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/patient/visits/start');
    expect(linksOf(screen.getByRole('navigation', { name: 'Visits' }))).toEqual([
      ['Your visits', null],
      ['Appointments', null],
      ['Start a visit', 'page'],
    ]);
  });

  it.each([
    ['a visit', `/patient/visits/${SEED_VISITS.completed}`],
    ['an appointment', `/patient/appointments/${SEED_VISITS.upcoming}`],
    ['a room', '/patient/rooms/general'],
  ])('marks Visits current on %s’s page, which shows no section links', async (_page, path) => {
    renderRoute(path, { as: 'demo-patient' });
    const menu = within(await mainMenu());
    expect(menu.getByRole('link', { name: 'Visits' })).toHaveAttribute('aria-current', 'true');
    expect(menu.getByRole('link', { name: 'Home' })).not.toHaveAttribute('aria-current');
    expect(await screen.findByRole('heading', { level: 1 })).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Visits' })).not.toBeInTheDocument();
  });
});

describe('addresses from before the grouped menu', () => {
  it.each([
    ['/patient/rooms', '/patient/visits/start', 'Start a visit'],
    ['/patient/appointments', '/patient/visits/appointments', 'Appointments'],
    ['/patient/records', '/patient/health/record', 'Health record'],
    ['/patient/readings', '/patient/health/readings', 'Health readings'],
    ['/patient/pharmacies', '/patient/health/pharmacies', 'Pharmacies and prescriptions'],
    ['/patient/profile', '/patient/account/profile', 'Your profile'],
    ['/patient/insurance', '/patient/account/insurance', 'Insurance'],
    ['/patient/payments', '/patient/account/cards', 'Saved cards'],
    ['/patient/health', '/patient/health/record', 'Health record'],
    ['/patient/account', '/patient/account/profile', 'Your profile'],
  ])('%s opens %s in its place, keeping the query and the fragment', async (from, to, heading) => {
    const { router } = renderRoute(`${from}?x=1#y`, { as: 'demo-patient' });
    await waitFor(() => expect(router.state.location.pathname).toBe(to));
    expect(router.state.location).toMatchObject({ search: '?x=1', hash: '#y' });
    // Replaced, not pushed: Back does not return to the old address (and from there here again).
    expect(router.state.historyAction).toBe('REPLACE');
    expect(await screen.findByRole('heading', { level: 1, name: heading })).toBeInTheDocument();
  });
});
