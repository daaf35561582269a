import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderRoute } from '~test/render';

async function openDirectory(path = '/admin/users', withToken = true) {
  const utils = renderRoute(path, { as: 'demo-admin' });
  if (withToken) utils.session.setAdminToken('demo-admin-token');
  expect(await screen.findByRole('heading', { name: 'Users', level: 1 })).toBeInTheDocument();
  return utils;
}

describe('the admin user directory (GET /users)', () => {
  it('asks for the clinic admin token first', async () => {
    await openDirectory('/admin/users', false);
    expect(screen.getByRole('status')).toHaveTextContent('needs the clinic admin API token');
    expect(screen.getByRole('link', { name: 'Enter the token on the administration page' })).toHaveAttribute(
      'href',
      '/admin',
    );
  });

  it('lists the clinic’s users a page at a time, with the total', async () => {
    const { user, router } = await openDirectory();
    expect(await screen.findByText(/Showing 1–20 of \d+ users/)).toBeInTheDocument();
    expect(within(screen.getByRole('table')).getAllByRole('row')).toHaveLength(21);
    await user.click(screen.getByRole('button', { name: 'Next page' }));
    expect(await screen.findByText(/Showing 21–40 of \d+ users/)).toBeInTheDocument();
    expect(new URLSearchParams(router.state.location.search).get('start')).toBe('20');
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
    expect(Object.fromEntries(new URLSearchParams(router.state.location.search))).toEqual({
      q: 'casey',
      type: '200',
    });
  });

  it('sorts by name from the address', async () => {
    await openDirectory('/admin/users?type=400&sort=full_name.asc');
    await screen.findByRole('table');
    const names = within(screen.getByRole('table'))
      .getAllByRole('rowheader')
      .map((cell) => cell.textContent ?? '');
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b)));
    expect(screen.getByLabelText('Sort by')).toHaveValue('full_name.asc');
  });

  it('shows an empty result plainly', async () => {
    await openDirectory('/admin/users?q=zzzzzz');
    expect(await screen.findByRole('heading', { name: 'No users match these filters' })).toBeInTheDocument();
  });
});
