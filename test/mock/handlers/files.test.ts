import { afterEach, describe, expect, it, vi } from 'vitest';
import { db } from '@telehealth/mock/db';
import { sessionFor, type PersonaCode } from '../../render';
import { FILE_MOCK_DEFAULTS, fileMockConfig } from '@telehealth/mock/handlers/files';
import { SEED_FILES, SEED_INTAKES, SEED_USERS, SEED_VISITS } from '@telehealth/mock/seed/ids';

const API = 'http://mock.test/api_v3';
const ADMIN = 'demo-admin-token';

type Body = { data?: unknown; code?: number; message?: string };
interface FileWire {
  id: string;
  name: string;
  size: number;
  ext: string;
  fullpath: string;
  is_deletable: boolean;
  meta: { category: string; title: string | null; target: { id: string; type: string } };
  creator: { id: string };
}

afterEach(() => Object.assign(fileMockConfig, FILE_MOCK_DEFAULTS));

function tokenOf(who: PersonaCode | 'admin' | null): string | null {
  if (who === null) return null;
  return who === 'admin' ? ADMIN : sessionFor(who).token.token;
}

async function call(
  method: string,
  path: string,
  options: {
    as?: PersonaCode | 'admin' | null;
    body?: BodyInit;
    contentType?: string;
    account?: boolean;
  } = {},
) {
  const token = tokenOf(options.as === undefined ? 'demo-patient' : options.as);
  const headers: Record<string, string> = {};
  if (token) headers['X-ApiToken'] = token;
  if (options.account !== false) headers['X-AccountCode'] = 'demo';
  if (options.contentType) headers['Content-Type'] = options.contentType;
  const response = await fetch(`${API}${path}`, { method, headers, body: options.body });
  return { status: response.status, body: (await response.json()) as Body };
}

/** GET /files/view/{id} with the patient's token (spec 4.7: USER, like every file endpoint). */
function view(url: string) {
  return fetch(url, { headers: { 'X-ApiToken': tokenOf('demo-patient') ?? '', 'X-AccountCode': 'demo' } });
}

function uploadForm(
  fields: Record<string, string>,
  file?: { bytes: Uint8Array<ArrayBuffer> | string; name: string; type?: string },
) {
  const form = new FormData();
  if (file) form.set('file', new File([file.bytes], file.name, { type: file.type ?? '' }), file.name);
  for (const [key, value] of Object.entries(fields)) form.set(key, value);
  return form;
}

async function upload(
  fields: Record<string, string>,
  file: { bytes: Uint8Array<ArrayBuffer> | string; name: string; type?: string } | null = {
    bytes: 'hello',
    name: 'note.txt',
    type: 'text/plain',
  },
  as: PersonaCode | 'admin' | null = 'demo-patient',
) {
  return call('POST', '/files', { as, body: uploadForm(fields, file ?? undefined) });
}

function credentialsOf(fullpath: string) {
  const url = new URL(fullpath);
  return {
    path: url.pathname,
    authCode: url.searchParams.get('auth_code') ?? '',
    time: url.searchParams.get('time') ?? '',
  };
}

describe('POST /files (spec 4.7)', () => {
  it('stores the multipart upload on the caller’s record with a time-limited fullpath', async () => {
    const result = await upload({
      'meta.category': 'user_document',
      'meta.title': 'Allergy letter',
      'meta.description': 'Scan',
    });
    expect(result.status).toBe(200);
    const file = result.body.data as FileWire;
    expect(file).toMatchObject({
      name: 'note.txt',
      size: 5,
      ext: 'txt',
      is_deletable: true,
      meta: {
        category: 'user_document',
        title: 'Allergy letter',
        target: { id: SEED_USERS.patient, type: 'user' },
      },
      creator: { id: SEED_USERS.patient },
    });
    expect(file.fullpath).toMatch(
      new RegExp(`^http://mock\\.test/api_v3/files/view/${file.id}\\?auth_code=[0-9a-f]{32}&time=\\d+$`),
    );
    expect(Object.keys(file).some((key) => key.startsWith('_'))).toBe(false);
    expect(db.fileBlobs.get(file.id)).toBe(btoa('hello'));
    expect(db.files.get(file.id)?._owner).toBe(SEED_USERS.patient);
  });

  it('requires auth, the account code, and the file itself', async () => {
    expect((await upload({}, undefined, null)).status).toBe(401);
    expect(
      (await call('POST', '/files', { body: uploadForm({}, { bytes: 'x', name: 'a.txt' }), account: false }))
        .status,
    ).toBe(400);
    const missing = await upload({ 'meta.category': 'user_document' }, null);
    expect(missing).toEqual({ status: 400, body: { code: 400, message: 'file is required' } });
    expect(
      (await call('POST', '/files', { body: 'file=x', contentType: 'application/x-www-form-urlencoded' }))
        .status,
    ).toBe(400);
  });

  it('refuses empty files, unknown categories, unaccepted types and non-image avatars', async () => {
    const before = db.files.size;
    expect((await upload({}, { bytes: '', name: 'empty.txt' })).body).toEqual({
      code: 400,
      message: 'file is empty',
    });
    expect((await upload({ 'meta.category': 'lab_report' })).status).toBe(400);
    expect((await upload({}, { bytes: 'MZ', name: 'tool.exe' })).status).toBe(415);
    expect((await upload({}, { bytes: '<p>', name: 'page.html' })).status).toBe(415);
    expect((await upload({ 'meta.category': 'user_avatar' }, { bytes: 'x', name: 'me.txt' })).status).toBe(
      415,
    );
    expect((await upload({ 'meta.category': 'user_avatar' }, { bytes: 'x', name: 'me.png' })).status).toBe(
      200,
    );
    expect(db.files.size).toBe(before + 1);
  });

  it('refuses files over the size limit with 413 {code, message}', async () => {
    fileMockConfig.maxBytes = 10;
    const result = await upload({}, { bytes: 'x'.repeat(11), name: 'big.txt' });
    expect(result).toEqual({ status: 413, body: { code: 413, message: 'The file is larger than 25 MB' } });
    expect((await upload({}, { bytes: 'x'.repeat(10), name: 'ok.txt' })).status).toBe(200);
  });

  it('needs a target of type user for uploads with the clinic admin token', async () => {
    const before = db.files.size;
    expect((await upload({}, undefined, 'admin')).status).toBe(400);
    expect((await upload({ 'meta.target.id': SEED_USERS.patient }, undefined, 'admin')).status).toBe(400);
    expect(
      (
        await upload(
          { 'meta.target.id': SEED_VISITS.upcoming, 'meta.target.type': 'visit' },
          undefined,
          'admin',
        )
      ).status,
    ).toBe(400);
    expect(db.files.size).toBe(before);
    const done = await upload(
      { 'meta.target.id': SEED_USERS.patient, 'meta.target.type': 'user' },
      undefined,
      'admin',
    );
    expect(done.status).toBe(200);
    expect(done.body.data).toMatchObject({
      meta: { target: { id: SEED_USERS.patient, type: 'user' } },
      creator: { id: 'clinic-admin' },
    });
  });

  it('lets a provider upload for a patient with a target, but not a patient for another patient', async () => {
    const forPatient = await upload(
      { 'meta.target.id': SEED_USERS.patient, 'meta.target.type': 'user' },
      undefined,
      'demo-provider',
    );
    expect(forPatient.status).toBe(200);
    expect(db.files.get((forPatient.body.data as FileWire).id)?._owner).toBe(SEED_USERS.patient);
    const other = await upload({ 'meta.target.id': SEED_USERS.patient2, 'meta.target.type': 'user' });
    expect(other.status).toBe(403);
    expect((await upload({ 'meta.target.id': 'usr_nobody', 'meta.target.type': 'user' })).status).toBe(404);
    expect((await upload({ 'meta.target.id': SEED_USERS.patient })).status).toBe(400);
    expect((await upload({ 'meta.target.id': SEED_USERS.patient, 'meta.target.type': 'room' })).status).toBe(
      400,
    );
  });

  it('attaches intake files to a visit or an intake of the caller only', async () => {
    const onVisit = await upload({
      'meta.category': 'intake_attachment',
      'meta.target.id': SEED_VISITS.upcoming,
      'meta.target.type': 'visit',
    });
    expect(onVisit.body.data).toMatchObject({
      meta: { target: { id: SEED_VISITS.upcoming, type: 'visit' } },
    });
    const onIntake = await upload({
      'meta.category': 'intake_attachment',
      'meta.target.id': SEED_INTAKES.upcoming,
      'meta.target.type': 'visit',
    });
    expect(onIntake.body.data).toMatchObject({
      meta: { target: { id: SEED_INTAKES.upcoming, type: 'intake' } },
    });
    const stranger = await upload(
      {
        'meta.category': 'intake_attachment',
        'meta.target.id': SEED_VISITS.upcoming,
        'meta.target.type': 'visit',
      },
      undefined,
      'demo-patient-2',
    );
    expect(stranger.status).toBe(403);
    const listed = (
      await call(
        'GET',
        `/files?target_type=visit&target_id=${SEED_VISITS.upcoming}&category_type=intake_attachment`,
      )
    ).body.data as FileWire[];
    expect(listed.map((f) => f.id).sort()).toEqual(
      [(onVisit.body.data as FileWire).id, (onIntake.body.data as FileWire).id].sort(),
    );
  });

  it('lets a provider put a document on a visit of their clinic, which the patient then lists and reads', async () => {
    const sent = await upload(
      {
        'meta.category': 'user_document',
        'meta.title': 'Visit summary',
        'meta.target.id': SEED_VISITS.upcoming,
        'meta.target.type': 'visit',
      },
      { bytes: 'What we discussed', name: 'Visit summary.txt', type: 'text/plain' },
      'demo-provider',
    );
    expect(sent.status).toBe(200);
    const id = (sent.body.data as FileWire).id;
    expect(db.files.get(id)).toMatchObject({ _owner: SEED_USERS.patient, _account: 'demo' });
    const listed = (
      await call(
        'GET',
        `/files?target_type=visit&target_id=${SEED_VISITS.upcoming}&category_type=user_document`,
      )
    ).body.data as FileWire[];
    const mine = listed.find((f) => f.id === id);
    expect(mine?.creator.id).toBe(SEED_USERS.provider);
    const bytes = await view(mine?.fullpath ?? '');
    expect(bytes.status).toBe(200);
    expect(await bytes.text()).toBe('What we discussed');
  });

  it('refuses a document on a visit of another clinic, even for a patient of both clinics', async () => {
    db.visits.get(SEED_VISITS.upcoming)!.account_code = 'other-clinic';
    const sent = await upload(
      {
        'meta.category': 'user_document',
        'meta.target.id': SEED_VISITS.upcoming,
        'meta.target.type': 'visit',
      },
      undefined,
      'demo-provider',
    );
    expect(sent.status).toBe(404);
    expect(
      [...db.files.values()].some(
        (f) => f.meta?.target?.id === SEED_VISITS.upcoming && f.creator?.id === SEED_USERS.provider,
      ),
    ).toBe(false);
  });
});

describe('GET /files', () => {
  it('lists the caller’s own documents, and shared ones with include_shared', async () => {
    const own = (await call('GET', '/files?category_type=user_document')).body.data as FileWire[];
    expect(own.map((f) => f.id)).toEqual([SEED_FILES.rashPhoto, SEED_FILES.vaccination]);
    const all = (
      await call(
        'GET',
        `/files?target_id=${SEED_USERS.patient}&target_type=user&category_type=user_document&include_shared=1`,
      )
    ).body.data as FileWire[];
    expect(all.map((f) => f.id)).toEqual([
      SEED_FILES.rashPhoto,
      SEED_FILES.visitSummary,
      SEED_FILES.vaccination,
    ]);
    expect(all.find((f) => f.id === SEED_FILES.visitSummary)?.is_deletable).toBe(false);
    expect(all.find((f) => f.id === SEED_FILES.vaccination)?.is_deletable).toBe(true);
  });

  it('validates its parameters and keeps patients to their own record', async () => {
    expect((await call('GET', '/files?category_type=lab')).status).toBe(400);
    expect((await call('GET', '/files?target_type=room')).status).toBe(400);
    expect((await call('GET', '/files?include_shared=maybe')).status).toBe(400);
    expect((await call('GET', '/files?target_type=visit')).status).toBe(400);
    expect((await call('GET', `/files?target_id=${SEED_USERS.patient2}&target_type=user`)).status).toBe(403);
    expect((await call('GET', '/files', { as: null })).status).toBe(401);
    expect((await call('GET', '/files', { as: 'admin' })).status).toBe(400);
    const byProvider = await call(
      'GET',
      `/files?target_id=${SEED_USERS.patient}&target_type=user&include_shared=true`,
      { as: 'demo-provider' },
    );
    expect((byProvider.body.data as FileWire[]).every((f) => !f.is_deletable)).toBe(true);
    const byAdmin = await call(
      'GET',
      `/files?target_id=${SEED_USERS.patient}&target_type=user&include_shared=1`,
      {
        as: 'admin',
      },
    );
    expect((byAdmin.body.data as FileWire[]).map((f) => f.is_deletable)).toEqual([true, false, true]);
  });
});

describe('GET /files/{id} and GET /files/view/{id}', () => {
  it('round-trips the exact bytes with the type and a safe filename', async () => {
    const bytes = new Uint8Array(70_000).map((_, i) => (i * 31) % 256);
    const created = (await upload({}, { bytes, name: '../../"evil"\u202Efdp.pdf', type: 'application/pdf' }))
      .body.data as FileWire;
    const info = (await call('GET', `/files/${created.id}`)).body.data as FileWire;
    const response = await view(info.fullpath);
    expect(response.status).toBe(200);
    expect(response.headers.get('Content-Type')).toBe('application/pdf');
    expect(response.headers.get('X-Content-Type-Options')).toBe('nosniff');
    const disposition = response.headers.get('Content-Disposition') ?? '';
    expect(disposition).toMatch(/^inline; filename="[^"\\/]*"; filename\*=UTF-8''/);
    expect(disposition).not.toContain('\u202E');
    expect(disposition).not.toContain('../');
    expect(new Uint8Array(await response.arrayBuffer())).toEqual(bytes);
  });

  it('refuses a forged or tampered auth_code with 403 and an expired time with 410', async () => {
    const info = (await call('GET', `/files/${SEED_FILES.vaccination}`)).body.data as FileWire;
    const { path, authCode, time } = credentialsOf(info.fullpath);
    const forged = await view(`http://mock.test${path}?auth_code=${'0'.repeat(32)}&time=${time}`);
    expect(forged.status).toBe(403);
    const extended = await view(`http://mock.test${path}?auth_code=${authCode}&time=${Number(time) + 3600}`);
    expect(extended.status).toBe(403);
    const otherFile = await view(
      `http://mock.test/api_v3/files/view/${SEED_FILES.rashPhoto}?auth_code=${authCode}&time=${time}`,
    );
    expect(otherFile.status).toBe(403);
    expect((await view(`http://mock.test${path}`)).status).toBe(403);

    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + (FILE_MOCK_DEFAULTS.linkTtlSeconds + 5) * 1000);
    const expired = await view(info.fullpath);
    expect(expired.status).toBe(410);
    expect(await expired.json()).toEqual({
      code: 410,
      message: 'This link has expired; request the file again',
    });
    // A fresh read gives a fresh link that works.
    const fresh = (await call('GET', `/files/${SEED_FILES.vaccination}`)).body.data as FileWire;
    expect((await view(fresh.fullpath)).status).toBe(200);
  });

  it('serves images as-is when a size is asked for, and validates the size', async () => {
    const info = (await call('GET', `/files/${SEED_FILES.rashPhoto}`)).body.data as FileWire;
    const resized = await view(`${info.fullpath}&size=96x96`);
    expect(resized.status).toBe(200);
    expect(resized.headers.get('Content-Type')).toBe('image/png');
    expect(resized.headers.get('X-Mock-Resize')).toBe('not-applied');
    expect((await resized.arrayBuffer()).byteLength).toBe(info.size);
    expect((await view(`${info.fullpath}&size=big`)).status).toBe(400);
  });

  it('answers 404 for files the caller may not see', async () => {
    expect((await call('GET', `/files/${SEED_FILES.vaccination}`, { as: 'demo-patient-2' })).status).toBe(
      404,
    );
    expect((await call('GET', '/files/file_nope')).status).toBe(404);
    expect((await call('GET', `/files/${SEED_FILES.vaccination}`, { as: 'demo-provider' })).status).toBe(200);
  });
});

describe('POST /files/{id} (rename) and DELETE /files/{id}', () => {
  const form = (fields: Record<string, string>) => ({
    body: new URLSearchParams(fields).toString(),
    contentType: 'application/x-www-form-urlencoded',
  });

  it('renames by meta.title and the deprecated name', async () => {
    const result = await call(
      'POST',
      `/files/${SEED_FILES.vaccination}`,
      form({ 'meta.title': 'Shots 2024', name: 'Shots 2024' }),
    );
    expect(result.status).toBe(200);
    expect(result.body.data).toMatchObject({ name: 'Shots 2024', ext: 'txt', meta: { title: 'Shots 2024' } });
    expect(db.files.get(SEED_FILES.vaccination)).toMatchObject({
      name: 'Shots 2024',
      meta: { title: 'Shots 2024' },
    });
    expect(
      (await call('POST', `/files/${SEED_FILES.vaccination}`, form({ 'meta.title': 'Only title' }))).body
        .data,
    ).toMatchObject({
      name: 'Shots 2024',
      meta: { title: 'Only title' },
    });
  });

  it('refuses empty names, missing fields, and renames by someone other than the uploader', async () => {
    expect(
      (await call('POST', `/files/${SEED_FILES.vaccination}`, form({ 'meta.title': '  ' }))).status,
    ).toBe(400);
    expect((await call('POST', `/files/${SEED_FILES.vaccination}`, form({ other: 'x' }))).status).toBe(400);
    expect(
      (await call('POST', `/files/${SEED_FILES.visitSummary}`, form({ 'meta.title': 'Mine now' }))).status,
    ).toBe(403);
    expect(
      (
        await call('POST', `/files/${SEED_FILES.vaccination}`, {
          ...form({ 'meta.title': 'x' }),
          as: 'demo-patient-2',
        })
      ).status,
    ).toBe(404);
    expect(db.files.get(SEED_FILES.visitSummary)).toMatchObject({ meta: { title: 'Visit summary' } });
  });

  it('deletes deletable files of the caller only, with {data: true}', async () => {
    expect(await call('DELETE', `/files/${SEED_FILES.visitSummary}`)).toEqual({
      status: 403,
      body: { code: 403, message: 'This file cannot be deleted' },
    });
    expect((await call('DELETE', `/files/${SEED_FILES.vaccination}`, { as: 'demo-provider' })).status).toBe(
      403,
    );
    expect((await call('DELETE', `/files/${SEED_FILES.vaccination}`, { as: null })).status).toBe(401);
    expect(await call('DELETE', `/files/${SEED_FILES.vaccination}`)).toEqual({
      status: 200,
      body: { data: true },
    });
    expect(db.files.has(SEED_FILES.vaccination)).toBe(false);
    expect(db.fileBlobs.has(SEED_FILES.vaccination)).toBe(false);
    expect((await call('DELETE', `/files/${SEED_FILES.vaccination}`)).status).toBe(404);
  });
});
