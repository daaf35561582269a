import { describe, expect, it } from 'vitest';
import { db, type UserRecord } from '@telehealth/mock/db';
import { issuePair } from '@telehealth/mock/lib/auth';
import { sessionFor, type PersonaCode } from '../../render';
import { SEED_PHARMACIES, SEED_USERS, seedSurveyResponse } from '@telehealth/mock/seed/ids';

const API = 'http://mock.test/api_v3';
const SURVEY = 'http://mock.test/survey';

async function call(
  method: string,
  url: string,
  options: { as?: string | null; json?: unknown; key?: boolean; account?: string | null } = {},
) {
  const as = options.as === undefined ? 'demo-patient' : options.as;
  const token = as === null ? null : as.startsWith('at_') ? as : sessionFor(as as PersonaCode).token.token;
  const response = await fetch(url.startsWith('http') ? url : `${API}${url}`, {
    method,
    headers: {
      ...(token ? { 'X-ApiToken': token } : {}),
      ...(options.account === null ? {} : { 'X-AccountCode': options.account ?? 'demo' }),
      ...(options.key ? { 'X-ApiKey': 'demo-api-key' } : {}),
      ...(options.json !== undefined ? { 'Content-Type': 'application/json' } : {}),
    },
    body: options.json !== undefined ? JSON.stringify(options.json) : undefined,
  });
  return {
    status: response.status,
    body: (await response.json()) as {
      data?: unknown;
      code?: number;
      message?: string;
      total_count?: number;
    },
  };
}

function otherClinicProvider(): string {
  const user: UserRecord = {
    ...(db.users.get(SEED_USERS.provider) as UserRecord),
    id: 'usr_elsewhere',
    code: 'elsewhere',
    account_code: 'other-clinic',
    clinics: ['other-clinic'],
  };
  db.users.set(user.id, user);
  return issuePair(user.id).access.token;
}

describe('medical record mock (spec 4.10)', () => {
  it('stores a section in the shape of spec 2.13 with who changed it, and tells none from not reported', async () => {
    const saved = await call('POST', '/users/-/emr/allergies', {
      json: { data: [{ substance: ' Latex ' }, { substance: 'Peanuts' }], data_not_reported: false },
    });
    expect(saved.status).toBe(200);
    expect(saved.body.data).toEqual({ data: [{ substance: 'Latex' }, { substance: 'Peanuts' }] });
    expect(db.emr.get(`${SEED_USERS.patient}:allergies`)).toMatchObject({
      data: [{ substance: 'Latex' }, { substance: 'Peanuts' }],
      data_not_reported: false,
      modified_by: { id: SEED_USERS.patient, type: 200 },
    });
    await call('POST', '/users/-/emr/surgeries', { json: { data: [], data_not_reported: true } });
    await call('POST', '/users/-/emr/conditions', { json: { data: [], data_not_reported: false } });
    const read = await call('GET', '/users/-/emr');
    const record = read.body.data as Record<string, { data: unknown; data_not_reported: boolean }>;
    expect(record.surgeries).toMatchObject({ data: [], data_not_reported: true });
    expect(record.conditions).toMatchObject({ data: [], data_not_reported: false });
    expect(record.health_habits).toMatchObject({ data_not_reported: true });
    expect(Object.keys(record).sort()).toHaveLength(7);
  });

  it('refuses duplicates, blank entries and data with "not reported", naming the field', async () => {
    const dup = await call('POST', '/users/-/emr/medications', {
      json: { data: [{ name: 'Ibuprofen' }, { name: 'ibuprofen' }], data_not_reported: false },
    });
    expect(dup).toMatchObject({ status: 400, body: { message: 'data.1.name: repeats entry 1' } });
    const blank = await call('POST', '/users/-/emr/conditions', {
      json: { data: [{ condition: '  ' }], data_not_reported: false },
    });
    expect(blank.body.message).toBe('data.0.condition: is required');
    const both = await call('POST', '/users/-/emr/allergies', {
      json: { data: [{ substance: 'Dust' }], data_not_reported: true },
    });
    expect(both.status).toBe(400);
    expect((await call('POST', '/users/-/emr/allergies', { json: { data: [] } })).status).toBe(400);
    expect(
      (await call('POST', '/users/-/emr/habits', { json: { data: [], data_not_reported: false } })).status,
    ).toBe(400);
    expect(db.emr.get(`${SEED_USERS.patient}:allergies`)?.data).toEqual([{ substance: 'Penicillin' }]);
  });

  it('lets providers of the clinic read but not write, other patients and other clinics nothing', async () => {
    expect((await call('GET', `/users/${SEED_USERS.patient}/emr`, { as: 'demo-provider' })).status).toBe(200);
    expect(
      (
        await call('POST', `/users/${SEED_USERS.patient}/emr/allergies`, {
          as: 'demo-provider',
          json: { data: [], data_not_reported: false },
        })
      ).status,
    ).toBe(403);
    expect((await call('GET', `/users/${SEED_USERS.patient}/emr`, { as: 'demo-patient-2' })).status).toBe(
      403,
    );
    expect(
      (await call('GET', `/users/${SEED_USERS.patient}/emr`, { as: otherClinicProvider() })).status,
    ).toBe(404);
    // A clinic the mock does not know is refused before any record is looked at.
    expect(
      (
        await call('GET', `/users/${SEED_USERS.patient}/emr`, {
          as: otherClinicProvider(),
          account: 'other-clinic',
        })
      ).status,
    ).toBe(401);
    expect((await call('GET', '/users/-/emr', { as: null })).status).toBe(401);
    expect((await call('GET', '/users/-/emr', { account: null })).status).toBe(400);
  });
});

describe('pharmacies and prescriptions mock (spec 4.9)', () => {
  it('lists prescriptions by status and requires it', async () => {
    const current = await call('GET', '/users/-/erx/prescriptions?status=Current');
    expect((current.body.data as { Drug: string }[]).map((p) => p.Drug)).toEqual([
      'Cetirizine 10 mg tablet',
      'Hydrocortisone 1% cream',
    ]);
    const past = await call('GET', '/users/-/erx/prescriptions?status=Completed');
    expect((past.body.data as unknown[]).length).toBe(1);
    expect((await call('GET', '/users/-/erx/prescriptions')).status).toBe(400);
    expect(
      (
        await call('GET', `/users/${SEED_USERS.patient}/erx/prescriptions?status=Current`, {
          as: 'demo-provider',
        })
      ).status,
    ).toBe(200);
  });

  it('saves a search result with its provider type and raw result, and removes one', async () => {
    const extra = { id: 'dir-1', name: 'Elm Pharmacy' };
    const saved = await call('POST', '/users/-/erx/pharmacies', {
      json: { name: 'Elm Pharmacy', code: 'dir-1', zip: '11201', type: 'mock_directory', extra },
    });
    expect(saved).toMatchObject({ status: 200, body: { data: true } });
    expect(db.pharmacies.get(`${SEED_USERS.patient}:dir-1`)).toMatchObject({
      type: 'mock_directory',
      extra,
      is_default: false,
    });
    expect((await call('POST', '/users/-/erx/pharmacies', { json: { code: 'x' } })).status).toBe(400);
    expect((await call('DELETE', `/users/-/erx/pharmacies/${SEED_PHARMACIES.harbor}`)).body.data).toBe(true);
    const list = (await call('GET', '/users/-/erx/pharmacies')).body.data as {
      code: string;
      is_default: boolean;
    }[];
    expect(list.map((p) => [p.code, p.is_default])).toEqual([
      [SEED_PHARMACIES.corner, true],
      ['dir-1', false],
    ]);
    expect((await call('DELETE', '/users/-/erx/pharmacies/nope')).status).toBe(404);
    expect(
      (
        await call('DELETE', `/users/${SEED_USERS.patient}/erx/pharmacies/${SEED_PHARMACIES.corner}`, {
          as: 'demo-provider',
        })
      ).status,
    ).toBe(403);
  });
});

describe('health devices and measurements mock (spec 4.11)', () => {
  const reading = {
    type: 'blood_pressure_monitor',
    date: '2026-11-22',
    time: 1_795_000_000,
    device_id: 'bp-1001',
    data_type: 'bp',
    data_class: 'body',
    hp: 128,
    lp: 82,
    bp_unit: 'mmHg',
  };

  it('needs X-ApiKey, records the reading with it, and refuses implausible values', async () => {
    expect((await call('POST', '/health', { json: reading })).status).toBe(401);
    const ok = await call('POST', '/health', { json: reading, key: true });
    expect(ok.status).toBe(200);
    const id = (ok.body.data as { id: string }).id;
    expect(db.measurements.get(id)).toMatchObject({
      hp: 128,
      lp: 82,
      user_id: SEED_USERS.patient,
      _api_key: 'demo-api-key',
    });
    const upside = await call('POST', '/health', { json: { ...reading, hp: 80, lp: 90 }, key: true });
    expect(upside.body.message).toBe('hp: systolic must be higher than diastolic');
    const unknownDevice = await call('POST', '/health', {
      json: { ...reading, device_id: 'nope' },
      key: true,
    });
    expect(unknownDevice.status).toBe(400);
  });

  it('registers a device for the caller', async () => {
    const device = { device_id: 'th-1', device_name: 'Ear thermometer', type: 'thermometer' };
    expect((await call('POST', '/users/-/devices', { json: device })).status).toBe(401);
    const ok = await call('POST', '/users/-/devices', { json: device, key: true });
    expect(ok.body.data).toMatchObject({ ...device, user_id: SEED_USERS.patient });
    expect(
      (await call('POST', '/users/-/devices', { json: { ...device, type: 'toaster' }, key: true })).status,
    ).toBe(400);
  });
});

describe('survey responses mock (spec 4.13)', () => {
  it('answers providers with the clinic’s responses and total_count, filtered, and refuses patients', async () => {
    const all = await call('GET', `${SURVEY}/surveys/all/responses`, { as: 'demo-provider', account: null });
    expect(all.status).toBe(200);
    expect(all.body.total_count).toBe((all.body.data as unknown[]).length);
    expect((all.body.data as { clinic_code: string }[]).every((r) => r.clinic_code === 'demo')).toBe(true);
    const [first, fifth] = [seedSurveyResponse(1), seedSurveyResponse(5)];
    const one = await call(
      'GET',
      `${SURVEY}/surveys/post_visit_survey/responses?visit_ids=${first.visitId},${fifth.visitId}`,
      {
        as: 'demo-provider',
        account: null,
      },
    );
    expect((one.body.data as { id: string }[]).map((r) => r.id).sort()).toEqual([first.id, fifth.id]);
    expect((await call('GET', `${SURVEY}/surveys/all/responses`, { account: null })).status).toBe(403);
    expect((await call('GET', `${SURVEY}/surveys/nope/responses`, { as: 'demo-provider' })).status).toBe(400);
  });
});
