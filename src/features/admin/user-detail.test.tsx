import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { server } from '@telehealth/mock/node';
import { renderRoute } from '~test/render';
import { SEED_USERS } from '@telehealth/mock/seed/ids';

const storedRooms = (db: ReturnType<typeof renderRoute>['db'], id: string) =>
  (db.users.get(id)?.rooms ?? []).map((r) => ({ code: r.code, default: r.default === true }));

async function openUser(id: string = SEED_USERS.peds, withToken = true) {
  const utils = renderRoute(`/admin/users/${id}`, { as: 'demo-admin' });
  if (withToken) utils.session.setAdminToken('demo-admin-token');
  expect(await screen.findByRole('heading', { level: 1, name: 'User' })).toBeInTheDocument();
  return utils;
}

describe('a user in the admin area (GET /users/{id})', () => {
  it('after a reload asks for the token in place and comes back to the same user', async () => {
    const { user, router } = await openUser(SEED_USERS.peds, false);
    expect(screen.getByText(/needs the clinic admin API token/)).toBeInTheDocument();
    await user.type(screen.getByLabelText(/Clinic admin API token/), 'demo-admin-token');
    await user.click(screen.getByRole('button', { name: 'Use this token' }));
    expect(await screen.findByRole('heading', { level: 2, name: 'Tomás Reyes' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe(`/admin/users/${SEED_USERS.peds}`);
    expect(screen.getByText(/Provider · Doctor|Provider · Nurse|Provider ·/)).toBeInTheDocument();
    expect(document.title).not.toContain('Reyes');
  });

  it('adds the user to a room as the default, from the server’s answer', async () => {
    const { user, db } = await openUser();
    await screen.findByRole('heading', { level: 2, name: 'Tomás Reyes' });
    const form = screen.getByRole('form', { name: 'Add to a room' });
    await user.click(within(form).getByRole('button', { name: 'Add to room' }));
    expect(await within(form).findByText('Choose a room', { selector: '.field-error' })).toBeInTheDocument();
    await within(form).findByRole('option', { name: 'Skin clinic (e-consult)' });
    await user.selectOptions(within(form).getByLabelText('Room'), 'dermatology');
    await user.click(within(form).getByLabelText('Make it the default room'));
    await user.click(within(form).getByRole('button', { name: 'Add to room' }));
    expect(
      await screen.findByText('Added to Skin clinic (e-consult) as the default room.'),
    ).toBeInTheDocument();
    const table = screen.getByRole('table', { name: 'Rooms this user belongs to' });
    expect(
      within(table).getByRole('row', { name: /Skin clinic \(e-consult\)\s*Default room/ }),
    ).toBeInTheDocument();
    expect(storedRooms(db, SEED_USERS.peds)).toEqual([
      { code: 'pediatrics', default: false },
      { code: 'dermatology', default: true },
    ]);
  });

  it('makes another room the default and removes one', async () => {
    const { user, db } = await openUser(SEED_USERS.provider);
    const table = await screen.findByRole('table', { name: 'Rooms this user belongs to' });
    const before = storedRooms(db, SEED_USERS.provider);
    const other = before.find((r) => !r.default);
    expect(other).toBeDefined();
    const makeDefault = within(table).getByRole('button', { name: /^Make .* the default room$/ });
    await user.click(makeDefault);
    expect(await screen.findByText(/is now the default room\./)).toBeInTheDocument();
    expect(storedRooms(db, SEED_USERS.provider).find((r) => r.default)?.code).toBe(other?.code);

    await user.click(within(table).getAllByRole('button', { name: /^Remove/ })[0]!);
    expect(await screen.findByText(/^Removed from /)).toBeInTheDocument();
    expect(storedRooms(db, SEED_USERS.provider)).toHaveLength(before.length - 1);
    expect(await within(table).findAllByRole('button', { name: /^Remove/ })).toHaveLength(before.length - 1);
  });

  it('keeps the list and says so when the server refuses a change', async () => {
    server.use(
      http.delete('*/api_v3/users/:id/rooms/:code', () =>
        HttpResponse.json(
          { code: 404, message: 'User is not associated with room general' },
          { status: 404 },
        ),
      ),
    );
    const { user, db } = await openUser(SEED_USERS.provider);
    const table = await screen.findByRole('table', { name: 'Rooms this user belongs to' });
    const count = storedRooms(db, SEED_USERS.provider).length;
    await user.click(within(table).getAllByRole('button', { name: /^Remove/ })[0]!);
    expect(await screen.findByRole('heading', { name: 'That change was not saved' })).toBeInTheDocument();
    expect(within(table).getAllByRole('button', { name: /^Remove/ })).toHaveLength(count);
  });

  it('asks for the token again when the server refuses it mid-way, keeping the page', async () => {
    const { user, router, session } = await openUser(SEED_USERS.peds);
    await screen.findByRole('heading', { level: 2, name: 'Tomás Reyes' });
    session.setAdminToken('a-token-that-was-revoked');
    const form = screen.getByRole('form', { name: 'Add to a room' });
    await within(form).findByRole('option', { name: 'Skin clinic (e-consult)' });
    await user.selectOptions(within(form).getByLabelText('Room'), 'dermatology');
    await user.click(within(form).getByRole('button', { name: 'Add to room' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('That token was refused');
    expect(router.state.location.pathname).toBe(`/admin/users/${SEED_USERS.peds}`);
    expect(session.getState().status).toBe('active');
  });
});
