import { afterEach, describe, expect, it, vi } from 'vitest';
import { db } from '@telehealth/mock/db';
import { sessionFor } from '../../render';
import { advanceMockClock } from '@telehealth/mock/lib/clock';
import { insuranceMockConfig, INSURANCE_MOCK_DEFAULTS } from '@telehealth/mock/handlers/insurance';
import { SEED_USERS, seedQueuePatient } from '@telehealth/mock/seed/ids';

const API = 'http://mock.test/api_v3';

async function call(
  method: string,
  path: string,
  options: { token?: string | null; json?: unknown; account?: string | null } = {},
) {
  const token = options.token === undefined ? sessionFor('demo-patient').token.token : options.token;
  const account = options.account === undefined ? 'demo' : options.account;
  const response = await fetch(`${API}${path}`, {
    method,
    headers: {
      ...(token ? { 'X-ApiToken': token } : {}),
      ...(account ? { 'X-AccountCode': account } : {}),
      ...(options.json !== undefined ? { 'Content-Type': 'application/json' } : {}),
    },
    body: options.json !== undefined ? JSON.stringify(options.json) : undefined,
  });
  const text = await response.text();
  return {
    status: response.status,
    retryAfter: response.headers.get('Retry-After'),
    text,
    body: (text ? JSON.parse(text) : null) as {
      data?: unknown;
      version?: string;
      code?: number;
      message?: string;
    } | null,
  };
}

const ADMIN = 'demo-admin-token';

afterEach(() => {
  Object.assign(insuranceMockConfig, INSURANCE_MOCK_DEFAULTS);
  vi.useRealTimers();
});

describe('insurance cards mock (spec 4.8)', () => {
  it('answers with version 2.0 beside data and stores a card under its type', async () => {
    expect(await call('GET', `/users/${SEED_USERS.patient}/insurances`)).toMatchObject({
      status: 200,
      body: { data: [], version: '2.0' },
    });
    const saved = await call('POST', `/users/${SEED_USERS.patient}/insurances/primary`, {
      json: { insurer_code: 'INS0001', subscriber_number: 'ABC-123', guarantor_state: 'ny', consent: true },
    });
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({
      version: '2.0',
      data: { card_type: 'primary', insurer_code: 'INS0001', guarantor_state: 'NY', consent: true },
    });
    expect(db.insuranceCards.get(`${SEED_USERS.patient}:primary`)).toMatchObject({
      subscriber_number: 'ABC-123',
    });
    const one = await call('GET', `/users/${SEED_USERS.patient}/insurances/primary`);
    expect(one.body).toMatchObject({ version: '2.0', data: { subscriber_number: 'ABC-123' } });
  });

  it('accepts the subscriber_num alias on update', async () => {
    await call('POST', `/users/${SEED_USERS.patient}/insurances/secondary`, {
      json: { insurer_code: 'C10001', subscriber_num: 'ALIAS-9' },
    });
    expect(db.insuranceCards.get(`${SEED_USERS.patient}:secondary`)?.subscriber_number).toBe('ALIAS-9');
  });

  it('refuses a card type other than primary or secondary, naming the field', async () => {
    for (const method of ['GET', 'POST', 'DELETE']) {
      const res = await call(method, `/users/${SEED_USERS.patient}/insurances/tertiary`, {
        json: method === 'POST' ? { subscriber_number: 'ABC-123' } : undefined,
      });
      expect(res.status).toBe(400);
      expect(res.body?.message).toMatch(/^card_type: /);
    }
  });

  it.each([
    ['insurer_code', 'NOPE', /^insurer_code: /],
    ['insurer_code', '', /^insurer_code: /],
    ['subscriber_number', 'a!', /^subscriber_number: /],
    ['group_number', 'G 1', /^group_number: /],
    ['guarantor_first_name', 'x'.repeat(101), /^guarantor_first_name: /],
    ['guarantor_dob', '1990-02-30', /^guarantor_dob: must be a date/],
    ['guarantor_dob', '2999-01-01', /^guarantor_dob: cannot be in the future/],
    ['guarantor_gender', 7, /^guarantor_gender: /],
    ['guarantor_zip', '1234', /^guarantor_zip: /],
    ['guarantor_state', 'New York', /^guarantor_state: /],
    ['consent', 'yes', /^consent: /],
    ['plan_name', 'Gold', /^plan_name: is not a card field/],
  ])('refuses %s = %j with a message that names the field', async (field, value, message) => {
    const res = await call('POST', `/users/${SEED_USERS.patient}/insurances/primary`, {
      json: { [field]: value },
    });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: 400 });
    expect(res.body?.message).toMatch(message);
    expect(db.insuranceCards.has(`${SEED_USERS.patient}:primary`)).toBe(false);
  });

  it('deletes with 204 and no body, then 404', async () => {
    const res = await call('DELETE', `/users/${seedQueuePatient(1)}/insurances/secondary`, { token: ADMIN });
    expect(res).toMatchObject({ status: 204, text: '' });
    expect(db.insuranceCards.has(`${seedQueuePatient(1)}:secondary`)).toBe(false);
    expect(
      (await call('DELETE', `/users/${seedQueuePatient(1)}/insurances/secondary`, { token: ADMIN })).status,
    ).toBe(404);
  });

  it('binds access to the patient and the clinic', async () => {
    // A patient reads only their own cards.
    expect((await call('GET', `/users/${seedQueuePatient(1)}/insurances`)).status).toBe(403);
    expect((await call('GET', '/users/-/insurances')).status).toBe(200);
    // The admin token and clinic staff read patients of their clinic.
    const admin = await call('GET', `/users/${seedQueuePatient(1)}/insurances`, { token: ADMIN });
    expect((admin.body?.data as unknown[]).length).toBe(2);
    const provider = sessionFor('demo-provider').token.token;
    expect((await call('GET', `/users/${seedQueuePatient(1)}/insurances`, { token: provider })).status).toBe(
      200,
    );
    // Another clinic's user, or no token at all.
    db.users.set('usr_elsewhere', {
      ...db.users.get(seedQueuePatient(3))!,
      id: 'usr_elsewhere',
      account_code: 'other',
      clinics: ['other'],
    });
    expect((await call('GET', '/users/usr_elsewhere/insurances', { token: ADMIN })).status).toBe(404);
    expect((await call('GET', `/users/${SEED_USERS.patient}/insurances`, { token: null })).status).toBe(401);
  });
});

describe('insurance import (spec 4.8, section 8)', () => {
  const path = `/users/${seedQueuePatient(1)}/insurances/import`;

  it('overwrites existing cards of the given types and keeps the others', async () => {
    const res = await call('POST', path, {
      token: ADMIN,
      json: { insurances: [{ card_type: 'primary', insurer_code: 'INS0002', subscriber_number: 'NEW-1' }] },
    });
    expect(res.status).toBe(200);
    expect(res.body?.version).toBe('2.0');
    const primary = db.insuranceCards.get(`${seedQueuePatient(1)}:primary`);
    expect(primary).toMatchObject({ insurer_code: 'INS0002', subscriber_number: 'NEW-1' });
    // Overwritten, not merged: the old guarantor is gone.
    expect(primary?.guarantor_first_name).toBeNull();
    expect(db.insuranceCards.get(`${seedQueuePatient(1)}:secondary`)?.subscriber_number).toBe('SEC-7781');
  });

  it.each([
    [{}, /^insurances: is required/],
    [{ insurances: 'x' }, /^insurances: must be an array/],
    [{ insurances: [] }, /^insurances: must hold at least one/],
    [
      { insurances: [{ card_type: 'primary' }, { card_type: 'secondary' }, { card_type: 'primary' }] },
      /^insurances: holds at most 2/,
    ],
    [
      { insurances: [{ card_type: 'primary' }, { card_type: 'primary' }] },
      /^insurances: holds more than one primary/,
    ],
    [{ insurances: [{ card_type: 'dental' }] }, /^insurances\.0\.card_type: /],
    [
      {
        insurances: [
          { card_type: 'primary', insurer_code: 'INS0002' },
          { card_type: 'secondary', guarantor_zip: 'x' },
        ],
      },
      /^insurances\.1\.guarantor_zip: /,
    ],
  ])('refuses %j and changes nothing', async (json, message) => {
    const before = structuredClone(db.insuranceCards.get(`${seedQueuePatient(1)}:primary`));
    const res = await call('POST', path, { token: ADMIN, json });
    expect(res.status).toBe(400);
    expect(res.body?.message).toMatch(message);
    expect(db.insuranceCards.get(`${seedQueuePatient(1)}:primary`)).toEqual(before);
  });
});

describe('eligibility mock (spec 4.8, RELIABILITY case 43)', () => {
  it('starts a pending job, answers 429 inside the window naming the earlier start, then allows a new one', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-22T14:00:00Z'));
    const check = `/users/${seedQueuePatient(1)}/insurances/primary/eligibility/check`;
    const first = await call('POST', check, { token: ADMIN });
    expect(first.body?.data).toMatchObject({ status: 'pending' });
    const jobId = (first.body?.data as { job_id: string }).job_id;
    vi.setSystemTime(new Date('2026-11-22T14:00:30Z'));
    const again = await call('POST', check, { token: ADMIN });
    expect(again.status).toBe(429);
    expect(again.body).toMatchObject({ code: 429 });
    expect(again.body?.message).toContain('started at 2026-11-22T14:00:00Z');
    expect(again.retryAfter).toBe(String(INSURANCE_MOCK_DEFAULTS.eligibilityWindowSeconds - 30));
    const status = await call('GET', `/users/${seedQueuePatient(1)}/insurances/primary/eligibility`, {
      token: ADMIN,
    });
    expect(status.body?.data).toEqual({ job_id: jobId, status: 'pending' });
    vi.setSystemTime(new Date('2026-11-22T14:02:00Z'));
    const later = await call('POST', check, { token: ADMIN });
    expect(later.status).toBe(200);
    expect((later.body?.data as { job_id: string }).job_id).not.toBe(jobId);
  });

  it('needs a primary card, and reads 404 before any check', async () => {
    expect((await call('GET', `/users/${SEED_USERS.patient}/insurances/primary/eligibility`)).status).toBe(
      404,
    );
    const res = await call('POST', `/users/${SEED_USERS.patient}/insurances/primary/eligibility/check`);
    expect(res.status).toBe(400);
    expect(res.body?.message).toMatch(/^primary: /);
  });

  it('keeps the 429 window for the patient and the carrier/member across deleting and re-adding the card', async () => {
    // The host clock stands still; only the mock's clock moves.
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now());
    const WINDOW = INSURANCE_MOCK_DEFAULTS.eligibilityWindowSeconds;
    const cards = `/users/${SEED_USERS.patient}/insurances`;
    const check = `${cards}/primary/eligibility/check`;
    const card = { insurer_code: 'INS0001', subscriber_number: 'ABC-123', consent: true };
    expect((await call('POST', `${cards}/primary`, { json: card })).status).toBe(200);
    const first = await call('POST', check);
    expect(first.status).toBe(200);
    const started = db.eligibility.get(SEED_USERS.patient)?._started;
    advanceMockClock(30_000);
    // Delete and re-add the same card, by update and by import: still inside the window.
    expect((await call('DELETE', `${cards}/primary`)).status).toBe(204);
    expect(db.insuranceCards.has(`${SEED_USERS.patient}:primary`)).toBe(false);
    expect((await call('GET', `${cards}/primary/eligibility`)).status).toBe(404);
    expect((await call('POST', `${cards}/primary`, { json: card })).status).toBe(200);
    const again = await call('POST', check);
    expect(again.status).toBe(429);
    expect(again.retryAfter).toBe(String(WINDOW - 30));
    expect((await call('DELETE', `${cards}/primary`)).status).toBe(204);
    const imported = await call('POST', `${cards}/import`, {
      json: { insurances: [{ card_type: 'primary', insurer_code: 'C10001', subscriber_number: 'OTHER-1' }] },
    });
    expect(imported.status).toBe(200);
    expect((await call('POST', check)).status).toBe(429);
    expect(db.eligibility.get(SEED_USERS.patient)?._started).toBe(started);
    // The same carrier and member on another patient's card: also inside the window.
    expect(
      (await call('POST', `/users/${seedQueuePatient(1)}/insurances/primary`, { token: ADMIN, json: card }))
        .status,
    ).toBe(200);
    const other = await call('POST', `/users/${seedQueuePatient(1)}/insurances/primary/eligibility/check`, {
      token: ADMIN,
    });
    expect(other.status).toBe(429);
    expect(db.eligibility.get(seedQueuePatient(1))).toBeUndefined();
    // Once the window has passed, a new check starts.
    advanceMockClock((WINDOW - 30) * 1000);
    const later = await call('POST', check);
    expect(later.status).toBe(200);
    expect((later.body?.data as { job_id: string }).job_id).not.toBe(
      (first.body?.data as { job_id: string }).job_id,
    );
    expect(db.eligibility.get(SEED_USERS.patient)?._started).toBe((started ?? 0) + WINDOW);
  });
});

describe('reference lists and claims report', () => {
  it('serves generated lists of realistic size', async () => {
    const carriers = (await call('GET', '/insurances/list/carriers')).body?.data as { code: string }[];
    const insurers = (await call('GET', '/insurances/list/insurers')).body?.data as { id: string }[];
    const dxs = (await call('GET', '/insurances/list/dxs')).body?.data as { code: string }[];
    const procedures = (await call('GET', '/insurances/list/procedures')).body?.data as { id: string }[];
    expect(carriers.length).toBeGreaterThanOrEqual(2000);
    expect(new Set(carriers.map((c) => c.code)).size).toBe(carriers.length);
    expect(insurers.length).toBeGreaterThanOrEqual(200);
    expect(dxs.every((d) => /^[A-Z]\d{2}\.\d{1,2}$/.test(d.code))).toBe(true);
    expect(procedures.every((p) => /^\d{5}$/.test(p.id))).toBe(true);
    expect((await call('GET', '/insurances/list/unknown')).status).toBe(404);
  });

  it('answers claims to the clinic only, within the dates', async () => {
    expect((await call('GET', '/reports/claims')).status).toBe(403);
    const all = (await call('GET', '/reports/claims', { token: ADMIN })).body?.data as { start: number }[];
    expect(all.length).toBeGreaterThan(0);
    const today = new Date().toISOString().slice(0, 10);
    const future = (
      await call('GET', `/reports/claims?from_date=${today}&to_date=${today}`, { token: ADMIN })
    ).body?.data as { start: number }[];
    expect(future.length).toBeLessThan(all.length);
    expect((await call('GET', '/reports/claims?from_date=2026-13-01', { token: ADMIN })).status).toBe(400);
  });

  it('gives each claim row its room, currency and the patient’s date of birth as stored', async () => {
    const rows = (await call('GET', '/reports/claims', { token: ADMIN })).body?.data as {
      id: string;
      room_code: string | null;
      currency: string;
      patient_dob: string | null;
      member_id: string;
    }[];
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) {
      const visit = db.visits.get(row.id);
      expect(row.room_code).toBe(visit?.room_code ?? null);
      const payment = visit?.room_code ? db.rooms.get(visit.room_code)?.payment : undefined;
      expect(row.currency).toBe(payment?.paymentCurrency ?? payment?.currency ?? 'usd');
      const dob = db.users.get(row.member_id)?.dob;
      expect(row.patient_dob).toBe(typeof dob === 'string' && dob !== '' ? dob : null);
    }
    expect(rows.some((r) => r.patient_dob !== null)).toBe(true);
  });
});
