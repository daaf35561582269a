import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { db } from '@/mocks/db';
import { renderRoute } from '~test/render';
import { SEED_CARDS, SEED_USERS } from '@/mocks/seed/ids';

async function openAfterHours() {
  const utils = renderRoute('/patient/payments', { as: 'demo-patient' });
  const room = await screen.findByRole('combobox', { name: 'Room' });
  await utils.user.selectOptions(room, 'after-hours');
  await screen.findByRole('list', { name: 'Saved cards' });
  return utils;
}

const casey = () => [...db.paymentSources.values()].filter((s) => s._owner === SEED_USERS.patient);

describe('saved cards page', () => {
  it('lists cards with brand, last four, expiry, the default and the expired one marked', async () => {
    await openAfterHours();
    const rows = within(screen.getByRole('list', { name: 'Saved cards' })).getAllByRole('listitem');
    expect(rows).toHaveLength(2);
    expect(rows[0]).toHaveTextContent(/Visa ending 4242\s*Default/);
    expect(rows[0]).toHaveTextContent(/Expires 08\/\d{4}/);
    expect(rows[1]).toHaveTextContent(/Mastercard ending 4444\s*Expired/);
    expect(rows[1]).toHaveTextContent(/Expired 01\/\d{4}/);
  });

  it('makes another card the default', async () => {
    const { user } = await openAfterHours();
    await user.click(screen.getByRole('button', { name: 'Make Mastercard ending 4444 the default card' }));
    await screen.findByText('Mastercard ending 4444 is now your default card.');
    expect(db.paymentSources.get(SEED_CARDS.caseyExpired)?.is_default).toBe(true);
    expect(db.paymentSources.get(SEED_CARDS.caseyVisa)?.is_default).toBe(false);
  });

  it('removes the default only after confirmation and says which card takes its place', async () => {
    const { user } = await openAfterHours();
    await user.click(screen.getByRole('button', { name: 'Remove Visa ending 4242' }));
    const dialog = screen.getByRole('dialog', { name: 'Remove Visa ending 4242?' });
    expect(dialog).toHaveAccessibleDescription(
      'This is your default card. Mastercard ending 4444 will become your default card.',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Keep card' }));
    expect(db.paymentSources.has(SEED_CARDS.caseyVisa)).toBe(true);

    await user.click(screen.getByRole('button', { name: 'Remove Visa ending 4242' }));
    await user.click(screen.getByRole('button', { name: 'Remove card' }));
    await screen.findByText('Visa ending 4242 was removed. Mastercard ending 4444 is now your default card.');
    expect(casey().map((s) => [s.id, s.is_default])).toEqual([[SEED_CARDS.caseyExpired, true]]);
    const list = screen.getByRole('list', { name: 'Saved cards' });
    expect(within(list).getByRole('listitem')).toHaveTextContent(/Mastercard ending 4444\s*Default/);
  });

  it('adds a card with the test gateway, sending only the token, and can make it the default', async () => {
    const { user } = await openAfterHours();
    await user.click(screen.getByRole('button', { name: 'Add a card' }));
    const fields = await screen.findByRole('group', { name: /Card details \(test mode/ });
    await user.click(within(fields).getByRole('radio', { name: 'Test American Express ending 8431' }));
    await user.click(screen.getByRole('checkbox', { name: 'Make this my default card' }));
    await user.click(screen.getByRole('button', { name: 'Save card' }));
    await screen.findByText('American Express ending 8431 was saved.');
    const added = casey().find((s) => s.last4 === '8431');
    expect(added).toMatchObject({ brand: 'American Express', is_default: true, _room_code: 'after-hours' });
    await waitFor(() =>
      expect(
        within(screen.getByRole('list', { name: 'Saved cards' })).getAllByRole('listitem')[0],
      ).toHaveTextContent(/American Express ending 8431\s*Default/),
    );
  });

  it('shows an empty room and keeps the page usable', async () => {
    const { user } = renderRoute('/patient/payments', { as: 'demo-patient' });
    await user.selectOptions(await screen.findByRole('combobox', { name: 'Room' }), 'general');
    expect(await screen.findByRole('heading', { name: 'No saved cards' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Add a card' })).toBeEnabled();
  });
});
