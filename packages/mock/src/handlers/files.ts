import { http, HttpResponse, type HttpHandler } from 'msw';
import { z } from 'zod';
import { FILE_TYPES, fileTypeOf, UPLOAD_MAX_BYTES } from '@telehealth/client/files/file-types';
import { FILE_CATEGORIES, FileRecordSchema, type FileCategory } from '@telehealth/client/files/schemas';
import { db, nowSeconds, type StoredFile, type UserRecord } from '../db.ts';
import { inClinic, isStaff, requireUserOrAdmin } from '../lib/auth.ts';
import { codeError } from '../lib/errors.ts';
import { checkText, TEXT_LIMITS } from '../lib/text.ts';
import { queryOf } from '../lib/params.ts';
import { ok } from '../lib/respond.ts';
import { api } from '../lib/routes.ts';

/**
 * Files (spec 4.7). Decisions where the spec is silent (docs/spec-decisions.md):
 * - Uploads are at most 25 MB (413 `{code, message}`), never empty, and of the document types
 *   the portal offers (415 otherwise); avatars must be images.
 * - Who sees a file: a patient sees files on their own record (target user = them, or a visit or
 *   intake of theirs), files they uploaded, and anyone's avatar; providers and the clinic admin
 *   token see every file of the clinic. A file the caller may not see answers 404 (ids do not leak).
 * - `include_shared`: without it, a user-targeted list holds only files the target uploaded
 *   themselves; with it, also files others (providers, the clinic) shared onto their record.
 * - `is_deletable` is answered per caller: the stored flag, and only for the uploader or the
 *   clinic admin token. DELETE of anything else is 403.
 * - `fullpath` = `{api base}/files/view/{id}?auth_code=…&time=…`; `auth_code` is a keyed digest of
 *   id and time, `time` the expiry (now + 5 minutes). The view endpoint is USER like every file
 *   endpoint (spec 4.7): the token is required (401 without), and then a wrong code is 403, an
 *   expired time 410. One exception: a `user_avatar` link also works without a token, because
 *   the portal shows the `/me` photo in a plain <img> (which cannot send headers).
 * - `size=WxH` is validated but images are served as-is (the mock has no image codec).
 */

export const FILE_MOCK_DEFAULTS = {
  /** Largest upload accepted. */
  maxBytes: UPLOAD_MAX_BYTES,
  /** Lifetime of a `fullpath` link. */
  linkTtlSeconds: 5 * 60,
};
export const fileMockConfig = { ...FILE_MOCK_DEFAULTS };

const LINK_SECRET = 'mock-file-link-secret';

/** Types a browser may display in a tab without running anything. */
const INLINE_TYPES = new Set<string>(
  Object.values(FILE_TYPES)
    .filter((type) => type.isInline)
    .map((type) => type.mime),
);

const ADMIN_CREATOR = {
  id: 'clinic-admin',
  username: 'clinic-admin',
  email: '',
  full_name: 'Clinic administrator',
  type: 100,
};

type Caller = { user: UserRecord | null; isAdmin: boolean; clinic: string };

function auth(request: Request): Caller {
  return requireUserOrAdmin(request, { account: true });
}

const bad = (message: string) => codeError(400, message);

function extOf(name: string): string {
  const base = name.split(/[\\/]/).pop() ?? '';
  const dot = base.lastIndexOf('.');
  return dot > 0 ? base.slice(dot + 1).toLowerCase() : '';
}

/** The patient whose record a file belongs to, for access checks. */
function ownerOf(file: StoredFile): string | null {
  return typeof file._owner === 'string' ? file._owner : null;
}

function creatorId(file: StoredFile): string | null {
  return file.creator?.id ?? null;
}

/** Whether a user id names a user of the caller's clinic. */
function userInClinic(caller: Caller, id: string | null): boolean {
  const user = id ? db.users.get(id) : undefined;
  return !!user && inClinic(user, caller.clinic);
}

/**
 * A file belongs to the clinic it was uploaded in (`_account`); a seeded file to the home clinic of
 * the patient whose record holds it (or of its creator). A patient of two clinics has two sets.
 */
function fileInClinic(caller: Caller, file: StoredFile): boolean {
  if (typeof file._account === 'string') return file._account === caller.clinic;
  const owner = ownerOf(file);
  const home = owner ? db.users.get(owner)?.account_code : undefined;
  if (home) return home === caller.clinic;
  if (owner) return userInClinic(caller, owner);
  const creator = creatorId(file);
  return creator === ADMIN_CREATOR.id ? caller.clinic === 'demo' : userInClinic(caller, creator);
}

function canSee(caller: Caller, file: StoredFile): boolean {
  if (!fileInClinic(caller, file)) return false;
  if (caller.isAdmin) return true;
  const user = caller.user;
  if (!user) return false;
  if (isStaff(user)) return true;
  // Avatars are shown to others (a provider's photo on a patient's screen).
  if (categoryOf(file) === 'user_avatar') return true;
  return ownerOf(file) === user.id || creatorId(file) === user.id;
}

function canDelete(caller: Caller, file: StoredFile): boolean {
  if (file.is_deletable !== true) return false;
  if (caller.isAdmin) return true;
  return !!caller.user && creatorId(file) === caller.user.id;
}

function canEdit(caller: Caller, file: StoredFile): boolean {
  if (caller.isAdmin) return true;
  return !!caller.user && creatorId(file) === caller.user.id;
}

/** `{api base}` of the request, e.g. `http://127.0.0.1:8787/api_v3`, so links work on any host. */
function apiBaseOf(request: Request): string {
  const url = new URL(request.url);
  const at = url.pathname.indexOf('/api_v3');
  return `${url.origin}${url.pathname.slice(0, at + '/api_v3'.length)}`;
}

async function linkCode(id: string, time: number): Promise<string> {
  const bytes = new TextEncoder().encode(`${LINK_SECRET}\n${id}\n${time}`);
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', bytes));
  return [...digest.slice(0, 16)].map((b) => b.toString(16).padStart(2, '0')).join('');
}

/** The wire form for this caller: mock-only fields dropped, a fresh link, `is_deletable` per caller. */
async function present(file: StoredFile, caller: Caller, request: Request): Promise<Record<string, unknown>> {
  const time = nowSeconds() + fileMockConfig.linkTtlSeconds;
  const code = await linkCode(file.id, time);
  const wire = Object.fromEntries(Object.entries(file).filter(([key]) => !key.startsWith('_')));
  return {
    ...wire,
    creator: creatorFor(caller, file),
    fullpath: `${apiBaseOf(request)}/files/view/${encodeURIComponent(file.id)}?auth_code=${code}&time=${time}`,
    is_deletable: canDelete(caller, file),
  };
}

/** New files get unguessable ids (the seeded ones keep their fixed ids, DESIGN.md section 3). */
function randomFileId(): string {
  const bytes = new Uint8Array(12);
  crypto.getRandomValues(bytes);
  return `file_${[...bytes].map((b) => b.toString(16).padStart(2, '0')).join('')}`;
}

/** Whose file this is is shown to its creator and the clinic; an avatar shown to others names nobody. */
function creatorFor(caller: Caller, file: StoredFile): StoredFile['creator'] {
  if (categoryOf(file) !== 'user_avatar' || caller.isAdmin) return file.creator;
  const user = caller.user;
  if (user && (isStaff(user) || creatorId(file) === user.id)) return file.creator;
  return null;
}

function findFile(caller: Caller, id: string): StoredFile {
  const file = db.files.get(id);
  if (!file || !canSee(caller, file)) throw codeError(404, 'File not found');
  return file;
}

function toBase64(bytes: Uint8Array): string {
  let binary = '';
  const CHUNK = 0x8000;
  for (let i = 0; i < bytes.length; i += CHUNK) {
    binary += String.fromCharCode(...bytes.subarray(i, i + CHUNK));
  }
  return btoa(binary);
}

function fromBase64(base64: string): Uint8Array<ArrayBuffer> {
  const binary = atob(base64);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i += 1) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

/** A Content-Disposition filename that cannot break the header or name a path. */
function dispositionName(name: string): { ascii: string; encoded: string } {
  const base = (name.split(/[\\/]/).pop() ?? '')
    // eslint-disable-next-line no-control-regex -- control and bidi characters are what we strip
    .replace(/[\u0000-\u001f\u007f-\u009f\u200b-\u200f\u202a-\u202e\u2066-\u2069]/g, '')
    .replace(/^[.\s]+/, '')
    .trim();
  const safe = base === '' ? 'download' : base;
  return {
    ascii: safe.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_'),
    encoded: encodeURIComponent(safe),
  };
}

interface Target {
  id: string;
  type: 'user' | 'visit' | 'intake';
  owner: string;
}

/** Resolves `meta.target.*` of an upload, enforcing who may upload for whom. */
function resolveTarget(caller: Caller, form: FormData): Target {
  const id = stringField(form, 'meta.target.id');
  const type = stringField(form, 'meta.target.type');
  if (!id && !type) {
    // The spec: an upload for someone else (and any upload with the clinic admin token) names its target.
    if (caller.isAdmin || !caller.user) {
      throw bad('meta.target.id and meta.target.type=user are required when uploading for a patient');
    }
    return { id: caller.user.id, type: 'user', owner: caller.user.id };
  }
  if (!id) throw bad('meta.target.id is required when meta.target.type is given');
  if (!type) throw bad('meta.target.type is required when meta.target.id is given');
  if (type !== 'user' && type !== 'visit') throw bad('meta.target.type must be user or visit');
  if (caller.isAdmin && type !== 'user')
    throw bad('Uploads with the clinic admin token must target a user (meta.target.type=user)');

  if (type === 'user') {
    const target = db.users.get(id);
    if (!target || !inClinic(target, caller.clinic)) throw codeError(404, 'User not found');
    const user = caller.user;
    if (user && user.id !== id && !isStaff(user))
      throw codeError(403, 'You may only upload files to your own record');
    return { id, type: 'user', owner: id };
  }

  // A visit, or an intake whose visit does not exist yet (intake attachments).
  const visit = db.visits.get(id);
  const intake = visit ? undefined : db.intakes.get(id);
  const record = visit ?? intake;
  const owner = typeof record?.member_id === 'string' ? record.member_id : '';
  if (!record || !userInClinic(caller, owner)) throw codeError(404, 'Visit not found');
  // A visit belongs to one clinic: a patient of two clinics does not open one clinic's visits to
  // the other's staff (the same rule as listing a visit's files).
  if (visit && visit.account_code !== caller.clinic) throw codeError(404, 'Visit not found');
  const user = caller.user;
  if (user && !isStaff(user) && owner !== user.id) throw codeError(403, 'Not a participant on this visit');
  return { id, type: visit ? 'visit' : 'intake', owner };
}

function stringField(form: FormData, key: string): string | undefined {
  const value = form.get(key);
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined;
}

function parseBoolean(value: string | null, key: string): boolean | undefined {
  if (value === null || value === '') return undefined;
  if (value === '1' || value === 'true') return true;
  if (value === '0' || value === 'false') return false;
  throw bad(`${key} must be a boolean (1, 0, true or false)`);
}

function isCategory(value: string): value is FileCategory {
  return (FILE_CATEGORIES as readonly string[]).includes(value);
}

/** Does a file sit on this target? Intake attachments also show on the visit made from the intake. */
function onTarget(file: StoredFile, targetId: string, targetType: 'user' | 'visit'): boolean {
  const target = file.meta?.target;
  if (!target) return false;
  if (targetType === 'user') return target.type === 'user' && target.id === targetId;
  if (target.type === 'visit') return target.id === targetId;
  if (target.type === 'intake') {
    const visit = db.visits.get(targetId);
    return target.id === targetId || (!!visit && visit.intake_id === target.id);
  }
  return false;
}

/** The files that may sit on a target, from the files-by-target index (`onTarget` decides). */
function filesOnTarget(targetId: string, targetType: 'user' | 'visit'): Set<StoredFile> {
  if (targetType === 'user') return new Set(db.files.by('target', `user:${targetId}`));
  const intakeId = db.visits.get(targetId)?.intake_id;
  return new Set([
    ...db.files.by('target', `visit:${targetId}`),
    ...db.files.by('target', `intake:${targetId}`),
    ...(intakeId ? db.files.by('target', `intake:${intakeId}`) : []),
  ]);
}

function categoryOf(file: StoredFile): string | undefined {
  return file.meta?.category ?? undefined;
}

const FileListSchema = z.array(FileRecordSchema);

export const filesHandlers: HttpHandler[] = [
  http.post(api('/files'), async ({ request }) => {
    const caller = auth(request);
    const declared = Number(request.headers.get('Content-Length') ?? '0');
    // Refuse early when the declared body is clearly over the limit (multipart adds a little).
    if (declared > fileMockConfig.maxBytes + 64 * 1024) throw codeError(413, 'The file is larger than 25 MB');
    let form: FormData;
    try {
      form = await request.formData();
    } catch {
      throw bad('Send the file as multipart/form-data');
    }
    const file = form.get('file');
    if (file === null || typeof file === 'string') throw bad('file is required');
    if (file.size === 0) throw bad('file is empty');
    if (file.size > fileMockConfig.maxBytes) throw codeError(413, 'The file is larger than 25 MB');

    const categoryValue = stringField(form, 'meta.category') ?? 'user_document';
    if (!isCategory(categoryValue)) throw bad(`meta.category must be one of ${FILE_CATEGORIES.join(', ')}`);
    const ext = extOf(file.name);
    const fileType = fileTypeOf(ext);
    if (!fileType) throw codeError(415, 'This type of file is not accepted');
    const mime = fileType.mime;
    if (categoryValue === 'user_avatar' && !fileType.isImage)
      throw codeError(415, 'An avatar must be an image');
    const title = stringField(form, 'meta.title');
    if (title && title.length > 255) throw bad('meta.title must be at most 255 characters');
    const description = stringField(form, 'meta.description');
    checkText('file name', file.name, TEXT_LIMITS.fileName);
    checkText('meta.title', title, TEXT_LIMITS.fileName);
    checkText('meta.description', description, TEXT_LIMITS.description, false);
    const target = resolveTarget(caller, form);

    const bytes = new Uint8Array(await file.arrayBuffer());
    const id = randomFileId();
    const creator = caller.user
      ? {
          id: caller.user.id,
          username: caller.user.username,
          email: caller.user.email,
          full_name: caller.user.full_name,
          type: caller.user.type,
        }
      : ADMIN_CREATOR;
    const record: StoredFile = {
      id,
      // The original name is kept as sent (it is only ever shown as text and never used in paths).
      name: file.name || 'file',
      size: bytes.length,
      ext,
      meta: {
        category: categoryValue,
        title: title ?? null,
        description: description ?? null,
        target: { id: target.id, type: target.type },
        account: { code: request.headers.get('X-AccountCode') ?? 'demo' },
      },
      creator,
      created: nowSeconds(),
      is_deletable: true,
      _owner: target.owner,
      _account: caller.clinic,
      _mime: mime,
    };
    db.fileBlobs.set(id, toBase64(bytes));
    db.files.set(id, record);
    return ok(FileRecordSchema, await present(record, caller, request));
  }),

  http.get(api('/files'), async ({ request }) => {
    const caller = auth(request);
    const query = queryOf(request);
    const category = query.get('category_type') || undefined;
    if (category !== undefined && !isCategory(category)) {
      throw bad(`category_type must be one of ${FILE_CATEGORIES.join(', ')}`);
    }
    const targetTypeValue = query.get('target_type') || undefined;
    if (targetTypeValue !== undefined && targetTypeValue !== 'user' && targetTypeValue !== 'visit') {
      throw bad('target_type must be user or visit');
    }
    const includeShared = parseBoolean(query.get('include_shared'), 'include_shared') ?? false;
    let targetId = query.get('target_id') || undefined;
    const targetType = targetTypeValue ?? 'user';
    if (!targetId) {
      if (targetTypeValue === 'visit') throw bad('target_id is required with target_type=visit');
      if (!caller.user) throw bad('target_id is required with the clinic admin token');
      targetId = caller.user.id;
    }

    if (targetType === 'user') {
      if (!userInClinic(caller, targetId)) throw codeError(404, 'User not found');
      if (caller.user && !isStaff(caller.user) && caller.user.id !== targetId) {
        throw codeError(403, 'You may only list your own files');
      }
    } else {
      const visit = db.visits.get(targetId);
      if (!visit || visit.account_code !== caller.clinic) throw codeError(404, 'Visit not found');
      if (caller.user && !isStaff(caller.user) && visit.member_id !== caller.user.id) {
        throw codeError(403, 'Not a participant on this visit');
      }
    }

    const files = [...filesOnTarget(targetId, targetType)]
      .filter((file) => canSee(caller, file))
      .filter((file) => onTarget(file, targetId, targetType))
      .filter((file) => !category || categoryOf(file) === category)
      // A user's own list holds what they uploaded; shared files are those others put on their record.
      .filter((file) => targetType !== 'user' || includeShared || creatorId(file) === targetId)
      .sort((a, b) => Number(b.created) - Number(a.created) || b.id.localeCompare(a.id));
    const payload = await Promise.all(files.map((file) => present(file, caller, request)));
    return ok(FileListSchema, payload);
  }),

  http.get(api('/files/view/:id'), async ({ request, params }) => {
    const id = String(params.id);
    const isAvatar = db.files.get(id)?.meta?.category === 'user_avatar';
    if (!isAvatar || request.headers.has('X-ApiToken')) auth(request);
    const query = queryOf(request);
    const code = query.get('auth_code');
    const time = query.get('time');
    if (!code || !time) throw codeError(403, 'This link is missing its auth_code or time');
    if (!/^\d+$/.test(time) || code !== (await linkCode(id, Number(time)))) {
      throw codeError(403, 'This link is not valid');
    }
    if (Number(time) < nowSeconds()) throw codeError(410, 'This link has expired; request the file again');
    const size = query.get('size');
    if (size !== null && !/^\d{1,4}x\d{1,4}$/.test(size)) throw bad('size must look like WxH, e.g. 96x96');
    const file = db.files.get(id);
    const base64 = db.fileBlobs.get(id);
    if (!file || base64 === undefined) throw codeError(404, 'File not found');
    const bytes = fromBase64(base64);
    const mime = typeof file._mime === 'string' ? file._mime : 'application/octet-stream';
    const { ascii, encoded } = dispositionName(String(file.name));
    const disposition = INLINE_TYPES.has(mime) ? 'inline' : 'attachment';
    return new HttpResponse(bytes, {
      status: 200,
      headers: {
        'Content-Type': mime,
        'Content-Length': String(bytes.length),
        'Content-Disposition': `${disposition}; filename="${ascii}"; filename*=UTF-8''${encoded}`,
        'X-Content-Type-Options': 'nosniff',
        // Served from the API origin: even a file opened in a tab can run nothing.
        'Content-Security-Policy':
          "sandbox; default-src 'none'; img-src 'self' data:; style-src 'unsafe-inline'",
        'Referrer-Policy': 'no-referrer',
        'Cache-Control': 'private, no-store',
        ...(size ? { 'X-Mock-Resize': 'not-applied' } : {}),
      },
    });
  }),

  http.get(api('/files/:id'), async ({ request, params }) => {
    const caller = auth(request);
    const file = findFile(caller, String(params.id));
    return ok(FileRecordSchema, await present(file, caller, request));
  }),

  http.post(api('/files/:id'), async ({ request, params }) => {
    const caller = auth(request);
    const file = findFile(caller, String(params.id));
    let form: FormData;
    try {
      form = await request.formData();
    } catch {
      throw bad('Send the fields form-urlencoded');
    }
    const text = (key: string) => {
      const value = form.get(key);
      return typeof value === 'string' ? value.trim() : undefined;
    };
    const name = text('name');
    const title = text('meta.title');
    const description = text('meta.description');
    if (name === undefined && title === undefined)
      throw bad('meta.title (or the deprecated name) is required');
    if (name === '' || title === '') throw bad('The new name must not be empty');
    if ((name?.length ?? 0) > 255 || (title?.length ?? 0) > 255)
      throw bad('The new name must be at most 255 characters');
    checkText('name', name, TEXT_LIMITS.fileName);
    checkText('meta.title', title, TEXT_LIMITS.fileName);
    checkText('meta.description', description, TEXT_LIMITS.description, false);
    if (!canEdit(caller, file)) throw codeError(403, 'Only the person who uploaded this file can rename it');
    const meta = { ...file.meta };
    if (title !== undefined) meta.title = title;
    if (description !== undefined) meta.description = description;
    const updated: StoredFile = { ...file, meta, ...(name !== undefined ? { name } : {}) };
    db.files.set(file.id, updated);
    return ok(FileRecordSchema, await present(updated, caller, request));
  }),

  http.delete(api('/files/:id'), ({ request, params }) => {
    const caller = auth(request);
    const file = findFile(caller, String(params.id));
    if (!canDelete(caller, file)) throw codeError(403, 'This file cannot be deleted');
    db.files.delete(file.id);
    db.fileBlobs.delete(file.id);
    return ok(z.literal(true), true);
  }),
];
