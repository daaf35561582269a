import { screen, waitFor, within } from '@testing-library/react';
import { getResponse, http, HttpResponse } from 'msw';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { db } from '@telehealth/mock/db';
import { mockNow } from '@telehealth/mock/lib/clock';
import { SEED_USERS } from '@telehealth/mock/seed/ids';
import { chargesFor } from '@telehealth/mock/handlers/billing';
import { handlers } from '@telehealth/mock/handlers/index';
import { api } from '@telehealth/mock/lib/routes';
import { server } from '@telehealth/mock/node';
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

/** A paid walk-in flow in `general`: reason, consultation, payment, consent. */
beforeEach(() => {
  const account = db.accounts.get('demo')!;
  account.intake_steps = [
    { code: 'reason', name: 'Reason for visit' },
    { code: 'consultation', name: 'Type of consultation' },
    { code: 'payment', name: 'Payment' },
    { code: 'consent', name: 'Consent', next: { title: 'Start my visit' } },
  ];
  account.post_intake_steps = [];
});

type User = ReturnType<typeof renderRoute>['user'];
type Router = ReturnType<typeof renderRoute>['router'];

const intakeOf = (router: Router) => new URLSearchParams(router.state.location.search).get('intake') ?? '';
const newVisits = (before: Set<string>) => [...db.visits.values()].filter((v) => !before.has(v.id));

let createPosts = 0;
let requestBodies: string[] = [];
beforeEach(() => {
  createPosts = 0;
  requestBodies = [];
  server.use(
    http.all('*', async ({ request }) => {
      requestBodies.push(`${request.url} ${await request.clone().text()}`);
      return undefined;
    }),
    http.post(api('/billing/invoices/process'), async ({ request }) => {
      const body = (await request.clone().json()) as { create_invoice?: number };
      if (body.create_invoice === 1) createPosts += 1;
      return undefined;
    }),
  );
});

/** Reason and consultation, then the payment step. */
async function reachPayment(consultation = /Standard consultation/) {
  const view = renderRoute('/patient/rooms/general/intake?kind=walkin', { as: 'demo-patient' });
  await view.user.type(await screen.findByLabelText(/What would you like help with/), 'Sore throat');
  await view.user.click(screen.getByRole('button', { name: 'Continue' }));
  await view.user.click(await screen.findByRole('radio', { name: consultation }));
  await view.user.click(screen.getByRole('button', { name: 'Continue' }));
  await screen.findByRole('heading', { level: 1, name: 'Payment' });
  return view;
}

async function applyCoupon(user: User, code: string) {
  await user.type(screen.getByRole('textbox', { name: 'Coupon code (optional)' }), code);
  await user.click(screen.getByRole('button', { name: 'Apply' }));
}

async function addTestCard(user: User, label: RegExp) {
  const fields = await screen.findByRole('group', { name: /Card details \(test mode/ });
  await user.click(within(fields).getByRole('radio', { name: label }));
  await user.click(screen.getByRole('button', { name: 'Save card' }));
  await waitFor(() => expect(screen.queryByRole('button', { name: 'Save card' })).not.toBeInTheDocument());
}

/** Payment step done with WELCOME10 and a new Visa; lands on consent with the box ticked. */
async function reachConsentPaid(card = /Test Visa ending 4242/) {
  const view = await reachPayment();
  await applyCoupon(view.user, 'welcome10');
  await screen.findByText('WELCOME10 applied: you pay $80.10.');
  await addTestCard(view.user, card);
  await view.user.click(screen.getByRole('button', { name: 'Continue' }));
  await view.user.click(await screen.findByRole('checkbox', { name: 'I have read this and I agree' }));
  return view;
}

describe('payment step', () => {
  it('shows the price, checks WELCOME10, saves a new card and the coupon on the intake, then charges once and opens the visit', async () => {
    const visitsBefore = new Set(db.visits.keys());
    const view = await reachPayment();
    expect(screen.getByText('Standard consultation')).toBeInTheDocument();
    expect(screen.getAllByText('$89.00').length).toBeGreaterThan(0);

    await applyCoupon(view.user, 'welcome10');
    expect(await screen.findByText('WELCOME10 applied: you pay $80.10.')).toBeInTheDocument();
    await addTestCard(view.user, /Test Visa ending 4242/);
    expect(screen.getByRole('radio', { name: /Visa ending 4242/ })).toBeChecked();
    await view.user.click(screen.getByRole('button', { name: 'Continue' }));

    const intakeId = intakeOf(view.router);
    const intake = db.intakes.get(intakeId)!;
    expect(intake.payment_promo_code).toBe('WELCOME10');
    expect(db.paymentSources.get(String(intake.payment_source_id))).toMatchObject({
      last4: '4242',
      _room_code: 'general',
    });
    expect(chargesFor(intakeId)).toHaveLength(0);

    await view.user.click(await screen.findByRole('checkbox', { name: 'I have read this and I agree' }));
    await view.user.click(screen.getByRole('button', { name: 'Join the waiting room' }));
    await waitFor(() => expect(view.router.state.location.pathname).toMatch(/^\/patient\/visits\//));
    expect(chargesFor(intakeId)).toEqual([expect.objectContaining({ amount: 80.1, last4: '4242' })]);
    expect(newVisits(visitsBefore)).toHaveLength(1);
    const receipt = await screen.findByRole('region', { name: 'Your payment' });
    expect(within(receipt).getByText('$80.10')).toBeInTheDocument();
    // Only the processor token ever went to the API; no card number anywhere.
    // A card number stands alone: a run of digits inside a random id (int_e1826334516041e…) is not one.
    expect(requestBodies.some((b) => b.includes('"token":"tok_visa"'))).toBe(true);
    expect(requestBodies.join('\n')).not.toMatch(/\b4242\s?4242|\b\d{13,19}\b/);
  });

  it('never lets an expired card be chosen, so it is never made the default card', async () => {
    // Cards dated from the mock's clock: January of last year has expired wherever the patient is.
    const year = new Date(mockNow()).getUTCFullYear();
    const card = (
      id: string,
      brand: string,
      last4: string,
      month: number,
      cardYear: number,
      isDefault: boolean,
    ) =>
      db.paymentSources.set(id, {
        id,
        type: 'card',
        brand,
        last4,
        exp_month: month,
        exp_year: cardYear,
        is_default: isDefault,
        _owner: SEED_USERS.patient,
        _room_code: 'general',
        _provider_id: null,
        _created: 1,
      });
    // An old default that has expired since it was made the default, and a good card.
    card('src_t_mc_old', 'Mastercard', '4444', 1, year - 1, true);
    card('src_t_visa', 'Visa', '4242', 12, year + 2, false);
    const view = await reachPayment();
    const expired = await screen.findByRole('radio', { name: /Mastercard ending 4444/ });
    expect(expired).toBeDisabled();
    expect(expired).toHaveAccessibleName(
      expect.stringContaining(`Expired 01/${year - 1}: choose another card`),
    );
    expect(screen.getByRole('radio', { name: /Visa ending 4242/ })).toBeChecked();
    await view.user.click(screen.getByRole('button', { name: 'Continue' }));
    await screen.findByRole('checkbox', { name: 'I have read this and I agree' });
    expect(db.paymentSources.get('src_t_visa')?.is_default).toBe(true);
    expect(db.paymentSources.get('src_t_mc_old')?.is_default).toBe(false);
  });

  it('says why an expired or unknown code is refused and keeps the full price', async () => {
    const view = await reachPayment();
    await applyCoupon(view.user, 'SPRING5');
    expect(await screen.findByText('That code cannot be used. This code has expired.')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Coupon code (optional)' })).toHaveValue('SPRING5');
    expect(screen.getByRole('textbox', { name: 'Coupon code (optional)' })).toHaveAccessibleDescription(
      'That code cannot be used. This code has expired.',
    );
  });

  it('a free only consultation is confirmed on the review, not asked, and nothing is charged', async () => {
    db.rooms.get('general')!.payment = {
      paymentCurrency: 'usd',
      consultations: [
        { id: 'cons_free', description: 'Free check-in', duration: 10, amount: 0, charge: false },
      ],
    };
    const visitsBefore = new Set(db.visits.keys());
    const view = renderRoute('/patient/rooms/general/intake?kind=walkin', { as: 'demo-patient' });
    await view.user.type(await screen.findByLabelText(/What would you like help with/), 'Sore throat');
    await view.user.click(screen.getByRole('button', { name: 'Continue' }));
    // Consultation and payment have one answer each: the review says them, with a way to change them.
    const review = await screen.findByRole('region', { name: 'Check your answers' });
    expect(review).toHaveTextContent('Free check-in, No charge');
    expect(review).toHaveTextContent('Nothing to pay for this visit');
    expect(within(review).getByRole('link', { name: 'Change payment' })).toBeInTheDocument();
    await view.user.click(screen.getByRole('checkbox', { name: 'I have read this and I agree' }));
    await view.user.click(screen.getByRole('button', { name: 'Join the waiting room' }));
    await waitFor(() => expect(newVisits(visitsBefore)).toHaveLength(1));
    expect(createPosts).toBe(0);
    const [visit] = newVisits(visitsBefore);
    const intake = [...db.intakes.values()].find((i) => i.visit_id === visit?.id);
    expect(intake).toMatchObject({ consultation_id: 'cons_free' });
  });

  it('a free consultation opened from the review says there is nothing to pay', async () => {
    db.rooms.get('general')!.payment = {
      paymentCurrency: 'usd',
      consultations: [
        { id: 'cons_free', description: 'Free check-in', duration: 10, amount: 0, charge: false },
      ],
    };
    const view = renderRoute('/patient/rooms/general/intake?kind=walkin', { as: 'demo-patient' });
    await view.user.type(await screen.findByLabelText(/What would you like help with/), 'Sore throat');
    await view.user.click(screen.getByRole('button', { name: 'Continue' }));
    await view.user.click(await screen.findByRole('link', { name: 'Change payment' }));
    await screen.findByRole('heading', { level: 1, name: 'Payment' });
    expect(screen.getByText('Free check-in has no charge: there is nothing to pay.')).toBeInTheDocument();
  });

  it('a declined card sends the patient back to payment with the reason, the coupon and every answer kept, and no visit', async () => {
    const visitsBefore = new Set(db.visits.keys());
    const view = await reachConsentPaid(/declined when charged/);
    await view.user.click(screen.getByRole('button', { name: 'Join the waiting room' }));
    await screen.findByRole('heading', { level: 1, name: 'Payment' });
    expect(screen.getByRole('alert')).toHaveTextContent(
      'Your card was not charged: Your card was declined. Please choose another card or add a new one.',
    );
    expect(screen.getByRole('textbox', { name: 'Coupon code (optional)' })).toHaveValue('WELCOME10');
    expect(newVisits(visitsBefore)).toHaveLength(0);
    const intakeId = intakeOf(view.router);
    expect(chargesFor(intakeId)).toHaveLength(0);
    expect(db.intakes.get(intakeId)!.reason_for_visit).toBe('Sore throat');

    // Another card, and the visit starts with one charge.
    await view.user.click(screen.getByRole('radio', { name: /Add a new card/ }));
    await addTestCard(view.user, /Test Mastercard/);
    // Every other answer is given: the payment step commits, with the review above it.
    expect(screen.getByRole('region', { name: 'Check your answers' })).toHaveTextContent('Sore throat');
    await view.user.click(screen.getByRole('button', { name: 'Join the waiting room' }));
    await waitFor(() => expect(view.router.state.location.pathname).toMatch(/^\/patient\/visits\//));
    expect(chargesFor(intakeId)).toEqual([expect.objectContaining({ last4: '4444', amount: 80.1 })]);
  });
});

describe('exactly one charge (RELIABILITY case 29)', () => {
  async function expectPaidOnce(view: { router: Router }, intakeId: string) {
    await waitFor(() => expect(view.router.state.location.pathname).toMatch(/^\/patient\/visits\//));
    expect(chargesFor(intakeId)).toHaveLength(1);
    expect(await screen.findByRole('region', { name: 'Your payment' })).toHaveTextContent('$80.10');
  }

  it('a double click on Pay charges once', async () => {
    const view = await reachConsentPaid();
    const intakeId = intakeOf(view.router);
    await view.user.dblClick(screen.getByRole('button', { name: 'Join the waiting room' }));
    await expectPaidOnce(view, intakeId);
    expect(createPosts).toBe(1);
  });

  it('Enter plus a click charges once', async () => {
    const view = await reachConsentPaid();
    const intakeId = intakeOf(view.router);
    const pay = screen.getByRole('button', { name: 'Join the waiting room' });
    pay.focus();
    await Promise.all([view.user.keyboard('{Enter}'), view.user.click(pay)]);
    await expectPaidOnce(view, intakeId);
    expect(createPosts).toBe(1);
  });

  it('a retry after the answer was lost finds the payment instead of charging again', async () => {
    let quotesAfterCharge = 0;
    let charged = false;
    server.use(
      http.post(api('/billing/invoices/process'), async ({ request }) => {
        const body = (await request.clone().json()) as { create_invoice?: number };
        if (body.create_invoice === 1 && !charged) {
          charged = true;
          createPosts += 1;
          await getResponse(handlers, request.clone());
          return HttpResponse.error();
        }
        // The check right after the lost answer fails too: the outcome stays unknown.
        if (charged && body.create_invoice !== 1 && quotesAfterCharge++ === 0) return HttpResponse.error();
        return undefined;
      }),
    );
    const view = await reachConsentPaid();
    await view.user.click(screen.getByRole('button', { name: 'Join the waiting room' }));
    await screen.findByRole('heading', { level: 1, name: 'Payment' });
    expect(screen.getByRole('alert')).toHaveTextContent(/could not confirm your payment/);
    const intakeId = intakeOf(view.router);
    expect(chargesFor(intakeId)).toHaveLength(1);

    // The other answers are given: the payment step's button commits again, and nothing is charged twice.
    await view.user.click(screen.getByRole('button', { name: 'Join the waiting room' }));
    await expectPaidOnce(view, intakeId);
    expect(createPosts).toBe(1);
  });

  it('a second tab that already paid is followed, not charged again', async () => {
    const view = await reachConsentPaid();
    const intakeId = intakeOf(view.router);
    // The other tab paid this intake first (the same call, outside this page).
    await getResponse(
      handlers,
      new Request('http://mock.test/api_v3/billing/invoices/process', {
        method: 'POST',
        headers: {
          'Content-Type': 'application/json',
          'X-AccountCode': 'demo',
          'X-ApiToken': (await import('~test/render')).sessionFor('demo-patient').token.token,
        },
        body: JSON.stringify({ intake_id: intakeId, promo_code: 'WELCOME10', create_invoice: 1 }),
      }),
    );
    expect(chargesFor(intakeId)).toHaveLength(1);
    await view.user.click(screen.getByRole('button', { name: 'Join the waiting room' }));
    await expectPaidOnce(view, intakeId);
    expect(createPosts).toBe(0);
  });

  it('a reload while the charge was on its way does not charge again', async () => {
    let hung = false;
    let dropConnection: (() => void) | null = null;
    server.use(
      http.post(api('/billing/invoices/process'), async ({ request }) => {
        const body = (await request.clone().json()) as { create_invoice?: number };
        if (body.create_invoice !== 1 || hung) return undefined;
        hung = true;
        createPosts += 1;
        await getResponse(handlers, request.clone());
        // The answer has not come when the patient reloads; the reload drops the connection.
        return new Promise<Response>((resolve) => {
          dropConnection = () => resolve(HttpResponse.error());
        });
      }),
    );
    const first = await reachConsentPaid();
    const intakeId = intakeOf(first.router);
    const consentUrl = `${first.router.state.location.pathname}${first.router.state.location.search}`;
    await first.user.click(screen.getByRole('button', { name: 'Join the waiting room' }));
    await waitFor(() => expect(chargesFor(intakeId)).toHaveLength(1));
    first.unmount();
    (dropConnection as (() => void) | null)?.();

    const utils = renderRoute(consentUrl, { as: 'demo-patient' });
    await utils.user.click(await screen.findByRole('button', { name: 'Join the waiting room' }));
    await expectPaidOnce(utils, intakeId);
    expect(createPosts).toBe(1);
  });
});
