import { db, type UserRecord } from '../db.ts';
import { codeError } from '../lib/errors.ts';
import { decimalInt } from '../lib/params.ts';
import { publicUser } from '../lib/users.ts';

/**
 * The user-area rules of spec 4.1 and 8 that the mock enforces: POST /me validation and the
 * GET /users filters. Refusals are 400 `{code, message}`; a message about one field starts with
 * its name ("pcp_phone: must be exactly 10 digits") so a client can put it on that field
 * (docs/spec-decisions.md).
 */

const fieldError = (field: string, message: string) => codeError(400, `${field}: ${message}`);

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const STATE = /^[A-Z]{2}$/;
const PCP_PHONE = /^\d{10}$/;
const PHONE = /^[0-9+()\-. ]{0,30}$/;
const ZONE_NAME = /^[A-Za-z][A-Za-z0-9_+-]*(\/[A-Za-z0-9_+-]+)*$/;
/** Longest accepted text per field (the spec gives none; these keep the mock honest about bounds). */
const MAX_LENGTH: Record<string, number> = {
  first_name: 100,
  last_name: 100,
  nationality: 100,
  street_addr: 200,
  city: 100,
  zip: 10,
  pcp_name: 200,
};
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;

function isCalendarDate(value: string): boolean {
  const m = DATE.exec(value);
  if (!m) return false;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const date = new Date(Date.UTC(y, mo - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === mo - 1 && date.getUTCDate() === d;
}

/** The canonical IANA name, or null when the runtime does not know the zone. */
export function canonicalZone(value: string): string | null {
  if (!ZONE_NAME.test(value)) return null;
  try {
    return new Intl.DateTimeFormat(undefined, { timeZone: value }).resolvedOptions().timeZone;
  } catch {
    return null;
  }
}

function isAvatarOf(fileId: string, user: UserRecord): boolean {
  const file = db.files.get(fileId);
  if (!file) return false;
  return file.meta?.category === 'user_avatar' && (file.creator?.id === user.id || file._owner === user.id);
}

/** Validates a POST /me body against the caller; returns the fields to change. */
export function validateProfileUpdate(form: URLSearchParams, user: UserRecord): Partial<UserRecord> {
  const patch: Record<string, unknown> = {};
  const has = (key: string) => form.has(key);
  // Every profile field is one line of text: NUL and line breaks are refused, not stored (D16).
  const text = (key: string) => {
    const value = (form.get(key) ?? '').trim();
    if (value.includes('\u0000') || /[\r\n]/.test(value))
      throw fieldError(key, 'must be one line of text without control characters');
    return value;
  };

  for (const key of ['first_name', 'last_name'] as const) {
    if (!has(key)) continue;
    const value = text(key);
    if (!value) throw fieldError(key, 'cannot be empty');
    if (value.length > (MAX_LENGTH[key] ?? 100))
      throw fieldError(key, `must be at most ${MAX_LENGTH[key]} characters`);
    patch[key] = value;
  }
  for (const key of ['nationality', 'street_addr', 'city', 'zip', 'pcp_name'] as const) {
    if (!has(key)) continue;
    const value = text(key);
    const max = MAX_LENGTH[key] ?? 200;
    if (value.length > max) throw fieldError(key, `must be at most ${max} characters`);
    patch[key] = value;
  }
  if (has('phone')) {
    const value = text('phone');
    if (!PHONE.test(value))
      throw fieldError('phone', 'use digits, spaces and + ( ) - only, at most 30 characters');
    patch.phone = value;
  }
  if (has('state')) {
    const value = text('state');
    if (value && !STATE.test(value)) throw fieldError('state', 'must be a 2-letter code such as NY');
    patch.state = value;
  }
  if (has('pcp_phone')) {
    const value = text('pcp_phone');
    if (value && !PCP_PHONE.test(value)) throw fieldError('pcp_phone', 'must be exactly 10 digits');
    patch.pcp_phone = value;
  }
  if (has('dob')) {
    const value = text('dob');
    if (value) {
      if (!isCalendarDate(value)) throw fieldError('dob', 'must be a date in the form YYYY-MM-DD');
      const today = new Date().toISOString().slice(0, 10);
      if (value > today) throw fieldError('dob', 'cannot be in the future');
      if (value < '1900-01-01') throw fieldError('dob', 'must be after 1900-01-01');
    }
    patch.dob = value;
  }
  if (has('gender')) {
    const value = text('gender');
    if (value !== 'male' && value !== 'female') throw fieldError('gender', 'must be male or female');
    patch.gender = value === 'male' ? 1 : 2;
  }
  if (has('tos')) {
    const value = text('tos');
    if (value !== '0' && value !== '1') throw fieldError('tos', 'must be 0 or 1');
    patch.tos = value === '1';
  }
  if (has('timezone')) {
    const zone = canonicalZone(text('timezone'));
    if (!zone) throw fieldError('timezone', 'must be an IANA time zone such as America/New_York');
    patch.timezone = zone;
  }
  if (has('photo')) {
    const value = text('photo');
    if (value === '') {
      patch.photo = '';
      patch._photo_file = undefined;
    } else {
      if (!isAvatarOf(value, user))
        throw fieldError('photo', 'must be the id of an avatar image you uploaded');
      patch._photo_file = value;
      patch.photo = '';
    }
  }
  if (has('password') || has('old_password')) {
    const password = form.get('password') ?? '';
    const old = form.get('old_password');
    if (!has('password')) throw fieldError('password', 'is required with old_password');
    if (password.length < PASSWORD_MIN)
      throw fieldError('password', `must be at least ${PASSWORD_MIN} characters`);
    if (password.length > PASSWORD_MAX)
      throw fieldError('password', `must be at most ${PASSWORD_MAX} characters`);
    if (typeof user._password === 'string' && user._password) {
      // Changing an existing password needs the current one (spec 4.1).
      if (!old) throw fieldError('old_password', 'is required to change your password');
      if (old !== user._password)
        throw fieldError('old_password', 'is not the one you use now: check it and try again');
    }
    patch._password = password;
  }
  if (typeof patch.first_name === 'string' || typeof patch.last_name === 'string') {
    const first = typeof patch.first_name === 'string' ? patch.first_name : user.first_name;
    const last = typeof patch.last_name === 'string' ? patch.last_name : user.last_name;
    patch.full_name = `${first} ${last}`;
  }
  return patch;
}

// GET /users ----------------------------------------------------------------------------------

const LIST_TYPES = new Set([100, 200, 400, 600]);
const SUBTYPES = new Set([460, 470, 480, 482, 484]);
const SORT_FIELDS = new Set([
  'id',
  'full_name',
  'first_name',
  'last_name',
  'email',
  'created',
  'last_login',
  'type',
]);
const SELECTABLE = new Set([
  'id',
  'username',
  'first_name',
  'last_name',
  'full_name',
  'last_login',
  'type',
  'subtype',
]);
export const USERS_DEFAULT_LIMIT = 20;
/** The spec gives no maximum page size; the mock caps it like the message thread (200). */
export const USERS_MAX_LIMIT = 200;
const bad = (message: string) => codeError(400, message);

/** A single value, a comma list, or repeated/bracketed keys (`id=a&id=b`, `id[]=a`). */
function listParam(params: URLSearchParams, key: string): string[] | null {
  const values = [...params.getAll(key), ...params.getAll(`${key}[]`)];
  if (!values.length) return null;
  return values
    .flatMap((v) => v.split(','))
    .map((v) => v.trim())
    .filter(Boolean);
}

function intList(params: URLSearchParams, key: string, allowed?: Set<number>): number[] | null {
  const list = listParam(params, key);
  if (!list) return null;
  return list.map((v) => {
    const n = decimalInt(v);
    if (n === null) throw bad(`${key} must be integers (single or comma-separated)`);
    if (allowed && !allowed.has(n)) throw bad(`${key} must be one of ${[...allowed].join(', ')}`);
    return n;
  });
}

function boolParam(params: URLSearchParams, key: string): boolean | null {
  const value = params.get(key);
  if (value === null || value === '') return null;
  if (['1', 'true'].includes(value)) return true;
  if (['0', 'false'].includes(value)) return false;
  throw bad(`${key} must be a boolean (true/false or 1/0)`);
}

function searchText(params: URLSearchParams, key: string): string | null {
  const value = params.get(key);
  if (value === null) return null;
  const trimmed = value.trim();
  // Spec section 8: search text needs at least 3 characters.
  if (trimmed.length < 3) throw bad(`${key} must be at least 3 characters`);
  return trimmed.toLowerCase();
}

function intParam(params: URLSearchParams, key: string, fallback: number, min: number, max: number): number {
  const value = params.get(key);
  if (value === null || value === '') return fallback;
  const n = decimalInt(value);
  if (n === null || n < min || n > max) throw bad(`${key} must be an integer from ${min} to ${max}`);
  return n;
}

const isAdminUser = (u: UserRecord) => u.is_admin === true || (u.roles ?? []).includes('clinic_admin');
const roomCodes = (u: UserRecord) => (u.rooms ?? []).map((r) => r.code);

/** Filters, sorts and pages the clinic's users as GET /users does (spec 4.1). */
export function listUsersFor(
  params: URLSearchParams,
  accountCode: string,
): { data: Record<string, unknown>[]; total_count: number } {
  const ids = listParam(params, 'id');
  const fullName = searchText(params, 'full_name');
  const email = searchText(params, 'email');
  const q = searchText(params, 'q');
  const types = intList(params, 'type', LIST_TYPES);
  const statuses = intList(params, 'status');
  const subtypes = intList(params, 'subtype', SUBTYPES);
  const roles = listParam(params, 'role');
  const exFilter = params.get('ex_filter');
  if (exFilter !== null && exFilter !== 'all' && exFilter !== 'my-patient')
    throw bad('ex_filter must be all or my-patient');
  if (exFilter === 'my-patient') {
    // "By own visits" needs a provider behind the call; the clinic admin token has no visits.
    throw bad(
      'ex_filter=my-patient filters by the caller’s own visits and cannot be used with the clinic admin token',
    );
  }
  const isHidden = boolParam(params, 'is_hidden');
  const isAdmin = boolParam(params, 'is_admin');
  const room = params.get('room_code') || null;
  const account = params.get('account_code') || null;
  const group = params.get('group') || null;
  const sort = params.get('sort');
  let sortField = 'created';
  let sortDir: 'asc' | 'desc' = 'desc';
  if (sort) {
    const m = /^([a-z_]+)\.(asc|desc)$/.exec(sort);
    if (!m || !SORT_FIELDS.has(m[1] ?? '')) {
      throw bad(`sort must look like full_name.asc; fields: ${[...SORT_FIELDS].join(', ')}`);
    }
    sortField = m[1] ?? 'created';
    sortDir = m[2] === 'asc' ? 'asc' : 'desc';
  }
  const start = intParam(params, 'start', 0, 0, 1_000_000);
  const limit = intParam(params, 'limit', USERS_DEFAULT_LIMIT, 1, USERS_MAX_LIMIT);
  const fields = listParam(params, 'fields');
  if (fields) {
    const unknown = fields.filter((f) => !SELECTABLE.has(f));
    if (unknown.length)
      throw bad(`fields may only list ${[...SELECTABLE].join(', ')}; not ${unknown.join(', ')}`);
  }
  const words = (fullName ?? '').split(/\s+/).filter(Boolean);

  const matches = [...db.users.values()].filter((u) => {
    if (u.account_code !== (account ?? accountCode)) return false;
    if (ids && !ids.includes(u.id)) return false;
    if (words.length && !words.every((w) => u.full_name.toLowerCase().includes(w))) return false;
    if (email && !u.email.toLowerCase().includes(email)) return false;
    if (q && !u.full_name.toLowerCase().includes(q) && !u.email.toLowerCase().includes(q)) return false;
    if (types && !types.includes(u.type)) return false;
    if (statuses && !statuses.includes(u.status)) return false;
    if (subtypes && !subtypes.includes(Number(u.subtype))) return false;
    if (roles && !roles.some((r) => (u.roles ?? []).includes(r))) return false;
    if (exFilter === 'all' && roomCodes(u).length === 0) return false;
    if (isHidden !== null && (u.is_hidden === true) !== isHidden) return false;
    if (isAdmin !== null && isAdminUser(u) !== isAdmin) return false;
    if (room && !roomCodes(u).includes(room)) return false;
    if (group && u.group !== group) return false;
    return true;
  });

  const key = (u: UserRecord): string | number => {
    const value = u[sortField];
    if (typeof value === 'number') return value;
    return typeof value === 'string' ? value.toLowerCase() : '';
  };
  matches.sort((a, b) => {
    const [x, y] = [key(a), key(b)];
    const order = x < y ? -1 : x > y ? 1 : a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
    return sortDir === 'asc' ? order : -order;
  });

  const page = matches.slice(start, start + limit).map((u) => {
    // A user who never signed in has `last_login: null` rather than no key (spec 4.1 `fields`).
    const wire = { ...publicUser(u), last_login: u.last_login ?? null };
    if (!fields) return wire;
    // `id` always comes back: without it a row cannot be told apart (docs/spec-decisions.md).
    return Object.fromEntries(Object.entries(wire).filter(([k]) => k === 'id' || fields.includes(k)));
  });
  return { data: page, total_count: matches.length };
}
