import { beforeEach, describe, expect, it } from 'vitest';
import { db, type UserRecord } from '@telehealth/mock/db';
import { issuePair } from '@telehealth/mock/lib/auth';
import { findUserByCode } from '@telehealth/mock/lib/users';
import { sessionFor } from '../../render';
import { SEED_USERS } from '@telehealth/mock/seed/ids';

const API = 'http://mock.test/api_v3';
const ADMIN = 'demo-admin-token';

/** A provider created in the `demo-quick` clinic, as the SSO would create one. */
function otherClinicProviderToken(): string {
  const base = findUserByCode('demo-provider') as UserRecord;
  const id = `quick-provider-${db.users.size}`;
  const user: UserRecord = {
    ...base,
    id,
    code: id,
    email: `${id}@example.test`,
    account_code: 'demo-quick',
    clinics: ['demo-quick'],
    rooms: [],
  };
  db.users.set(id, user);
  return issuePair(id).access.token;
}

async function call(method: string, path: string, token: string, account: string, body?: BodyInit) {
  const response = await fetch(`${API}${path}`, {
    method,
    headers: { 'X-ApiToken': token, 'X-AccountCode': account },
    body,
  });
  return { status: response.status, body: (await response.json()) as { data?: unknown } };
}

function demoPatientFileId(): string {
  const patient = findUserByCode('demo-patient') as UserRecord;
  for (const file of db.files.values()) if (file._owner === patient.id) return file.id;
  throw new Error('no seeded file of demo-patient');
}

describe('every caller is bound to their clinic', () => {
  // The demo patients also belong to demo-quick (seed); these cases need a patient of demo only.
  beforeEach(() => {
    for (const id of [SEED_USERS.patient, SEED_USERS.patient2]) db.users.get(id)!.clinics = ['demo'];
  });

  it.each(['demo-quick', 'demo'])(
    'a provider of demo-quick sending X-AccountCode %s gets 404 for a demo patient file',
    async (account) => {
      const token = otherClinicProviderToken();
      const id = demoPatientFileId();
      const one = await call('GET', `/files/${id}`, token, account);
      expect(one.status).toBe(404);
      const patient = findUserByCode('demo-patient') as UserRecord;
      const list = await call('GET', `/files?target_id=${patient.id}&target_type=user`, token, account);
      expect(list.status).toBe(404);
    },
  );

  it('a provider of demo-quick cannot create an intake for a demo patient', async () => {
    const token = otherClinicProviderToken();
    const before = db.intakes.size;
    const result = await call(
      'POST',
      '/intakes?room_code=quick-care&member_id=demo-patient',
      token,
      'demo-quick',
    );
    expect([400, 404]).toContain(result.status);
    expect(db.intakes.size).toBe(before);
  });

  it('the admin token with another clinic code is refused', async () => {
    const patient = findUserByCode('demo-patient') as UserRecord;
    const list = await call('GET', `/files?target_id=${patient.id}&target_type=user`, ADMIN, 'demo-quick');
    expect(list.status).toBe(403);
  });

  it('the clinic own provider still reads the patient file', async () => {
    const token = sessionFor('demo-provider').token.token;
    const one = await call('GET', `/files/${demoPatientFileId()}`, token, 'demo');
    expect(one.status).toBe(200);
  });

  it.each(['demo-quick', 'demo'])(
    'a provider of demo-quick sending %s gets 404 for a demo visit, its messages and its patient',
    async (account) => {
      const token = otherClinicProviderToken();
      const visit = [...db.visits.values()].find((v) => v.account_code === 'demo');
      if (!visit) throw new Error('no seeded demo visit');
      expect((await call('GET', `/visits/${visit.id}`, token, account)).status).toBe(404);
      const messages = await fetch(`http://mock.test/messaging/api/visits/${visit.id}/messages`, {
        headers: { 'X-ApiToken': token, 'X-AccountCode': account },
      });
      expect(messages.status).toBe(404);
      expect((await call('GET', `/users/${visit.member_id}`, token, account)).status).toBe(404);
    },
  );

  it('a persona signed in from a demo-quick portal works in demo-quick', async () => {
    const signIn = await fetch('http://mock.test/__mock/personas/demo-patient/sign-in', { method: 'POST' });
    const { sso_token: token } = (await signIn.json()) as { sso_token: string };
    expect((await call('GET', '/me', token, 'demo-quick')).status).toBe(200);
  });

  it('a patient of both clinics: demo-quick staff still get 404 for the files kept in demo', async () => {
    db.users.get(SEED_USERS.patient)!.clinics = ['demo', 'demo-quick'];
    const token = otherClinicProviderToken();
    expect((await call('GET', `/files/${demoPatientFileId()}`, token, 'demo-quick')).status).toBe(404);
  });
});
