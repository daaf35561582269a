import { describe, expect, it, vi } from 'vitest';
import { db, nextId, type UserRecord } from '@telehealth/mock/db';
import { issuePair } from '@telehealth/mock/lib/auth';
import { sessionFor, type PersonaCode } from '../../render';
import { chargesFor } from '@telehealth/mock/handlers/billing';
import { SEED_CARDS, SEED_CONSULTATIONS, SEED_INTAKES, SEED_USERS } from '@telehealth/mock/seed/ids';
import { buildIntake } from '../../builders';

const API = 'http://mock.test/api_v3';
type Body = { data?: unknown; code?: number; message?: string; decline_code?: string };

async function call(
  method: string,
  path: string,
  options: { as?: PersonaCode | null; json?: unknown; account?: boolean } = {},
) {
  const who = options.as === undefined ? 'demo-patient' : options.as;
  const headers: Record<string, string> = {};
  if (who) headers['X-ApiToken'] = sessionFor(who).token.token;
  if (options.account !== false) headers['X-AccountCode'] = 'demo';
  let body: string | undefined;
  if (options.json !== undefined) {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(options.json);
  }
  const response = await fetch(`${API}${path}`, { method, headers, body });
  return { status: response.status, body: (await response.json()) as Body };
}

/** An intake of Casey's in `general` with the $89 consultation chosen. */
function intake(
  consultation: string = SEED_CONSULTATIONS.generalStandard,
  extra: Record<string, unknown> = {},
): string {
  const id = nextId('int');
  db.intakes.set(id, buildIntake({ id, consultation, ...extra }));
  return id;
}

const addCard = (token: string, room = 'general') =>
  call('POST', `/billing/sources?room_code=${room}`, { json: { type: 'card', token } });

describe('billing settings and auth', () => {
  it('gives the test publishable key to a signed-in user only', async () => {
    const good = await call('GET', '/billing/settings');
    expect(good.body.data).toEqual({
      stripe: { publishable_key: expect.stringMatching(/^pk_test_/) as string },
    });
    expect((await call('GET', '/billing/settings', { as: null })).body).toMatchObject({ code: 401 });
    expect((await call('GET', '/billing/settings', { account: false })).status).toBe(400);
  });
});

describe('payment sources', () => {
  it('derives brand and last4 from the test token and makes the first card of a scope the default', async () => {
    const first = await addCard('tok_amex');
    expect(first.body.data).toMatchObject({ brand: 'American Express', last4: '8431', is_default: true });
    const second = await addCard('tok_mastercard');
    expect(second.body.data).toMatchObject({ brand: 'Mastercard', last4: '4444', is_default: false });
    const list = await call('GET', '/billing/sources?room_code=general&type=card');
    expect((list.body.data as { last4: string }[]).map((s) => s.last4)).toEqual(['4444', '8431']);
    // Another room is another scope.
    const other = await call('GET', '/billing/sources?room_code=pediatrics');
    expect(other.body.data).toEqual([]);
  });

  it('refuses unknown tokens, a missing room and a missing token', async () => {
    expect((await addCard('4242424242424242')).body).toMatchObject({
      code: 400,
      message: expect.stringContaining('No such token') as string,
    });
    expect(
      (await call('POST', '/billing/sources', { json: { type: 'card', token: 'tok_visa' } })).body.message,
    ).toBe('room_code is required');
    expect(
      (await call('POST', '/billing/sources?room_code=general', { json: { type: 'card' } })).body.message,
    ).toBe('token is required');
  });

  it('keeps one default per scope and promotes another card when the default is removed', async () => {
    const a = (await addCard('tok_visa')).body.data as { id: string };
    const b = (await addCard('tok_mastercard')).body.data as { id: string };
    await call('PUT', `/billing/sources/${b.id}`, { json: { is_default: true } });
    expect(db.paymentSources.get(a.id)?.is_default).toBe(false);
    expect(db.paymentSources.get(b.id)?.is_default).toBe(true);
    expect((await call('PUT', `/billing/sources/${b.id}`, { json: { is_default: false } })).status).toBe(400);
    expect((await call('DELETE', `/billing/sources/${b.id}`)).body).toEqual({ data: [] });
    expect(db.paymentSources.get(a.id)?.is_default).toBe(true);
  });

  it('never makes an expired card the default: 400 with the reason, and the stored cards stay as they were', async () => {
    // A fixed day (15 March 2030): the expired card's month is the one before, the valid one's is this one.
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2030-03-15T12:00:00Z'));
    const card = (id: string, exp_month: number, is_default: boolean, created: number) =>
      db.paymentSources.set(id, {
        id,
        type: 'card',
        brand: 'Visa',
        last4: id.slice(-4),
        exp_month,
        exp_year: 2030,
        is_default,
        _owner: SEED_USERS.patient,
        _room_code: 'general',
        _provider_id: null,
        _created: created,
      });
    card('src_test_0001', 3, true, 1);
    card('src_test_0002', 2, false, 2);
    const before = structuredClone([...db.paymentSources.values()]);

    const refused = await call('PUT', '/billing/sources/src_test_0002', {
      json: { is_default: true, room_code: 'general' },
    });
    expect(refused.status).toBe(400);
    expect(refused.body).toEqual({
      code: 400,
      message:
        'This card expired in 02/2030 and cannot be the default card. Add a card that is still valid and make that one the default.',
    });
    expect([...db.paymentSources.values()]).toEqual(before);

    // Removing the default does not promote the expired card either; the next new card becomes the default.
    expect((await call('DELETE', '/billing/sources/src_test_0001')).status).toBe(200);
    expect(db.paymentSources.get('src_test_0002')?.is_default).toBe(false);
    const added = (await addCard('tok_visa')).body.data as { id: string; is_default: boolean };
    expect(added.is_default).toBe(true);
    expect(db.paymentSources.get('src_test_0002')?.is_default).toBe(false);
  });

  it("hides another patient's card", async () => {
    expect(
      (await call('GET', `/billing/sources/${SEED_CARDS.caseyVisa}`, { as: 'demo-patient-2' })).status,
    ).toBe(404);
    expect(
      (await call('DELETE', `/billing/sources/${SEED_CARDS.caseyVisa}`, { as: 'demo-patient-2' })).status,
    ).toBe(404);
    expect(db.paymentSources.has(SEED_CARDS.caseyVisa)).toBe(true);
  });
});

describe('POST /billing/invoices/process', () => {
  it('quotes the consultation with WELCOME10 and says why other codes are refused', async () => {
    const id = intake();
    const quote = await call('POST', '/billing/invoices/process', {
      json: { intake_id: id, promo_code: 'welcome10' },
    });
    expect(quote.body.data).toMatchObject({
      currency: 'usd',
      consultation: { id: SEED_CONSULTATIONS.generalStandard, amount: 89 },
      coupon: { id: 'WELCOME10', percent_off: 10, valid: true },
      amount_due: 80.1,
      paid: false,
    });
    const expired = await call('POST', '/billing/invoices/process', {
      json: { intake_id: id, promo_code: 'SPRING5' },
    });
    expect(expired.body.data).toMatchObject({
      coupon: { valid: false, message: 'This code has expired.' },
      amount_due: 89,
    });
    const unknown = await call('POST', '/billing/invoices/process', {
      json: { intake_id: id, promo_code: 'NOPE' },
    });
    expect(unknown.body.data).toMatchObject({ coupon: { valid: false }, amount_due: 89 });
    expect(chargesFor(id)).toHaveLength(0);
  });

  it('charges the default card once; a second create_invoice returns the same charge', async () => {
    const id = intake();
    await addCard('tok_visa');
    const first = await call('POST', '/billing/invoices/process', {
      json: { intake_id: id, promo_code: 'WELCOME10', create_invoice: 1 },
    });
    expect(first.body.data).toMatchObject({
      paid: true,
      amount_due: 80.1,
      charge: { last4: '4242', amount: 80.1 },
    });
    const again = await call('POST', '/billing/invoices/process', {
      json: { intake_id: id, create_invoice: 1 },
    });
    expect(again.body.data).toEqual(first.body.data);
    const quote = await call('POST', '/billing/invoices/process', { json: { intake_id: id } });
    expect(quote.body.data).toMatchObject({ paid: true });
    expect(chargesFor(id)).toHaveLength(1);
  });

  it('refuses tok_chargeDeclined at charge time with a processor-style message and charges nothing', async () => {
    const id = intake();
    await addCard('tok_chargeDeclined');
    const refused = await call('POST', '/billing/invoices/process', {
      json: { intake_id: id, create_invoice: 1 },
    });
    expect(refused.status).toBe(402);
    expect(refused.body).toMatchObject({
      code: 402,
      message: 'Your card was declined.',
      decline_code: 'generic_decline',
    });
    expect(chargesFor(id)).toHaveLength(0);
  });

  it('charges the card saved on the intake and refuses an expired one', async () => {
    const id = intake(SEED_CONSULTATIONS.afterHours, {
      room_code: 'after-hours',
      payment_source_id: SEED_CARDS.caseyExpired,
    });
    const refused = await call('POST', '/billing/invoices/process', {
      json: { intake_id: id, create_invoice: 1 },
    });
    expect(refused.body).toMatchObject({ code: 402, message: 'Your card has expired.' });
    db.intakes.get(id)!.payment_source_id = SEED_CARDS.caseyVisa;
    const paid = await call('POST', '/billing/invoices/process', {
      json: { intake_id: id, create_invoice: 1 },
    });
    expect(paid.body.data).toMatchObject({ paid: true, amount_due: 99, charge: { last4: '4242' } });
  });

  it('passes a free consultation without a card and refuses a stranger', async () => {
    const free = nextId('int');
    db.intakes.set(free, {
      id: free,
      room_code: 'pediatrics',
      member_id: SEED_USERS.patient,
      _owner: SEED_USERS.patient,
      consultation_id: SEED_CONSULTATIONS.peds,
    });
    const paid = await call('POST', '/billing/invoices/process', {
      json: { intake_id: free, create_invoice: 1 },
    });
    expect(paid.body.data).toMatchObject({ paid: true, amount_due: 0 });
    const stranger = await call('POST', '/billing/invoices/process', {
      as: 'demo-patient-2',
      json: { intake_id: intake(), create_invoice: 1 },
    });
    expect(stranger.status).toBe(404);
    expect((await call('POST', '/billing/invoices/process', { json: {} })).body.message).toBe(
      'intake_id is required',
    );
  });

  it('lets staff read a paid intake but never charge it', async () => {
    const id = intake();
    await addCard('tok_visa');
    expect(
      (
        await call('POST', '/billing/invoices/process', {
          as: 'demo-provider',
          json: { intake_id: id, create_invoice: 1 },
        })
      ).status,
    ).toBe(404);
    await call('POST', '/billing/invoices/process', { json: { intake_id: id, create_invoice: 1 } });
    const read = await call('POST', '/billing/invoices/process', {
      as: 'demo-provider',
      json: { intake_id: id },
    });
    expect(read.body.data).toMatchObject({ paid: true, amount_due: 89 });
    expect(chargesFor(id)).toHaveLength(1);
  });
});

describe('invoices belong to their clinic', () => {
  /** A provider of the `demo-quick` clinic only, as the SSO would create one. */
  function quickProviderToken(): string {
    const base = db.users.get(SEED_USERS.provider) as UserRecord;
    db.users.set('usr_quick_provider', {
      ...base,
      id: 'usr_quick_provider',
      code: 'quick-provider',
      email: 'quick-provider@example.test',
      account_code: 'demo-quick',
      clinics: ['demo-quick'],
      rooms: [],
    });
    return issuePair('usr_quick_provider').access.token;
  }

  async function process(token: string, account: string, json: unknown) {
    const response = await fetch(`${API}/billing/invoices/process`, {
      method: 'POST',
      headers: { 'X-ApiToken': token, 'X-AccountCode': account, 'Content-Type': 'application/json' },
      body: JSON.stringify(json),
    });
    return { status: response.status, body: (await response.json()) as Body };
  }

  it('answers another clinic exactly as it answers an intake that does not exist', async () => {
    // Casey's seeded appointment in `demo` was paid (seed/billing.ts).
    expect(chargesFor(SEED_INTAKES.upcoming)).toHaveLength(1);
    const token = quickProviderToken();
    const foreign = await process(token, 'demo-quick', { intake_id: SEED_INTAKES.upcoming });
    const missing = await process(token, 'demo-quick', { intake_id: 'int_does_not_exist' });
    expect(foreign).toEqual({ status: 404, body: { code: 404, message: 'Intake not found' } });
    expect(foreign).toEqual(missing);
    // Nor can it charge there.
    const charge = await process(token, 'demo-quick', { intake_id: intake(), create_invoice: 1 });
    expect(charge).toEqual(missing);

    // The patient too reads the invoice only in the clinic of its intake.
    const casey = sessionFor('demo-patient').token.token;
    expect(await process(casey, 'demo-quick', { intake_id: SEED_INTAKES.upcoming })).toEqual(missing);
    expect((await process(casey, 'demo', { intake_id: SEED_INTAKES.upcoming })).body.data).toMatchObject({
      paid: true,
    });
    expect(chargesFor(SEED_INTAKES.upcoming)).toHaveLength(1);
  });
});
