import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { beforeAll, describe, expect, it } from 'vitest';
import { db } from '@telehealth/mock/db';
import { server } from '@telehealth/mock/node';
import { renderRoute } from '~test/render';

beforeAll(async () => {
  await import('@/app/routes/patient/room');
});

async function openRoom(code: string) {
  const utils = renderRoute(`/admin/rooms/${code}`, { as: 'demo-admin' });
  utils.session.setAdminToken('demo-admin-token');
  expect(await screen.findByRole('heading', { level: 2, name: 'Edit the room' })).toBeInTheDocument();
  return utils;
}

describe('editing a room in the admin area', () => {
  it('saves hours, closing message and a consultation, and the patient’s room page shows them', async () => {
    const { user, unmount } = await openRoom('after-hours');
    const before = structuredClone(db.rooms.get('after-hours')!.payment!.consultations![0]!);
    const closedDays = screen.getByRole('group', { name: 'Closed days' });
    expect(within(closedDays).getByRole('checkbox', { name: 'Monday' })).toBeChecked();
    await user.click(within(closedDays).getByRole('checkbox', { name: 'Saturday' }));
    const message = screen.getByLabelText('Closing message');
    await user.clear(message);
    await user.type(message, 'Back at six tonight.');
    await user.clear(screen.getByLabelText('Description of consultation 1'));
    await user.type(screen.getByLabelText('Description of consultation 1'), 'Evening video visit');
    await user.clear(screen.getByLabelText('Minutes of consultation 1'));
    await user.type(screen.getByLabelText('Minutes of consultation 1'), '25');
    await user.clear(screen.getByLabelText('Price of consultation 1 (USD)'));
    await user.type(screen.getByLabelText('Price of consultation 1 (USD)'), '12.50');
    await user.click(screen.getByRole('button', { name: 'Save room changes' }));
    expect(await screen.findByText('The room’s changes are saved.')).toBeInTheDocument();

    const room = db.rooms.get('after-hours')!;
    expect(room.operation_settings).toMatchObject({
      closed_days: ['Monday', 'Saturday'],
      close_msg: 'Back at six tonight.',
      is_closed: true,
      is_open_all_time: false,
    });
    expect(room.payment?.consultations?.[0]).toEqual({
      ...before,
      description: 'Evening video visit',
      duration: 25,
      amount: 12.5,
    });

    unmount();
    renderRoute('/patient/rooms/after-hours', { as: 'demo-patient' });
    expect(await screen.findByText('Back at six tonight.')).toBeInTheDocument();
    expect(screen.getByText('Closed every Monday and Saturday.')).toBeInTheDocument();
    expect(screen.getByText(/Evening video visit · 25 minutes · \$12\.50/)).toBeInTheDocument();
    // The formatted message from the dashboard is still shown, through the sanitiser.
    expect(screen.getByText('We are closed today.')).toBeInTheDocument();
  });

  it('opens a room all the time, with no closed days, sending only the hours', async () => {
    let sent: unknown = null;
    server.events.on('request:start', ({ request }) => {
      if (request.method !== 'PUT') return;
      void request
        .clone()
        .json()
        .then((body: unknown) => {
          sent = body;
        });
    });
    const { user } = await openRoom('general');
    await user.click(screen.getByRole('radio', { name: 'Open all the time' }));
    expect(screen.queryByRole('group', { name: 'Closed days' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Save room changes' }));
    expect(await screen.findByText('The room’s changes are saved.')).toBeInTheDocument();
    expect(sent).toEqual({ operation_settings: { is_open_all_time: true, closed_days: [] } });
    expect(db.rooms.get('general')?.operation_settings).toMatchObject({
      is_open_all_time: true,
      closed_days: [],
    });
    server.events.removeAllListeners();
  });

  it('checks durations and prices before sending', async () => {
    const { user } = await openRoom('after-hours');
    const before = structuredClone(db.rooms.get('after-hours'));
    await user.clear(screen.getByLabelText('Minutes of consultation 1'));
    await user.type(screen.getByLabelText('Minutes of consultation 1'), '4');
    await user.clear(screen.getByLabelText('Price of consultation 1 (USD)'));
    await user.type(screen.getByLabelText('Price of consultation 1 (USD)'), '1.005');
    await user.click(screen.getByRole('button', { name: 'Save room changes' }));
    expect(await screen.findByText('Between 5 and 240 minutes')).toBeInTheDocument();
    expect(screen.getByText('Enter 0 or more, with at most two decimals')).toBeInTheDocument();
    expect(db.rooms.get('after-hours')).toEqual(before);
  });

  it('shows a server refusal on its field and keeps what was typed', async () => {
    server.use(
      http.put('*/api_v3/rooms/:code', () =>
        HttpResponse.json(
          { code: 400, message: 'payment.consultations.0.amount: must not exceed 5000' },
          { status: 400 },
        ),
      ),
    );
    const { user } = await openRoom('after-hours');
    const before = structuredClone(db.rooms.get('after-hours'));
    const price = screen.getByLabelText('Price of consultation 1 (USD)');
    await user.clear(price);
    await user.type(price, '9999');
    await user.click(screen.getByRole('button', { name: 'Save room changes' }));
    expect(await screen.findByText('The price must not exceed 5000.')).toBeInTheDocument();
    expect(screen.getByLabelText('Price of consultation 1 (USD)')).toHaveValue('9999');
    expect(screen.getByLabelText('Price of consultation 1 (USD)')).toHaveAttribute('aria-invalid', 'true');
    expect(db.rooms.get('after-hours')).toEqual(before);
  });

  it('says so in one message when the server fails, keeping what was typed', async () => {
    server.use(
      http.put('*/api_v3/rooms/:code', () =>
        HttpResponse.json({ code: 500, message: 'boom' }, { status: 500 }),
      ),
    );
    const { user } = await openRoom('general');
    const message = screen.getByLabelText('Closing message');
    await user.type(message, 'Closed at noon.');
    await user.click(screen.getByRole('button', { name: 'Save room changes' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('The clinic is having trouble right now');
    expect(screen.getByLabelText('Closing message')).toHaveValue('Closed at noon.');
  });
});
