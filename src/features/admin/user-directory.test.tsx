import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderRoute } from '~test/render';
import { SEED_USERS } from '@telehealth/mock/seed/ids';

async function openDirectory(path = '/admin/users', withToken = true) {
  const utils = renderRoute(path, { as: 'demo-admin' });
  if (withToken) utils.session.setAdminToken('demo-admin-token');
  expect(await screen.findByRole('heading', { name: 'Users', level: 1 })).toBeInTheDocument();
  return utils;
}

describe('the admin user directory (GET /users)', () => {
  it('asks for the clinic admin token in place and then shows the directory at the same address', async () => {
    const { user, router, session } = await openDirectory('/admin/users', false);
    expect(screen.getByText(/The user directory needs the clinic admin API token/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Use this token' }));
    expect(await screen.findByText('Paste the whole token (at least 8 characters)')).toBeInTheDocument();
    await user.type(screen.getByLabelText(/Clinic admin API token/), 'demo-admin-token');
    await user.click(screen.getByRole('button', { name: 'Use this token' }));
    expect(await screen.findByText(/Showing 1–20 of \d+ users/)).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/admin/users');
    expect(session.getAdminToken()).toBe('demo-admin-token');
    // Kept for a reload of this tab only (design 5): never in localStorage.
    expect(JSON.stringify({ ...window.localStorage })).not.toContain('demo-admin-token');
  });

  it('says a refused token was refused, not that the session ended, and asks again', async () => {
    const { user, session } = await openDirectory('/admin/users', false);
    await user.type(screen.getByLabelText(/Clinic admin API token/), 'not-the-right-token');
    await user.click(screen.getByRole('button', { name: 'Use this token' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('That token was refused');
    expect(screen.queryByText(/session has ended/i)).not.toBeInTheDocument();
    expect(screen.getByLabelText(/Clinic admin API token/)).toHaveValue('');
    expect(session.getAdminToken()).toBeNull();
    expect(session.getState().status).toBe('active');
  });

  it('forgets the token in one click', async () => {
    const { user, session } = await openDirectory();
    await screen.findByRole('table');
    await user.click(screen.getByRole('button', { name: 'Forget the token' }));
    expect(session.getAdminToken()).toBeNull();
    expect(screen.getByLabelText(/Clinic admin API token/)).toBeInTheDocument();
  });

  it('lists the clinic’s users a page at a time, with the total', async () => {
    const { user, router } = await openDirectory();
    expect(await screen.findByText(/Showing 1–20 of \d+ users/)).toBeInTheDocument();
    expect(within(screen.getByRole('table')).getAllByRole('row')).toHaveLength(21);
    await user.click(screen.getByRole('button', { name: 'Next page' }));
    expect(await screen.findByText(/Showing 21–40 of \d+ users/)).toBeInTheDocument();
    expect(router.state.location.search).toBe('');
    expect(screen.getByRole('button', { name: 'Previous page' })).toBeEnabled();
  });

  it('searches by name with at least 3 characters and filters by type', async () => {
    const { user, router } = await openDirectory();
    await screen.findByRole('table');
    await user.type(screen.getByLabelText('Name or email'), 'ca');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    expect(
      await screen.findByText('Type at least 3 characters of a name or email, or leave it empty'),
    ).toBeInTheDocument();
    await user.type(screen.getByLabelText('Name or email'), 'sey');
    await user.selectOptions(screen.getByLabelText('Type'), 'Patients');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    expect(await screen.findByText('Showing 1–1 of 1 users')).toBeInTheDocument();
    const rows = within(screen.getByRole('table')).getAllByRole('row');
    expect(rows[1]).toHaveTextContent(/Casey Morgan\s*Patient/);
    // The search names a person: it stays in the page's memory, never in the address or in a
    // history entry (history state is kept with the tab's session history and restored with it).
    expect(router.state.location.pathname).toBe('/admin/users');
    expect(router.state.location.search).toBe('');
    expect(JSON.stringify(router.state.location.state ?? null).toLowerCase()).not.toContain('casey');
    expect(JSON.stringify(window.history.state ?? null).toLowerCase()).not.toContain('casey');
    expect(router.state.historyAction).toBe('POP');
  });

  it('sorts by name', async () => {
    const { user } = await openDirectory();
    await screen.findByRole('table');
    await user.selectOptions(screen.getByLabelText('Type'), 'Providers');
    await user.selectOptions(screen.getByLabelText('Sort by'), 'Name, A to Z');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() => {
      const names = within(screen.getByRole('table'))
        .getAllByRole('rowheader')
        .map((cell) => cell.textContent ?? '');
      expect(names.length).toBeGreaterThan(1);
      expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b)));
      expect(screen.getAllByRole('cell', { name: /^Provider/ })).toHaveLength(names.length);
    });
    expect(screen.getByLabelText('Sort by')).toHaveValue('full_name.asc');
  });

  it('filters providers by kind and room', async () => {
    const { user } = await openDirectory();
    await screen.findByRole('table');
    await screen.findByRole('option', { name: 'Skin clinic (e-consult)' });
    await user.selectOptions(screen.getByLabelText('Provider kind'), 'Nurses');
    await user.selectOptions(screen.getByLabelText('Room'), 'dermatology');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    expect(await screen.findByText('Showing 1–1 of 1 users')).toBeInTheDocument();
    expect(screen.getByRole('rowheader', { name: 'Noah Lindqvist' })).toBeInTheDocument();
  });

  it('shows an empty result plainly', async () => {
    const { user } = await openDirectory();
    await screen.findByRole('table');
    await user.type(screen.getByLabelText('Name or email'), 'zzzzzz');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    expect(await screen.findByRole('heading', { name: 'No users match these filters' })).toBeInTheDocument();
  });

  it('isolates names from bidi controls in the list and on the user’s page', async () => {
    const { user, db } = await openDirectory();
    const casey = db.users.get(SEED_USERS.patient)!;
    db.users.set(SEED_USERS.patient, {
      ...casey,
      last_name: 'Morgan\u202Egnp.exe',
      full_name: 'Casey Morgan\u202Egnp.exe',
    });
    await screen.findByRole('table');
    await user.type(screen.getByLabelText('Name or email'), 'casey');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    const link = await screen.findByRole('link', { name: 'Casey Morgan\u202Egnp.exe' });
    expect(within(link).getByText('Casey Morgan\u202Egnp.exe', { selector: 'bdi' })).toBeInTheDocument();
    await user.click(link);
    const heading = await screen.findByRole('heading', { level: 2, name: /^Casey Morgan/ });
    expect(within(heading).getByText('Casey Morgan\u202Egnp.exe', { selector: 'bdi' })).toBeInTheDocument();
    expect(document.title).not.toMatch(/Casey|Morgan/);
  });
});
