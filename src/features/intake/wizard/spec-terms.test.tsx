import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { db, resetDb } from '@telehealth/mock/db';
import { chargesFor } from '@telehealth/mock/handlers/billing';
import { serveOnSpecTerms, type SpecTermsServer } from '~test/payments';
import { renderRoute } from '~test/render';
import { noPhoneOnFileBeforeEach } from '~test/profile';
import { SEED_PHARMACIES, SEED_USERS } from '@telehealth/mock/seed/ids';

/** Monday 23 November 2026, 7:00 AM in New York (the patient's zone), as in the schedule step's tests. */
const NOW = Date.UTC(2026, 10, 23, 12, 0);
const nineAm = Date.UTC(2026, 10, 23, 14, 0) / 1000;

beforeAll(async () => {
  await Promise.all([
    import('@/app/routes/patient/layout'),
    import('@/app/routes/patient/intake/wizard'),
    import('@/app/routes/patient/visit'),
  ]);
});

let spec: SpecTermsServer;

beforeEach(() => {
  // Only the clock is pinned (timers stay real); the seed is rebuilt around it.
  vi.useFakeTimers({ toFake: ['Date'], now: NOW });
  resetDb(NOW);
  spec = serveOnSpecTerms({ price: 'cons_general_30' });
});

// After the reseed above.
noPhoneOnFileBeforeEach();

afterEach(() => {
  vi.useRealTimers();
});

type View = ReturnType<typeof renderRoute>;

const intakeOf = (view: View) => new URLSearchParams(view.router.state.location.search).get('intake') ?? '';
const here = (view: View) => `${view.router.state.location.pathname}${view.router.state.location.search}`;

/** A reload: the page goes, this tab's sessionStorage stays, and the same address opens again. */
function reload(view: View, path = here(view)): View {
  view.unmount();
  return renderRoute(path, { as: 'demo-patient' });
}

/** An appointment in `general` (reason, consultation, time, payment; then pharmacy and one more step), up to the time step. */
async function reachSchedule(): Promise<View> {
  const account = db.accounts.get('demo')!;
  account.intake_steps = [
    { code: 'reason', name: 'Reason for visit' },
    { code: 'consultation', name: 'Type of consultation' },
    { code: 'schedule', name: 'Choose a time' },
    { code: 'payment', name: 'Payment' },
  ];
  account.post_intake_steps = [
    { code: 'pharmacy', name: 'Preferred pharmacy' },
    { code: 'legacy_widget', name: 'Old widget' },
  ];
  const view = renderRoute('/patient/rooms/general/intake?kind=appointment', { as: 'demo-patient' });
  await view.user.type(await screen.findByLabelText(/What would you like help with/), 'Follow-up visit');
  await view.user.click(screen.getByRole('button', { name: 'Continue' }));
  await view.user.click(await screen.findByRole('radio', { name: /Standard consultation/ }));
  await view.user.click(screen.getByRole('button', { name: 'Continue' }));
  await screen.findByRole('heading', { level: 1, name: 'Choose a time' });
  return view;
}

async function chooseNineAm(view: View) {
  const today = await screen.findByRole('region', { name: 'Monday, November 23, 2026' });
  await view.user.click(
    await within(today).findByRole('button', { name: /^9:00\sAM EST with Dr\. Samira Okafor/ }),
  );
  await view.user.click(screen.getByRole('button', { name: 'Continue' }));
  await screen.findByRole('heading', { level: 1, name: 'Payment' });
}

/** A new test Visa on the payment step, then the booking. */
async function payWithNewVisa(view: View) {
  const fields = await screen.findByRole('group', { name: /Card details \(test mode/ });
  await view.user.click(within(fields).getByRole('radio', { name: /Test Visa ending 4242/ }));
  await view.user.click(screen.getByRole('button', { name: 'Save card' }));
  await waitFor(() => expect(screen.queryByRole('button', { name: 'Save card' })).not.toBeInTheDocument());
  await view.user.click(screen.getByRole('button', { name: 'Book my appointment' }));
}

describe('the wizard on the spec’s terms (a server that drops the custom fields of POST /intakes/{id})', () => {
  it('sends reason, location, phone and provider as the query parameters of POST /intakes/{id}', async () => {
    const account = db.accounts.get('demo')!;
    account.intake_steps = [
      { code: 'consent', name: 'Consent' },
      { code: 'location', name: 'Where you are' },
      { code: 'reason', name: 'Reason for visit' },
      { code: 'provider', name: 'Choose a provider' },
      { code: 'wrap_up', name: 'Next step', sections: [{ code: 'x', schema: {}, form: [] }] },
    ];
    account.post_intake_steps = [];
    // Nothing on file for where the patient is: the location step is asked (the provider is known,
    // the one Casey saw last time in this room, and travels with the intake's creation).
    db.users.get(SEED_USERS.patient)!.state = undefined;
    const view = renderRoute('/patient/rooms/general/intake?kind=appointment', { as: 'demo-patient' });
    const { user } = view;
    await user.click(await screen.findByRole('checkbox', { name: 'I have read this and I agree' }));
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await user.selectOptions(await screen.findByLabelText(/Which state are you in/), 'NY');
    await user.type(screen.getByLabelText(/Phone number/), '212 555 0100');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await user.type(await screen.findByLabelText(/What would you like help with/), 'Sore throat');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await screen.findByRole('heading', { level: 1, name: 'Next step' });

    const intakeId = intakeOf(view);
    const sent = spec.intakeUpdates.map((url) => {
      expect(url.pathname).toBe(`/api_v3/intakes/${intakeId}`);
      return Object.fromEntries(url.searchParams);
    });
    expect(sent).toEqual([{ location: 'NY', phone: '212 555 0100' }, { reason_for_visit: 'Sore throat' }]);
    expect(db.intakes.get(intakeId)).toMatchObject({
      location: 'NY',
      phone: '212 555 0100',
      reason_for_visit: 'Sore throat',
      provider: SEED_USERS.provider,
      // Only what came with the creation (spec 4.4 takes custom fields there) is on the server:
      // the consent and the provider known with it.
      portal_steps_done: 'provider,consent',
    });
  });

  it('resumes after reloads from what the browser kept: where the patient was, the consultation and the slot; books that slot and pays once', async () => {
    let view = await reachSchedule();
    const intakeId = intakeOf(view);
    expect(db.intakes.get(intakeId)?.consultation_id).toBeUndefined();

    // Reload without a step: the wizard resumes where the patient was, the consultation still chosen.
    view = reload(view, `/patient/rooms/general/intake?intake=${intakeId}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Choose a time' })).toBeInTheDocument();
    expect(view.router.state.location.pathname).toBe('/patient/rooms/general/intake/schedule');
    view = reload(view, `/patient/rooms/general/intake/consultation?intake=${intakeId}`);
    expect(await screen.findByRole('radio', { name: /Standard consultation/ })).toBeChecked();
    await view.user.click(screen.getByRole('button', { name: 'Continue' }));

    await chooseNineAm(view);
    expect(db.intakes.get(intakeId)?.slot_start).toBeUndefined();

    // Reload on the time step: the chosen time is still there.
    view = reload(view, `/patient/rooms/general/intake/schedule?intake=${intakeId}`);
    expect(await screen.findByText('Your time: Mon, Nov 23, 2026, 9:00 AM EST')).toBeInTheDocument();
    await view.user.click(screen.getByRole('button', { name: 'Continue' }));
    await payWithNewVisa(view);

    // Booked with the browser's slot, paid once.
    expect(await screen.findByRole('heading', { level: 1, name: 'Preferred pharmacy' })).toBeInTheDocument();
    const visits = [...db.visits.values()].filter((v) => v.intake_id === intakeId);
    expect(visits).toHaveLength(1);
    expect(visits[0]).toMatchObject({
      type: 2,
      start: nineAm,
      end: nineAm + 1800,
      provider_id: SEED_USERS.provider,
    });
    expect(chargesFor(intakeId)).toEqual([expect.objectContaining({ amount: 89 })]);
    expect(spec.chargeRequests).toBe(1);
  });

  it('keeps the chosen pharmacy across a reload after the visit exists, and keeps no free text', async () => {
    const view = await reachSchedule();
    const intakeId = intakeOf(view);
    await chooseNineAm(view);
    await payWithNewVisa(view);

    const group = await screen.findByRole('group', {
      name: 'Where should prescriptions from this visit go?',
    });
    await view.user.click(await within(group).findByRole('radio', { name: /^Corner Drugs/ }));
    await view.user.click(screen.getByRole('button', { name: 'Continue' }));
    await screen.findByRole('heading', { level: 1, name: 'Old widget' });
    expect(db.intakes.get(intakeId)?.pharmacy_code).toBeUndefined();

    // Reload on the pharmacy step: the chosen pharmacy (not the default one) is still chosen.
    reload(view, `/patient/rooms/general/intake/pharmacy?intake=${intakeId}`);
    const again = await screen.findByRole('group', {
      name: 'Where should prescriptions from this visit go?',
    });
    await waitFor(() => expect(within(again).getByRole('radio', { name: /^Corner Drugs/ })).toBeChecked());

    // The browser kept bookkeeping only: no reason, no phone, no name.
    const stored = Object.keys(window.sessionStorage)
      .map((key) => `${key}=${window.sessionStorage.getItem(key) ?? ''}`)
      .join('\n');
    expect(stored).toContain(SEED_PHARMACIES.corner);
    expect(stored).not.toMatch(/Follow-up|Casey|Morgan/);
  });
});
