import { screen, waitFor, within } from '@testing-library/react';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { db } from '@telehealth/mock/db';
import { chargesFor } from '@telehealth/mock/handlers/billing';
import { serveOnSpecTerms, type SpecTermsServer } from '~test/payments';
import { renderRoute } from '~test/render';
import { endSeededWalkinBeforeEach } from '~test/queue';

endSeededWalkinBeforeEach();

beforeAll(async () => {
  await Promise.all([
    import('@/app/routes/patient/layout'),
    import('@/app/routes/patient/intake/wizard'),
    import('@/app/routes/patient/visit'),
  ]);
});

const UNCONFIRMED =
  'We could not confirm whether your payment went through. To be safe we will not charge again from here. ' +
  'Continue to book — the clinic will match your payment — or contact the clinic.';

let spec: SpecTermsServer;

/** A paid walk-in flow in `general` on a server with only the spec's fields. */
beforeEach(() => {
  const account = db.accounts.get('demo')!;
  account.intake_steps = [
    { code: 'reason', name: 'Reason for visit' },
    { code: 'consultation', name: 'Type of consultation' },
    { code: 'payment', name: 'Payment' },
    { code: 'consent', name: 'Consent', next: { title: 'Start my visit' } },
  ];
  account.post_intake_steps = [];
  spec = serveOnSpecTerms({ price: 'cons_general_30' });
});

type View = ReturnType<typeof renderRoute>;
type User = View['user'];

const intakeOf = (view: View) => new URLSearchParams(view.router.state.location.search).get('intake') ?? '';
const visitsOf = (intakeId: string) => [...db.visits.values()].filter((v) => v.intake_id === intakeId);
const chargeNotes = () =>
  Object.keys(window.sessionStorage).filter((key) => key.endsWith('.until-visit.charge'));

async function addTestCard(user: User, label: RegExp) {
  const fields = await screen.findByRole('group', { name: /Card details \(test mode/ });
  await user.click(within(fields).getByRole('radio', { name: label }));
  await user.click(screen.getByRole('button', { name: 'Save card' }));
  await waitFor(() => expect(screen.queryByRole('button', { name: 'Save card' })).not.toBeInTheDocument());
}

/** Reason, the standard consultation, WELCOME10 and a new card; lands on consent with the box ticked. */
async function reachConsentPaid(card = /Test Visa ending 4242/) {
  const view = renderRoute('/patient/rooms/general/intake?kind=walkin', { as: 'demo-patient' });
  const { user } = view;
  await user.type(await screen.findByLabelText(/What would you like help with/), 'Sore throat');
  await user.click(screen.getByRole('button', { name: 'Continue' }));
  await user.click(await screen.findByRole('radio', { name: /Standard consultation/ }));
  await user.click(screen.getByRole('button', { name: 'Continue' }));
  await screen.findByRole('heading', { level: 1, name: 'Payment' });
  await user.type(screen.getByRole('textbox', { name: 'Coupon code (optional)' }), 'welcome10');
  await user.click(screen.getByRole('button', { name: 'Apply' }));
  await screen.findByText('WELCOME10 applied: you pay $80.10.');
  await addTestCard(user, card);
  await user.click(screen.getByRole('button', { name: 'Continue' }));
  await user.click(await screen.findByRole('checkbox', { name: 'I have read this and I agree' }));
  // The server kept none of the custom fields: what the wizard goes on with is the browser's.
  const intake = db.intakes.get(intakeOf(view))!;
  expect(intake.payment_promo_code).toBeUndefined();
  expect(intake.portal_steps_done).toBe('reason');
  return view;
}

async function expectVisitPaidOnce(view: View, intakeId: string) {
  await waitFor(() => expect(view.router.state.location.pathname).toMatch(/^\/patient\/visits\//));
  expect(visitsOf(intakeId)).toHaveLength(1);
  expect(chargesFor(intakeId)).toHaveLength(1);
  expect(spec.chargeRequests).toBe(1);
  // The visit exists: the charge record is no longer kept.
  expect(chargeNotes()).toEqual([]);
}

describe('payment on the spec’s terms (RELIABILITY case 29 without paid, invoice_id or charge)', () => {
  it('a double click charges once, with the coupon, and the receipt claims nothing the server did not say', async () => {
    const view = await reachConsentPaid();
    const intakeId = intakeOf(view);
    await view.user.dblClick(screen.getByRole('button', { name: 'Join the waiting room' }));
    await expectVisitPaidOnce(view, intakeId);
    expect(chargesFor(intakeId)[0]).toMatchObject({ amount: 80.1, last4: '4242' });
    const receipt = await screen.findByRole('region', { name: 'Your payment' });
    expect(within(receipt).getByText('$80.10')).toBeInTheDocument();
    expect(within(receipt).queryByText('Not paid yet.')).not.toBeInTheDocument();
  });

  it('a lost answer: the patient is told plainly, nothing is charged again, and going on makes the visit', async () => {
    spec.loseNextChargeAnswer('error');
    const view = await reachConsentPaid();
    const intakeId = intakeOf(view);
    await view.user.click(screen.getByRole('button', { name: 'Join the waiting room' }));

    await screen.findByRole('heading', { level: 1, name: 'Payment' });
    expect(screen.getByRole('alert')).toHaveTextContent(UNCONFIRMED);
    // No card to choose and no coupon: nothing is charged from here.
    expect(screen.queryByRole('group', { name: 'Pay with' })).not.toBeInTheDocument();
    expect(chargesFor(intakeId)).toHaveLength(1);
    expect(visitsOf(intakeId)).toHaveLength(0);

    // Every other answer is given: the payment step commits, with the review above it.
    await view.user.click(screen.getByRole('button', { name: 'Join the waiting room' }));
    await expectVisitPaidOnce(view, intakeId);
  });

  it('a reload while the charge was on its way: the new page says so and never charges again', async () => {
    const { drop } = spec.loseNextChargeAnswer('hang');
    const first = await reachConsentPaid();
    const intakeId = intakeOf(first);
    const consentUrl = `${first.router.state.location.pathname}${first.router.state.location.search}`;
    await first.user.click(screen.getByRole('button', { name: 'Join the waiting room' }));
    await waitFor(() => expect(chargesFor(intakeId)).toHaveLength(1));
    // The reload: the old page goes (its connection drops), sessionStorage stays.
    first.unmount();
    drop();

    const utils = renderRoute(consentUrl, { as: 'demo-patient' });
    await utils.user.click(await screen.findByRole('button', { name: 'Join the waiting room' }));
    await screen.findByRole('heading', { level: 1, name: 'Payment' });
    expect(screen.getByRole('alert')).toHaveTextContent(UNCONFIRMED);
    expect(spec.chargeRequests).toBe(1);

    // Every other answer is given: the payment step commits, with the review above it.
    await utils.user.click(screen.getByRole('button', { name: 'Join the waiting room' }));
    await expectVisitPaidOnce(utils, intakeId);
  });

  it('a refused card: back to payment with the reason, then another card is charged once', async () => {
    const view = await reachConsentPaid(/declined when charged/);
    const intakeId = intakeOf(view);
    await view.user.click(screen.getByRole('button', { name: 'Join the waiting room' }));
    await screen.findByRole('heading', { level: 1, name: 'Payment' });
    expect(screen.getByRole('alert')).toHaveTextContent(
      'Your card was not charged: Your card was declined. Please choose another card or add a new one.',
    );
    expect(chargesFor(intakeId)).toHaveLength(0);
    expect(chargeNotes()).toEqual([]);

    // Another card: the spec's invoice call names no card, so the chosen one becomes the default.
    await view.user.click(screen.getByRole('radio', { name: /Add a new card/ }));
    await addTestCard(view.user, /Test Mastercard/);
    // Every other answer is given: the payment step commits, with the review above it.
    await view.user.click(screen.getByRole('button', { name: 'Join the waiting room' }));
    await waitFor(() => expect(view.router.state.location.pathname).toMatch(/^\/patient\/visits\//));
    expect(chargesFor(intakeId)).toEqual([expect.objectContaining({ last4: '4444', amount: 80.1 })]);
    expect(spec.chargeRequests).toBe(2);
    expect(visitsOf(intakeId)).toHaveLength(1);
  });
});
