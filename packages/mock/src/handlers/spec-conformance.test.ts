import { describe, expect, it } from 'vitest';
import { AccountSchema } from '@telehealth/client/accounts/schemas';
import { EMR_SECTION_NAMES } from '@telehealth/client/emr/schemas';
import { db, type UserRecord } from '../db.ts';
import { issuePair } from '../lib/auth.ts';
import { SEED_FILES, SEED_USERS } from '../seed/ids.ts';

const API = 'http://mock.test/api_v3';
const ADMIN = 'demo-admin-token';

type Body = { data?: unknown; code?: number; message?: string; total_count?: number };

async function get(path: string, token: string | null, account: string | null = 'demo') {
  const headers: Record<string, string> = {};
  if (token) headers['X-ApiToken'] = token;
  if (account) headers['X-AccountCode'] = account;
  const response = await fetch(`${API}${path}`, { headers });
  const text = await response.text();
  let body: Body = {};
  try {
    body = JSON.parse(text) as Body;
  } catch {
    // A file's bytes.
  }
  return { status: response.status, body };
}

/** A patient as single sign-on creates one: no nationality, photo, extra or last_login. */
function addBarePatient(): string {
  const base = db.users.get(SEED_USERS.patient2) as UserRecord;
  const bare: UserRecord = { ...base, id: 'usr_bare', code: 'bare-patient', email: 'bare@example.test' };
  for (const key of ['nationality', 'photo', 'extra', 'last_login'] as const) delete bare[key];
  db.users.set(bare.id, bare);
  return bare.id;
}

describe('GET /me (spec 2.2: nationality and photo are returned by /me)', () => {
  it('sends nationality and photo even when they were never set', async () => {
    const id = addBarePatient();
    const { status, body } = await get('/me', issuePair(id).access.token, null);
    expect(status).toBe(200);
    const data = body.data as Record<string, unknown>;
    expect(data).toHaveProperty('nationality', '');
    expect(data).toHaveProperty('photo', '');
  });
});

describe('GET /users/{id} (spec 4.1: with extended profile)', () => {
  it('sends extra with every extended-profile key, also for a user who never filled it in', async () => {
    const id = addBarePatient();
    const { status, body } = await get(`/users/${id}`, issuePair(id).access.token);
    expect(status).toBe(200);
    const extra = (body.data as { extra?: Record<string, unknown> }).extra;
    expect(extra).toEqual({
      marital_status: '',
      gender_identity: '',
      social_security_no: '',
      veteran: '',
      race: '',
      ethnicity: '',
      health_insurance: '',
      insurance: '',
      insurance_policy_number: '',
      attachments: null,
      emerg_contact_name: '',
    });
    expect(db.users.get(id)).not.toHaveProperty('extra');
  });

  it('keeps what the user stored in extra', async () => {
    const token = issuePair(SEED_USERS.patient).access.token;
    const extra = (
      (await get(`/users/${SEED_USERS.patient}`, token)).body.data as { extra: Record<string, unknown> }
    ).extra;
    expect(extra).toMatchObject({ marital_status: 'single', emerg_contact_name: 'Sam Morgan', race: '' });
  });
});

describe('GET /users?fields=…,last_login', () => {
  it('sends last_login null for a user who never signed in', async () => {
    const id = addBarePatient();
    const { status, body } = await get(
      `/users?id=${id},${SEED_USERS.patient}&fields=full_name,last_login`,
      ADMIN,
    );
    expect(status).toBe(200);
    const rows = body.data as Record<string, unknown>[];
    expect(rows.find((r) => r.id === id)).toEqual({ id, full_name: 'Riley Chen', last_login: null });
    expect(typeof rows.find((r) => r.id === SEED_USERS.patient)?.last_login).toBe('number');
  });
});

describe('account steps (spec 2.5: each step has a code)', () => {
  it('gives every post-intake step a code, and keeps one the portal does not know', async () => {
    const { body } = await get('/accounts/demo', null, null);
    const account = AccountSchema.parse(body.data);
    const steps = (account.post_intake_steps ?? []) as { code?: unknown }[];
    expect(steps.every((s) => typeof s.code === 'string' && s.code !== '')).toBe(true);
    expect(steps.map((s) => s.code)).toContain('legacy_widget');
  });
});

describe('GET /files/view/{id} (spec 4.7: USER)', () => {
  async function link(fileId: string, token: string) {
    const info = await get(`/files/${fileId}`, token);
    return (info.body.data as { fullpath: string }).fullpath;
  }

  it('refuses a valid link without a token with 401, and serves it with one', async () => {
    const token = issuePair(SEED_USERS.patient).access.token;
    const fullpath = await link(SEED_FILES.vaccination, token);
    const without = await fetch(fullpath);
    expect(without.status).toBe(401);
    expect(await without.json()).toMatchObject({ code: 401 });
    const withToken = await fetch(fullpath, { headers: { 'X-ApiToken': token, 'X-AccountCode': 'demo' } });
    expect(withToken.status).toBe(200);
  });

  it('still shows an avatar link in a plain <img>, which cannot send a token', async () => {
    const token = issuePair(SEED_USERS.patient).access.token;
    const form = new FormData();
    form.set('file', new File([new Uint8Array([137, 80, 78, 71])], 'me.png', { type: 'image/png' }));
    form.set('meta.category', 'user_avatar');
    const uploaded = await fetch(`${API}/files`, {
      method: 'POST',
      headers: { 'X-ApiToken': token, 'X-AccountCode': 'demo' },
      body: form,
    });
    const { id } = ((await uploaded.json()) as { data: { id: string } }).data;
    expect((await fetch(await link(id, token))).status).toBe(200);
  });

  it('refuses a link with an unknown token', async () => {
    const token = issuePair(SEED_USERS.patient).access.token;
    const fullpath = await link(SEED_FILES.vaccination, token);
    const response = await fetch(fullpath, { headers: { 'X-ApiToken': 'nope', 'X-AccountCode': 'demo' } });
    expect(response.status).toBe(401);
  });
});

describe('GET /emr/schema (spec 4.10)', () => {
  it('describes the seven sections the write endpoint checks', async () => {
    const token = issuePair(SEED_USERS.patient).access.token;
    const { status, body } = await get('/emr/schema', token);
    expect(status).toBe(200);
    const schema = body.data as Record<string, { properties: { data: unknown; data_not_reported: unknown } }>;
    expect(Object.keys(schema).sort()).toEqual([...EMR_SECTION_NAMES].sort());
    for (const name of EMR_SECTION_NAMES)
      expect(schema[name]?.properties.data_not_reported).toEqual({ type: 'boolean', required: true });
    expect(schema.allergies?.properties.data).toMatchObject({
      type: 'array',
      required: true,
      items: {
        type: 'object',
        properties: { substance: { type: 'string', required: true, maxLength: 120 } },
      },
    });
    expect(schema.family_conditions?.properties.data).toMatchObject({
      items: {
        properties: {
          relations: { type: 'array', minItems: 1, items: { enum: expect.any(Array) as unknown } },
        },
      },
    });
    expect(schema.social_history?.properties.data).toMatchObject({
      type: 'object',
      properties: { num_kids: { type: 'integer', minimum: 0, maximum: 30 } },
    });
  });

  it('needs a user token', async () => {
    expect((await get('/emr/schema', null)).status).toBe(401);
  });
});
