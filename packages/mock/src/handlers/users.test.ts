import { describe, expect, it } from 'vitest';
import { configureAuth } from '@telehealth/client/http';
import { exchangeSsoToken, getMe, listUsers, updateMe } from '@telehealth/client/users/requests';
import { db } from '../db.ts';
import { DEV_CREDENTIALS, issuePair } from '../lib/auth.ts';
import { SEED_USERS } from '../seed/ids.ts';

function signInAs(userId: string): string {
  const pair = issuePair(userId);
  withTokens(pair.access.token, null);
  return pair.access.token;
}

function withTokens(userToken: string | null, adminToken: string | null) {
  configureAuth({
    getAccessToken: () => Promise.resolve(userToken),
    refreshAfterUnauthorized: () => Promise.reject(new Error('no refresh in this test')),
    onSessionRejected: () => undefined,
    getAdminToken: () => adminToken,
  });
}

async function postMe(
  token: string,
  body: Record<string, string>,
  contentType = 'application/x-www-form-urlencoded',
) {
  const response = await fetch('http://localhost/api_v3/me', {
    method: 'POST',
    headers: { 'X-ApiToken': token, 'Content-Type': contentType },
    body: new URLSearchParams(body).toString(),
  });
  return {
    status: response.status,
    body: (await response.json()) as { code?: number; message?: string; data?: Record<string, unknown> },
  };
}

const patient = () => db.users.get(SEED_USERS.patient)!;

describe('POST /me', () => {
  it.each([
    ['first_name', 'Ca\u0000sey'],
    ['last_name', 'Mor\r\ngan'],
    ['city', 'Brook\nlyn'],
    ['pcp_name', 'Dr\u0000 Who'],
  ])('refuses %s with a NUL or a line break (D16) and keeps the stored value', async (field, value) => {
    const token = signInAs(SEED_USERS.patient);
    const before = patient()[field as 'first_name'];
    const { status, body } = await postMe(token, { [field]: value });
    expect(status).toBe(400);
    expect(body.message).toMatch(new RegExp(`^${field}:`));
    expect(patient()[field as 'first_name']).toBe(before);
  });

  it('updates the fields given and answers the new profile; the others are kept', async () => {
    signInAs(SEED_USERS.patient);
    const profile = await updateMe({
      phone: '2125550000',
      timezone: 'Europe/Paris',
      state: 'CA',
      pcp_phone: '3105550199',
    });
    expect(profile).toMatchObject({
      phone: '2125550000',
      timezone: 'Europe/Paris',
      state: 'CA',
      pcp_phone: '3105550199',
      city: 'Brooklyn',
    });
    expect(patient()).toMatchObject({
      phone: '2125550000',
      timezone: 'Europe/Paris',
      state: 'CA',
      city: 'Brooklyn',
    });
    await expect(getMe()).resolves.toMatchObject({ timezone: 'Europe/Paris' });
  });

  it('renames and keeps full_name in step', async () => {
    signInAs(SEED_USERS.patient);
    await updateMe({ first_name: 'Casey-Jo' });
    expect(patient().full_name).toBe('Casey-Jo Morgan');
  });

  it.each([
    [{ pcp_phone: '212555' }, 'pcp_phone: must be exactly 10 digits'],
    [{ pcp_phone: '212-555-0199' }, 'pcp_phone: must be exactly 10 digits'],
    [{ state: 'New York' }, 'state: must be a 2-letter code such as NY'],
    [{ state: 'ny' }, 'state: must be a 2-letter code such as NY'],
    [{ dob: '12/04/1988' }, 'dob: must be a date in the form YYYY-MM-DD'],
    [{ dob: '1988-02-30' }, 'dob: must be a date in the form YYYY-MM-DD'],
    [{ dob: '2999-01-01' }, 'dob: cannot be in the future'],
    [{ gender: 'other' }, 'gender: must be male or female'],
    [{ tos: 'yes' }, 'tos: must be 0 or 1'],
    [{ timezone: 'Mars/Olympus_Mons' }, 'timezone: must be an IANA time zone such as America/New_York'],
    [{ timezone: '<script>' }, 'timezone: must be an IANA time zone such as America/New_York'],
    [{ first_name: '  ' }, 'first_name: cannot be empty'],
    [{ photo: 'file_nope' }, 'photo: must be the id of an avatar image you uploaded'],
  ])('refuses %j with 400 naming the field', async (body, message) => {
    const token = signInAs(SEED_USERS.patient);
    const before = { ...patient() };
    const { status, body: error } = await postMe(token, body);
    expect(status).toBe(400);
    expect(error).toEqual({ code: 400, message });
    expect(patient()).toEqual(before);
  });

  it('sets a first password alone, then needs the matching old password to change it', async () => {
    const token = signInAs(SEED_USERS.patient2);
    expect(db.users.get(SEED_USERS.patient2)!._password).toBeUndefined();
    expect((await postMe(token, { password: 'first-secret' })).status).toBe(200);
    expect(db.users.get(SEED_USERS.patient2)!._password).toBe('first-secret');

    expect((await postMe(token, { password: 'second-secret' })).body.message).toBe(
      'old_password: is required to change your password',
    );
    expect((await postMe(token, { password: 'second-secret', old_password: 'wrong' })).body.message).toBe(
      'old_password: is not the one you use now: check it and try again',
    );
    expect((await postMe(token, { password: 'short', old_password: 'first-secret' })).body.message).toBe(
      'password: must be at least 8 characters',
    );
    expect((await postMe(token, { password: 'second-secret', old_password: 'first-secret' })).status).toBe(
      200,
    );
    expect(db.users.get(SEED_USERS.patient2)!._password).toBe('second-secret');
  });

  it('accepts an avatar the caller uploaded and removes it with an empty photo', async () => {
    const token = signInAs(SEED_USERS.patient);
    db.files.set('file_avatar', {
      id: 'file_avatar',
      name: 'me.png',
      size: 4,
      ext: 'png',
      meta: { category: 'user_avatar', target: { id: SEED_USERS.patient, type: 'user' } },
      creator: { id: SEED_USERS.patient },
      created: 1,
      is_deletable: true,
      _owner: SEED_USERS.patient,
      _mime: 'image/png',
    });
    db.fileBlobs.set('file_avatar', 'iVBORw==');
    db.files.set('file_doc', {
      ...db.files.get('file_avatar')!,
      id: 'file_doc',
      meta: { category: 'user_document' },
    });

    expect((await postMe(token, { photo: 'file_doc' })).status).toBe(400);
    const set = await postMe(token, { photo: 'file_avatar' });
    expect(set.status).toBe(200);
    expect(String(set.body.data?.photo)).toMatch(
      /\/api_v3\/files\/view\/file_avatar\?auth_code=\w+&time=\d+$/,
    );
    expect(patient()._photo_file).toBe('file_avatar');

    const cleared = await postMe(token, { photo: '' });
    expect(cleared.body.data?.photo).toBe('');
    expect(patient()._photo_file).toBeUndefined();
  });

  it('refuses a body that is not form-urlencoded, and a missing token in the user-area shape', async () => {
    const token = signInAs(SEED_USERS.patient);
    expect((await postMe(token, { phone: '1' }, 'application/json')).status).toBe(400);
    const anonymous = await fetch('http://localhost/api_v3/me', { method: 'POST', body: 'phone=1' });
    expect(anonymous.status).toBe(401);
    expect(await anonymous.json()).toMatchObject({ code: 404 });
  });
});

describe('GET /users (ADMIN)', () => {
  it('refuses a user token and accepts the clinic admin token', async () => {
    const token = signInAs(SEED_USERS.admin);
    withTokens(token, token);
    await expect(listUsers({})).rejects.toMatchObject({ status: 403 });
    withTokens(null, DEV_CREDENTIALS.adminToken);
    const page = await listUsers({});
    expect(page.data).toHaveLength(20);
    expect(page.total_count).toBe([...db.users.values()].filter((u) => u.account_code === 'demo').length);
  });

  it('pages with start and limit and sorts by name', async () => {
    withTokens(null, DEV_CREDENTIALS.adminToken);
    const all = await listUsers({ type: 200, sort: 'full_name.asc', limit: 200 });
    const names = all.data.map((u) => u.full_name ?? '');
    expect(names).toEqual([...names].sort((a, b) => a.toLowerCase().localeCompare(b.toLowerCase())));
    const second = await listUsers({ type: 200, sort: 'full_name.asc', start: 5, limit: 5 });
    expect(second.data.map((u) => u.id)).toEqual(all.data.slice(5, 10).map((u) => u.id));
    expect(second.total_count).toBe(all.total_count);
  });

  it('filters by text (3+ characters), type, subtype, status, role, room and admin flag', async () => {
    withTokens(null, DEV_CREDENTIALS.adminToken);
    expect((await listUsers({ q: 'casey' })).data.map((u) => u.id)).toEqual([SEED_USERS.patient]);
    expect((await listUsers({ full_name: 'morgan casey' })).data.map((u) => u.id)).toEqual([
      SEED_USERS.patient,
    ]);
    expect((await listUsers({ email: 'demo-nurse@' })).data.map((u) => u.id)).toEqual([SEED_USERS.nurse]);
    const providers = await listUsers({ type: 400, subtype: 482, limit: 200 });
    expect(providers.data.every((u) => u.type === 400 && u.subtype === '482')).toBe(true);
    expect(providers.data.map((u) => u.id)).toContain(SEED_USERS.provider);
    const inactive = await listUsers({ status: 0, type: 200, limit: 200 });
    expect(inactive.data.length).toBeGreaterThan(0);
    expect(inactive.data.every((u) => u.status === 0)).toBe(true);
    expect((await listUsers({ role: 'clinic_admin' })).data.map((u) => u.id)).toEqual([SEED_USERS.admin]);
    expect((await listUsers({ is_admin: true })).data.map((u) => u.id)).toEqual([SEED_USERS.admin]);
    const derm = await listUsers({ room_code: 'dermatology', limit: 200 });
    expect(derm.data.map((u) => u.id).sort()).toEqual([SEED_USERS.derm, SEED_USERS.nurse]);
    expect(
      (await listUsers({ id: [SEED_USERS.patient, SEED_USERS.nurse], sort: 'id.asc' })).data.map((u) => u.id),
    ).toEqual([SEED_USERS.nurse, SEED_USERS.patient]);
  });

  it('returns only the fields asked for, plus the id', async () => {
    withTokens(null, DEV_CREDENTIALS.adminToken);
    const page = await listUsers({ q: 'casey', fields: ['full_name', 'last_login'] });
    expect(Object.keys(page.data[0]!).sort()).toEqual(['full_name', 'id', 'last_login']);
  });

  it.each([
    ['q=ca', 'q must be at least 3 characters'],
    ['full_name=ab', 'full_name must be at least 3 characters'],
    ['email=a', 'email must be at least 3 characters'],
    ['type=300', 'type must be one of 100, 200, 400, 600'],
    ['subtype=999', 'subtype must be one of 460, 470, 480, 482, 484'],
    ['sort=password.asc', 'sort must look like full_name.asc'],
    ['limit=0', 'limit must be an integer from 1 to 200'],
    ['start=-1', 'start must be an integer from 0 to 1000000'],
    ['fields=email', 'fields may only list'],
    ['is_hidden=maybe', 'is_hidden must be a boolean'],
  ])('answers 400 for %s', async (query, message) => {
    const response = await fetch(`http://localhost/api_v3/users?${query}`, {
      headers: { 'X-ApiToken': DEV_CREDENTIALS.adminToken, 'X-AccountCode': 'demo' },
    });
    expect(response.status).toBe(400);
    const body = (await response.json()) as { code: number; message: string };
    expect(body.code).toBe(400);
    expect(body.message).toContain(message);
  });
});

describe('GET /auth keeps the session cap', () => {
  it('gives the new token family the start of the family it was exchanged from', async () => {
    const first = issuePair(SEED_USERS.patient);
    db.families.get(first.access.family)!.startedAt -= 3600;
    const exchanged = await exchangeSsoToken(first.access.token, false);
    const family = db.tokens.get(exchanged.token.token)!.family;
    expect(family).not.toBe(first.access.family);
    expect(db.families.get(family)!.startedAt).toBe(db.families.get(first.access.family)!.startedAt);
  });
});
