import { QueryClient } from '@tanstack/react-query';
import { delay, getResponse, http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { db, nextId, nowSeconds } from '@telehealth/mock/db';
import { billingHandlers, chargesFor } from '@telehealth/mock/handlers/billing';
import { api } from '@telehealth/mock/lib/routes';
import { server } from '@telehealth/mock/node';
import { sessionFor } from '~test/render';
import type * as ChargeExports from './charge';
import { SEED_USERS } from '@telehealth/mock/seed/ids';

type ChargeModule = typeof ChargeExports;

/** A fresh copy of the module: another tab, or the same tab after a reload. */
async function freshTab(): Promise<ChargeModule> {
  vi.resetModules();
  const fresh = await import('./charge');
  // The new page's own HTTP layer, started and signed in like the old one.
  (await import('@/api/portal-client')).configurePortalClient();
  (await import('@telehealth/client/http')).configureAuth(auth());
  return fresh;
}

const auth = () => {
  const token = sessionFor('demo-patient').token.token;
  return {
    getAccessToken: () => Promise.resolve(token),
    refreshAfterUnauthorized: () => Promise.reject(new Error('no refresh')),
    onSessionRejected: () => undefined,
    getAdminToken: () => null,
  };
};

let createPosts = 0;
let intakeId = '';

beforeEach(() => {
  createPosts = 0;
  intakeId = nextId('int');
  db.intakes.set(intakeId, {
    id: intakeId,
    created: nowSeconds(),
    room_code: 'general',
    member_id: SEED_USERS.patient,
    _owner: SEED_USERS.patient,
    consultation_id: 'cons_general_30',
    payment_promo_code: 'WELCOME10',
  });
  db.paymentSources.set('src_test', {
    id: 'src_test',
    type: 'card',
    brand: 'Visa',
    last4: '4242',
    exp_month: 12,
    exp_year: new Date().getFullYear() + 2,
    is_default: true,
    _owner: SEED_USERS.patient,
    _room_code: 'general',
    _provider_id: null,
    _created: nowSeconds(),
  });
  // Counts charge attempts, then lets the real handler answer.
  server.use(
    http.post(api('/billing/invoices/process'), async ({ request }) => {
      const body = (await request.clone().json()) as { create_invoice?: number };
      if (body.create_invoice === 1) createPosts += 1;
      return undefined;
    }),
  );
});

/** The server records the charge, then the answer never arrives (`mode`: dropped or hanging). */
function loseTheFirstAnswer(mode: 'error' | 'hang') {
  let lost = false;
  server.use(
    http.post(api('/billing/invoices/process'), async ({ request }) => {
      const body = (await request.clone().json()) as { create_invoice?: number };
      if (body.create_invoice !== 1 || lost) return undefined;
      lost = true;
      createPosts += 1;
      await getResponse(billingHandlers, request);
      if (mode === 'hang') await delay('infinite');
      return HttpResponse.error();
    }),
  );
}

const client = () => new QueryClient();

describe('chargeIntakeOnce (RELIABILITY case 29)', () => {
  it('charges once for a double click: both calls share one attempt', async () => {
    const { chargeIntakeOnce } = await freshTab();
    const qc = client();
    const [a, b] = await Promise.all([
      chargeIntakeOnce(qc, intakeId, 'WELCOME10'),
      chargeIntakeOnce(qc, intakeId, 'WELCOME10'),
    ]);
    expect(a).toBe(b);
    expect(a).toMatchObject({ paid: true, amount_due: 80.1 });
    expect(createPosts).toBe(1);
    expect(chargesFor(intakeId)).toHaveLength(1);
  });

  it('resolves a lost answer by asking, never by charging again', async () => {
    loseTheFirstAnswer('error');
    const { chargeIntakeOnce } = await freshTab();
    const result = await chargeIntakeOnce(client(), intakeId, 'WELCOME10');
    expect(result).toMatchObject({ paid: true, charge: { last4: '4242', amount: 80.1 } });
    expect(createPosts).toBe(1);
    expect(chargesFor(intakeId)).toHaveLength(1);
  });

  it('a retry after a lost answer that could not be confirmed finds the payment instead of paying again', async () => {
    loseTheFirstAnswer('error');
    // The check after the lost answer fails too (still offline).
    let quotes = 0;
    server.use(
      http.post(api('/billing/invoices/process'), async ({ request }) => {
        const body = (await request.clone().json()) as { create_invoice?: number };
        if (body.create_invoice === 1) return undefined;
        quotes += 1;
        return quotes === 2 ? HttpResponse.error() : undefined;
      }),
    );
    const { chargeIntakeOnce, PaymentNotMade } = await freshTab();
    const first = chargeIntakeOnce(client(), intakeId, 'WELCOME10');
    await expect(first).rejects.toBeInstanceOf(PaymentNotMade);
    await expect(first).rejects.toThrow(/could not confirm your payment/);
    // The patient presses Pay again.
    const retry = await chargeIntakeOnce(client(), intakeId, 'WELCOME10');
    expect(retry).toMatchObject({ paid: true });
    expect(createPosts).toBe(1);
    expect(chargesFor(intakeId)).toHaveLength(1);
  });

  it('a second tab paying the same intake at the same time leaves one charge', async () => {
    const tabA = await freshTab();
    const tabB = await freshTab();
    expect(tabA.chargeIntakeOnce).not.toBe(tabB.chargeIntakeOnce);
    const [a, b] = await Promise.all([
      tabA.chargeIntakeOnce(client(), intakeId, 'WELCOME10'),
      tabB.chargeIntakeOnce(client(), intakeId, 'WELCOME10'),
    ]);
    expect(a).toMatchObject({ paid: true });
    expect(b).toMatchObject({ paid: true, invoice_id: a.invoice_id });
    expect(chargesFor(intakeId)).toHaveLength(1);
  });

  it('after a reload mid-charge, the next attempt finds the payment and sends no charge', async () => {
    loseTheFirstAnswer('hang');
    const before = await freshTab();
    void before.chargeIntakeOnce(client(), intakeId, 'WELCOME10');
    await vi.waitFor(() => expect(chargesFor(intakeId)).toHaveLength(1));
    // Reload: the old page is gone, a new one starts.
    const after = await freshTab();
    const result = await after.chargeIntakeOnce(client(), intakeId, 'WELCOME10');
    expect(result).toMatchObject({ paid: true });
    expect(createPosts).toBe(1);
    expect(chargesFor(intakeId)).toHaveLength(1);
  });

  it('turns a declined card into the processor’s reason in plain words and charges nothing', async () => {
    db.paymentSources.get('src_test')!._declines = true;
    const { chargeIntakeOnce, PaymentNotMade } = await freshTab();
    const attempt = chargeIntakeOnce(client(), intakeId, 'WELCOME10');
    await expect(attempt).rejects.toBeInstanceOf(PaymentNotMade);
    await expect(attempt).rejects.toThrow(
      'Your card was not charged: Your card was declined. Please choose another card or add a new one.',
    );
    expect(chargesFor(intakeId)).toHaveLength(0);
  });

  it('passes a free consultation without charging', async () => {
    db.intakes.get(intakeId)!.room_code = 'pediatrics';
    db.intakes.get(intakeId)!.consultation_id = 'cons_peds_20';
    const { chargeIntakeOnce } = await freshTab();
    const result = await chargeIntakeOnce(client(), intakeId, undefined);
    expect(result).toMatchObject({ amount_due: 0, paid: false });
    expect(createPosts).toBe(0);
  });
});
