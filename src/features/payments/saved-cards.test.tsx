import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { db, type PaymentSourceRecord } from '@telehealth/mock/db';
import { renderRoute } from '~test/render';
import { SEED_USERS } from '@telehealth/mock/seed/ids';

/**
 * Every test pins the day to 15 March 2030 (Casey's zone is New York) and saves its own cards
 * around it: a card of March 2030 is still good, one of February 2030 has expired.
 */
function pinTheDay() {
  vi.useFakeTimers({ toFake: ['Date'], shouldAdvanceTime: true });
  vi.setSystemTime(new Date('2030-03-15T16:00:00Z'));
  for (const source of casey()) db.paymentSources.delete(source.id);
}

let created = 0;
function saveCard(
  id: string,
  room: string,
  brand: string,
  last4: string,
  [month, year]: [number, number],
  isDefault: boolean,
) {
  created += 1;
  const source: PaymentSourceRecord = {
    id,
    type: 'card',
    brand,
    last4,
    exp_month: month,
    exp_year: year,
    is_default: isDefault,
    _owner: SEED_USERS.patient,
    _room_code: room,
    _provider_id: null,
    _created: created,
  };
  db.paymentSources.set(id, source);
}

const casey = () => [...db.paymentSources.values()].filter((s) => s._owner === SEED_USERS.patient);
const stored = (id: string) => db.paymentSources.get(id)?.is_default;

async function openWallet() {
  const utils = renderRoute('/patient/payments', { as: 'demo-patient' });
  await screen.findByRole('list', { name: 'Saved cards' });
  return utils;
}

const rows = () => within(screen.getByRole('list', { name: 'Saved cards' })).getAllByRole('listitem');
const row = (name: string) => rows().find((item) => item.textContent?.includes(name));

describe('saved cards page: one wallet', () => {
  it('shows each card once with the rooms it can be used for, by name, and the expired one in words', async () => {
    pinTheDay();
    saveCard('src_t_visa_gp', 'general', 'Visa', '4242', [3, 2030], true);
    saveCard('src_t_visa_ah', 'after-hours', 'Visa', '4242', [3, 2030], true);
    saveCard('src_t_amex', 'dermatology', 'American Express', '8431', [12, 2031], true);
    saveCard('src_t_mc_old', 'after-hours', 'Mastercard', '4444', [2, 2030], false);
    await openWallet();
    const [visa, amex, mastercard, ...rest] = rows();
    expect(rest).toEqual([]);
    expect(visa).toHaveTextContent(/Visa ending 4242\s*Default/);
    expect(visa).toHaveTextContent('Expires 03/2030');
    expect(visa).toHaveTextContent('Can be used for: After-hours care, General practice');
    expect(amex).toHaveTextContent('Can be used for: Skin clinic (e-consult)');
    expect(mastercard).toHaveTextContent(/Mastercard ending 4444\s*Expired/);
    expect(mastercard).toHaveTextContent(
      'Expired 02/2030: it can no longer be used to pay or be your default card.',
    );
    expect(mastercard).toHaveTextContent('Saved for: After-hours care');
    // Room names only, never their codes.
    expect(screen.getByRole('list', { name: 'Saved cards' })).not.toHaveTextContent(/after-hours|general\b/);
  });

  it('never offers an expired card as the default', async () => {
    pinTheDay();
    saveCard('src_t_visa', 'after-hours', 'Visa', '4242', [3, 2030], true);
    saveCard('src_t_mc_old', 'after-hours', 'Mastercard', '4444', [2, 2030], false);
    await openWallet();
    const mastercard = row('Mastercard ending 4444')!;
    expect(mastercard).toHaveTextContent(/Expired/);
    expect(within(mastercard).queryByRole('button', { name: /default/ })).not.toBeInTheDocument();
    expect(within(mastercard).getByRole('button', { name: 'Remove Mastercard ending 4444' })).toBeEnabled();
    expect(stored('src_t_mc_old')).toBe(false);
  });

  it('makes a card the default in every room it is saved in', async () => {
    pinTheDay();
    saveCard('src_t_visa_gp', 'general', 'Visa', '4242', [8, 2031], true);
    saveCard('src_t_visa_ah', 'after-hours', 'Visa', '4242', [8, 2031], true);
    saveCard('src_t_amex_gp', 'general', 'American Express', '8431', [12, 2031], false);
    saveCard('src_t_amex_ah', 'after-hours', 'American Express', '8431', [12, 2031], false);
    const { user } = await openWallet();
    await user.click(
      screen.getByRole('button', { name: 'Make American Express ending 8431 the default card' }),
    );
    await screen.findByText('American Express ending 8431 is now your default card.');
    expect(casey().map((s) => [s.id, s.is_default])).toEqual([
      ['src_t_visa_gp', false],
      ['src_t_visa_ah', false],
      ['src_t_amex_gp', true],
      ['src_t_amex_ah', true],
    ]);
    await waitFor(() =>
      expect(row('American Express ending 8431')).toHaveTextContent(/American Express ending 8431\s*Default/),
    );
    expect(row('Visa ending 4242')).not.toHaveTextContent('Default');
  });

  it('removes a card from every room after confirmation and says which card takes its place', async () => {
    pinTheDay();
    saveCard('src_t_visa_gp', 'general', 'Visa', '4242', [8, 2031], true);
    saveCard('src_t_visa_ah', 'after-hours', 'Visa', '4242', [8, 2031], true);
    saveCard('src_t_mc_gp', 'general', 'Mastercard', '4444', [5, 2032], false);
    saveCard('src_t_mc_old', 'after-hours', 'Mastercard', '4444', [2, 2030], false);
    const { user } = await openWallet();
    await user.click(screen.getByRole('button', { name: 'Remove Visa ending 4242' }));
    const dialog = screen.getByRole('dialog', { name: 'Remove Visa ending 4242?' });
    expect(dialog).toHaveAccessibleDescription(
      'It will be removed from After-hours care, General practice. This is your default card. Your other cards for After-hours care have expired, so you will need to add a card the next time you pay there. Mastercard ending 4444 will become your default card for General practice.',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Keep card' }));
    expect(db.paymentSources.has('src_t_visa_gp')).toBe(true);

    await user.click(screen.getByRole('button', { name: 'Remove Visa ending 4242' }));
    await user.click(screen.getByRole('button', { name: 'Remove card' }));
    await screen.findByText(
      'Visa ending 4242 was removed. Mastercard ending 4444 is now your default card for General practice.',
    );
    expect(casey().map((s) => [s.id, s.is_default])).toEqual([
      ['src_t_mc_gp', true],
      ['src_t_mc_old', false],
    ]);
  });

  it('adds a card for a chosen room with the test gateway, sending only the token', async () => {
    pinTheDay();
    saveCard('src_t_visa', 'after-hours', 'Visa', '4242', [8, 2031], true);
    const { user } = await openWallet();
    await user.click(screen.getByRole('button', { name: 'Add a card' }));
    await user.selectOptions(screen.getByRole('combobox', { name: 'Use it for' }), 'General practice');
    const fields = await screen.findByRole('group', { name: /Card details \(test mode/ });
    await user.click(within(fields).getByRole('radio', { name: 'Test American Express ending 8431' }));
    await user.click(screen.getByRole('button', { name: 'Save card' }));
    await screen.findByText('American Express ending 8431 was saved for General practice.');
    expect(casey().find((s) => s.last4 === '8431')).toMatchObject({
      brand: 'American Express',
      is_default: true,
      _room_code: 'general',
    });
    await waitFor(() => expect(rows()).toHaveLength(2));
  });

  it('shows an empty wallet and keeps the page usable', async () => {
    pinTheDay();
    renderRoute('/patient/payments', { as: 'demo-patient' });
    expect(await screen.findByRole('heading', { name: 'No saved cards' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Add a card' })).toBeEnabled();
  });
});
