import { screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { db } from '@telehealth/mock/db';
import { chargeNothingIn } from '~test/payments';
import { renderRoute } from '~test/render';
import { endSeededWalkinBeforeEach } from '~test/queue';
import { SEED_PHARMACIES, SEED_USERS } from '@telehealth/mock/seed/ids';

endSeededWalkinBeforeEach();

beforeAll(async () => {
  await Promise.all([import('@/app/routes/patient/layout'), import('@/app/routes/patient/intake/wizard')]);
});

function setSteps() {
  const account = db.accounts.get('demo');
  if (!account) throw new Error('no demo account');
  account.intake_steps = [{ code: 'reason', name: 'Reason for visit' }];
  account.post_intake_steps = [{ code: 'pharmacy', name: 'Preferred pharmacy' }];
  // No payment step in this flow: the room charges nothing, or the mock refuses the visit unpaid.
  chargeNothingIn('general');
}

async function reachPharmacyStep() {
  setSteps();
  const utils = renderRoute('/patient/rooms/general/intake?kind=walkin', { as: 'demo-patient' });
  await utils.user.type(await screen.findByLabelText(/What would you like help with/), 'Rash');
  await utils.user.click(screen.getByRole('button', { name: 'Join the waiting room' }));
  expect(await screen.findByRole('heading', { level: 1, name: 'Preferred pharmacy' })).toBeInTheDocument();
  const intakeId = new URLSearchParams(utils.router.state.location.search).get('intake') ?? '';
  return { ...utils, intakeId };
}

describe('pharmacy step', () => {
  it('offers the saved pharmacies with the default chosen, and keeps the choice on the intake', async () => {
    const { user, router, intakeId } = await reachPharmacyStep();
    const group = await screen.findByRole('group', {
      name: 'Where should prescriptions from this visit go?',
    });
    await waitFor(() =>
      expect(within(group).getByRole('radio', { name: /^Harbor Pharmacy, 12 Water Street/ })).toBeChecked(),
    );
    await user.click(within(group).getByRole('radio', { name: /^Corner Drugs/ }));
    await user.click(screen.getByRole('button', { name: 'Finish' }));
    await waitFor(() => expect(router.state.location.pathname).toMatch(/^\/patient\/visits\//));
    expect(db.intakes.get(intakeId)).toMatchObject({
      pharmacy_code: SEED_PHARMACIES.corner,
      pharmacy: 'Corner Drugs, 400 Atlantic Avenue, Brooklyn, NY 11217 · Phone (718) 555-0133',
    });
  });

  it('finds a pharmacy by ZIP, saves it to the patient’s pharmacies and uses it for the visit', async () => {
    const { user, router, intakeId } = await reachPharmacyStep();
    await user.type(await screen.findByRole('textbox', { name: /Pharmacy name, city or ZIP code/ }), '11217');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    const found = await screen.findByRole('list', { name: 'Pharmacies found' });
    const first = within(found).getAllByRole('listitem')[0] as HTMLElement;
    const name = within(first).getByRole('heading', { level: 3 }).textContent;
    await user.click(within(first).getByRole('button', { name: new RegExp(`^Use ${name}`) }));
    const group = screen.getByRole('group', { name: 'Where should prescriptions from this visit go?' });
    await waitFor(() =>
      expect(within(group).getByRole('radio', { name: new RegExp(`^${name}`) })).toBeChecked(),
    );
    const saved = [...db.pharmacies.values()].find((p) => p.name === name && p.type === 'demo_directory');
    expect(saved?.user_id).toBe(SEED_USERS.patient);
    await user.click(screen.getByRole('button', { name: 'Finish' }));
    await waitFor(() => expect(router.state.location.pathname).toMatch(/^\/patient\/visits\//));
    expect(db.intakes.get(intakeId)?.pharmacy_code).toBe(saved?.code);
  });

  it('lets the patient skip', async () => {
    const { user, router, intakeId } = await reachPharmacyStep();
    await user.click(await screen.findByRole('radio', { name: 'Skip: no pharmacy for this visit' }));
    await user.click(screen.getByRole('button', { name: 'Finish' }));
    await waitFor(() => expect(router.state.location.pathname).toMatch(/^\/patient\/visits\//));
    // Cleared rather than left out, so a pharmacy chosen earlier for this visit no longer stands.
    expect(db.intakes.get(intakeId)).toMatchObject({ pharmacy_code: '', pharmacy: '' });
    expect(db.intakes.get(intakeId)?.portal_steps_done).toContain('pharmacy');
  });
});
