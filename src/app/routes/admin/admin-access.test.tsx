import { screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { db } from '@telehealth/mock/db';
import { findUserByCode } from '@telehealth/mock/lib/users';
import { renderRoute } from '~test/render';
import { countRequests, serveWithoutExtensions } from '~test/server-extensions';
import { SEED_USERS } from '@telehealth/mock/seed/ids';

beforeAll(async () => {
  await Promise.all([
    import('./layout'),
    import('./home'),
    import('../provider/layout'),
    import('../provider/home'),
  ]);
});

const nav = () => screen.getByRole('navigation', { name: 'Main' });
const navLabels = () =>
  within(nav())
    .getAllByRole('link')
    .map((link) => link.textContent);

describe('who administers the clinic', () => {
  it('lands the spec’s Admin type (100) without roles in the admin area', async () => {
    serveWithoutExtensions();
    const admin = findUserByCode('demo-admin')!;
    admin.type = 100;
    delete admin.roles;
    // Sent home from another area's address: where `homeFor` lands this profile.
    const { router } = renderRoute('/patient', { as: 'demo-admin' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Clinic administration' })).toBeVisible();
    expect(router.state.location.pathname).toBe('/admin');
    expect(navLabels()).toContain('Users');
  });

  it('lands a provider (400) without roles on the dashboard, offers the administration, and opens it on an accepted token', async () => {
    serveWithoutExtensions();
    const { user, router } = renderRoute('/patient', { as: 'demo-provider' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
    expect(router.state.location.pathname).toBe('/provider');

    await user.click(within(nav()).getByRole('link', { name: 'Clinic administration' }));
    expect(await screen.findByRole('form', { name: 'Clinic admin token' })).toBeVisible();
    expect(navLabels()).toEqual(['Admin', 'Provider dashboard']);

    const checks = countRequests('GET', /\/users$/);
    await user.type(screen.getByLabelText(/Clinic admin API token/), 'demo-admin-token');
    await user.click(screen.getByRole('button', { name: 'Use this token' }));
    expect(await screen.findByText('The clinic admin API token is set for this tab.')).toBeVisible();
    expect(checks.count).toBe(1);
    await waitFor(() => expect(navLabels()).toContain('Users'));
    expect(navLabels()).toContain('Provider dashboard');

    await user.click(within(nav()).getByRole('link', { name: 'Provider dashboard' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
    expect(within(nav()).getByRole('link', { name: 'Clinic administration' })).toBeVisible();
  });

  it('tells a provider without roles that a token was refused, and keeps the administration closed', async () => {
    serveWithoutExtensions();
    const { user } = renderRoute('/admin', { as: 'demo-provider' });
    await user.type(await screen.findByLabelText(/Clinic admin API token/), 'not-the-admin-token');
    await user.click(screen.getByRole('button', { name: 'Use this token' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('That token was refused');
    expect(navLabels()).toEqual(['Admin', 'Provider dashboard']);
  });

  it('offers no administration to a provider where profiles carry roles (user-roles)', async () => {
    const { router } = renderRoute('/admin', { as: 'demo-provider' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
    expect(router.state.location.pathname).toBe('/provider');
    expect(within(nav()).queryByRole('link', { name: 'Clinic administration' })).not.toBeInTheDocument();
    expect(db.users.get(SEED_USERS.provider)?.roles).toBeUndefined();
  });
});
