import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { db } from '@telehealth/mock/db';
import { server } from '@telehealth/mock/node';
import { renderRoute } from '~test/render';
import { SEED_USERS } from '@telehealth/mock/seed/ids';

async function openRooms(path = '/admin/rooms') {
  const utils = renderRoute(path, { as: 'demo-admin' });
  utils.session.setAdminToken('demo-admin-token');
  expect(await screen.findByRole('heading', { level: 1, name: /^Rooms?$/ })).toBeInTheDocument();
  return utils;
}

describe('rooms in the admin area', () => {
  it('lists the clinic’s rooms by name with links to each, the code only as secondary text', async () => {
    await openRooms();
    const table = await screen.findByRole('table');
    expect(within(table).getByRole('link', { name: 'Skin clinic (e-consult)' })).toHaveAttribute(
      'href',
      '/admin/rooms/dermatology',
    );
    expect(within(table).queryByRole('columnheader', { name: /Domain|^Code/ })).toBeNull();
    const row = within(table).getByRole('rowheader', { name: /Skin clinic \(e-consult\)/ });
    expect(row).toHaveTextContent('Skin clinic (e-consult) Code dermatology');
    expect(screen.getByRole('button', { name: 'Next page' })).toBeDisabled();
  });

  it('refuses a link name another room uses, in plain words on that field, keeping what was typed', async () => {
    const { user, db } = await openRooms();
    const form = screen.getByRole('form', { name: 'Create a room' });
    const before = db.rooms.size;
    await user.type(within(form).getByLabelText(/^Name/), 'Second skin clinic');
    await user.type(within(form).getByLabelText(/^Link name/), 'dermatology');
    await user.click(within(form).getByRole('button', { name: 'Create room' }));
    const slug = within(form).getByLabelText(/^Link name/);
    expect(
      await within(form).findByText(
        'Another room of the clinic already uses this link name. Choose another.',
      ),
    ).toBeInTheDocument();
    expect(slug).toHaveAttribute('aria-invalid', 'true');
    expect(slug).toHaveFocus();
    expect(within(form).getByLabelText(/^Name/)).toHaveValue('Second skin clinic');
    expect(db.rooms.size).toBe(before);
  });

  it('checks the slug’s shape before sending', async () => {
    const { user, db } = await openRooms();
    const form = screen.getByRole('form', { name: 'Create a room' });
    const before = db.rooms.size;
    await user.type(within(form).getByLabelText(/^Name/), 'Skin checks');
    await user.type(within(form).getByLabelText(/^Link name/), 'Skin Checks!');
    await user.click(within(form).getByRole('button', { name: 'Create room' }));
    expect(
      await within(form).findByText(/Use lower-case letters, digits and single hyphens/),
    ).toBeInTheDocument();
    expect(db.rooms.size).toBe(before);
  });

  it('creates a room in the clinic’s domain without asking for one, and links to it', async () => {
    const { user, db } = await openRooms();
    const form = screen.getByRole('form', { name: 'Create a room' });
    expect(within(form).queryByLabelText(/Domain/)).toBeNull();
    expect(form).not.toHaveTextContent(/domain/i);
    await user.type(within(form).getByLabelText(/^Name/), 'Skin checks');
    await user.type(within(form).getByLabelText(/^Link name/), 'skin-checks');
    await user.click(within(form).getByRole('button', { name: 'Create room' }));
    const link = await within(form).findByRole('link', { name: 'Skin checks' });
    const stored = [...db.rooms.values()].find((r) => r.slug === 'skin-checks');
    expect(stored).toMatchObject({ name: 'Skin checks', domain: 'demo', account_code: 'demo' });
    expect(link).toHaveAttribute('href', `/admin/rooms/${stored?.code}`);
    // The list is read again and shows the new room.
    expect(
      await within(screen.getByRole('table')).findByRole('link', { name: 'Skin checks' }),
    ).toBeInTheDocument();
  });
});

describe('one room in the admin area', () => {
  it('shows the room, its providers, and closes it with a message then reopens it', async () => {
    const { user, db } = await openRooms('/admin/rooms/dermatology');
    expect(
      await screen.findByRole('heading', { level: 2, name: 'Skin clinic (e-consult)' }),
    ).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: 'Elena Marchetti' })).toHaveAttribute(
      'href',
      `/admin/users/${SEED_USERS.derm}`,
    );
    await user.click(screen.getByRole('button', { name: 'Close room' }));
    expect(await screen.findByText('Tell patients why the room is closed')).toBeInTheDocument();
    expect(db.rooms.get('dermatology')?.operation_settings?.is_closed).not.toBe(true);
    await user.type(screen.getByLabelText('Message to patients'), 'Closed for the holiday.');
    await user.click(screen.getByRole('button', { name: 'Close room' }));
    expect(await screen.findByText('The room is closed.')).toBeInTheDocument();
    expect(screen.getByText('Closed: Closed for the holiday.')).toBeInTheDocument();
    expect(db.rooms.get('dermatology')?.operation_settings).toMatchObject({
      is_closed: true,
      close_msg: 'Closed for the holiday.',
    });
    await user.click(screen.getByRole('button', { name: 'Reopen room' }));
    expect(await screen.findByText('The room is open again.')).toBeInTheDocument();
    expect(db.rooms.get('dermatology')?.operation_settings?.is_closed).toBe(false);
  });

  it('keeps the message and says so when the server refuses to close the room', async () => {
    server.use(
      http.put('*/api_v3/rooms/:code', () =>
        HttpResponse.json({ code: 500, message: 'boom' }, { status: 500 }),
      ),
    );
    const { user, db } = await openRooms('/admin/rooms/dermatology');
    await screen.findByRole('heading', { level: 2, name: 'Skin clinic (e-consult)' });
    await user.type(screen.getByLabelText('Message to patients'), 'Closed for the holiday.');
    await user.click(screen.getByRole('button', { name: 'Close room' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('The clinic is having trouble right now');
    expect(screen.getByLabelText('Message to patients')).toHaveValue('Closed for the holiday.');
    expect(db.rooms.get('dermatology')?.operation_settings?.is_closed).not.toBe(true);
  });
});

describe('the clinic’s domain for a new room', () => {
  it('comes from the clinic account’s record (spec 2.5), not from a field', async () => {
    const account = [...db.accounts.values()].find((a) => a.code === 'demo');
    expect(account).toBeDefined();
    account!.domain = 'demo-clinic';
    const { user } = await openRooms();
    const form = screen.getByRole('form', { name: 'Create a room' });
    await user.type(within(form).getByLabelText(/^Name/), 'Travel clinic');
    await user.click(within(form).getByRole('button', { name: 'Create room' }));
    await within(form).findByRole('link', { name: 'Travel clinic' });
    expect([...db.rooms.values()].find((r) => r.name === 'Travel clinic')).toMatchObject({
      domain: 'demo-clinic',
      account_code: 'demo',
    });
  });
});
