import { QueryClient } from '@tanstack/react-query';
import { beforeEach, describe, expect, it } from 'vitest';
import { configureAuth } from '@telehealth/client/http';
import { realmLocks } from '@/lib/session/locks';
import { MemoryStorage, privateChannel } from '@/lib/session/test-support';
import { db, nextId, nowSeconds } from '@telehealth/mock/db';
import { chargesFor } from '@telehealth/mock/handlers/billing';
import { serveOnSpecTerms, type SpecTermsServer } from '~test/payments';
import { sessionFor } from '~test/render';
import { chargeIntakeOnce, continueWithoutCharging, PaymentNotMade, PaymentUnconfirmed } from './charge';
import { ChargeMemory } from './charge-memory';
import { SEED_USERS } from '@telehealth/mock/seed/ids';

const UNCONFIRMED =
  'We could not confirm whether your payment went through. To be safe we will not charge again from here. ' +
  'Continue to book — the clinic will match your payment — or contact the clinic.';

let intakeId = '';
let spec: SpecTermsServer;
let channel = '';

/** One tab of the portal: its own sessionStorage (given, to simulate a reload), the browser's channel and locks. */
function tab(storage = new MemoryStorage()) {
  const memory = new ChargeMemory({ storage, channelName: channel, locks: realmLocks, peerWaitMs: 100 });
  return { memory, storage, pay: () => chargeIntakeOnce(new QueryClient(), intakeId, 'WELCOME10', memory) };
}

function addCard(id: string, declines = false) {
  db.paymentSources.set(id, {
    id,
    type: 'card',
    brand: 'Visa',
    last4: declines ? '0002' : '4242',
    exp_month: 12,
    exp_year: new Date().getFullYear() + 2,
    is_default: true,
    _owner: SEED_USERS.patient,
    _room_code: 'general',
    _provider_id: null,
    _created: nowSeconds(),
    ...(declines ? { _declines: true } : {}),
  });
}

beforeEach(() => {
  const token = sessionFor('demo-patient').token.token;
  configureAuth({
    getAccessToken: () => Promise.resolve(token),
    refreshAfterUnauthorized: () => Promise.reject(new Error('no refresh')),
    onSessionRejected: () => undefined,
    getAdminToken: () => null,
  });
  channel = privateChannel();
  intakeId = nextId('int');
  // The intake as a spec server holds it: no custom fields (the consultation is the clinic's price).
  db.intakes.set(intakeId, {
    id: intakeId,
    created: nowSeconds(),
    room_code: 'general',
    member_id: SEED_USERS.patient,
    _owner: SEED_USERS.patient,
  });
  addCard('src_test');
  spec = serveOnSpecTerms();
});

describe('at most one charge on the spec’s terms (no paid, invoice_id or charge in answers)', () => {
  it('a double click shares one attempt: one charge', async () => {
    const { pay } = tab();
    const [a, b] = await Promise.all([pay(), pay()]);
    expect(a).toBe(b);
    expect(a).toMatchObject({ amount_due: 80.1 });
    expect(a.paid).toBeUndefined();
    expect(spec.chargeRequests).toBe(1);
    expect(chargesFor(intakeId)).toHaveLength(1);
  });

  it('a lost answer is never charged again: the patient is told plainly, and going on charges nothing', async () => {
    const here = tab();
    spec.loseNextChargeAnswer('error');
    const first = here.pay();
    await expect(first).rejects.toBeInstanceOf(PaymentUnconfirmed);
    await expect(first).rejects.toThrow(UNCONFIRMED);
    expect(chargesFor(intakeId)).toHaveLength(1);

    // Pressing on again before choosing: told again, still nothing sent.
    await expect(here.pay()).rejects.toThrow(UNCONFIRMED);
    expect(spec.chargeRequests).toBe(1);

    // Told, the patient goes on: the visit may be made, and nothing is charged.
    continueWithoutCharging(intakeId, here.memory);
    await expect(here.pay()).resolves.toMatchObject({ amount_due: 80.1 });
    expect(spec.chargeRequests).toBe(1);
    expect(chargesFor(intakeId)).toHaveLength(1);
  });

  it('a reload finds the charge sent before it and never charges again', async () => {
    const before = tab();
    const { drop } = spec.loseNextChargeAnswer('hang');
    const pending = before.pay();
    await expect.poll(() => chargesFor(intakeId)).toHaveLength(1);
    // Reload: the page is gone (its request dropped), sessionStorage stays.
    before.memory.close();
    drop();
    await expect(pending).rejects.toBeInstanceOf(PaymentUnconfirmed);

    const after = tab(before.storage);
    await expect(after.pay()).rejects.toThrow(UNCONFIRMED);
    expect(spec.chargeRequests).toBe(1);
    expect(chargesFor(intakeId)).toHaveLength(1);
  });

  it('a successful charge is not repeated by a later attempt (a retry after the visit failed)', async () => {
    const here = tab();
    await here.pay();
    expect(here.memory.get(intakeId)).toMatchObject({ state: 'paid', amountDue: 80.1, currency: 'usd' });
    await expect(tab(here.storage).pay()).resolves.toMatchObject({ amount_due: 80.1 });
    expect(spec.chargeRequests).toBe(1);
    expect(chargesFor(intakeId)).toHaveLength(1);
  });

  it('two tabs paying at the same time leave one charge', async () => {
    const a = tab();
    const b = tab();
    await Promise.all([a.pay(), b.pay()]);
    expect(spec.chargeRequests).toBe(1);
    expect(chargesFor(intakeId)).toHaveLength(1);
  });

  it('a tab opened after the charge asks the open tabs and never charges again', async () => {
    const first = tab();
    spec.loseNextChargeAnswer('error');
    await expect(first.pay()).rejects.toBeInstanceOf(PaymentUnconfirmed);

    const second = tab();
    expect(second.memory.get(intakeId)).toBeNull();
    await expect(second.pay()).rejects.toThrow(UNCONFIRMED);
    expect(second.memory.get(intakeId)).toMatchObject({ state: 'sent' });
    expect(spec.chargeRequests).toBe(1);
    expect(chargesFor(intakeId)).toHaveLength(1);
  });

  it('a tab that heard of the charge keeps it across its own reload', async () => {
    const first = tab();
    const second = tab();
    await first.pay();
    await expect.poll(() => second.memory.get(intakeId)?.state).toBe('paid');
    first.memory.close();
    await tab(second.storage).pay();
    expect(spec.chargeRequests).toBe(1);
    expect(chargesFor(intakeId)).toHaveLength(1);
  });

  it('a refused card leaves no record: the patient pays again with another card, once', async () => {
    db.paymentSources.get('src_test')!._declines = true;
    const here = tab();
    const other = tab();
    const refused = here.pay();
    await expect(refused).rejects.toBeInstanceOf(PaymentNotMade);
    await expect(refused).rejects.toThrow('Your card was not charged: Your card was declined.');
    expect(chargesFor(intakeId)).toHaveLength(0);
    expect(here.memory.get(intakeId)).toBeNull();
    await expect.poll(() => other.memory.get(intakeId)).toBeNull();

    db.paymentSources.get('src_test')!._declines = false;
    await expect(here.pay()).resolves.toMatchObject({ amount_due: 80.1 });
    expect(spec.chargeRequests).toBe(2);
    expect(chargesFor(intakeId)).toHaveLength(1);
  });
});
