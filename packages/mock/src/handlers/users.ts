import { getResponse, http, HttpResponse } from 'msw';
import { z } from 'zod';
import {
  ProfileSchema,
  RefreshResultSchema,
  SsoResultSchema,
  UserListSchema,
  UserSchema,
} from '@telehealth/client/users/schemas';
import { db, nextId, nowSeconds, type UserRecord } from '../db.ts';
import {
  inClinic,
  isStaff,
  issueAccessToken,
  issuePair,
  liveAccessToken,
  mockConfig,
  pairBody,
  requireAccountHeader,
  requireAdmin,
  requireKeySecret,
  requireUser,
  revokeFamily,
} from '../lib/auth.ts';
import { codeError, userAreaError } from '../lib/errors.ts';
import { formBody } from '../lib/params.ts';
import { isSpecProfile } from '../lib/profile.ts';
import { checkText, TEXT_LIMITS } from '../lib/text.ts';
import { ok, raw } from '../lib/respond.ts';
import { api } from '../lib/routes.ts';
import { findUserByCode, profileOf, publicUser } from '../lib/users.ts';
import { filesHandlers } from './files.ts';
import { listUsersFor, validateProfileUpdate } from './users-rules.ts';

const SSO_TYPES = new Set([200, 400, 600]);
const STATE = /^[A-Z]{2}$/;
const DATE = /^\d{4}-\d{2}-\d{2}$/;

/** POST /users/sso: create (or find by `code`) a user and issue a token pair. */
export const ssoHandler = http.post(api('/users/sso'), async ({ request }) => {
  const accountCode = requireKeySecret(request);
  let form: FormData;
  try {
    form = await request.formData();
  } catch {
    throw codeError(400, 'Send the fields as multipart/form-data');
  }
  const field = (key: string) => {
    const value = form.get(key);
    return typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined;
  };
  const firstName = field('first_name');
  const lastName = field('last_name');
  const type = Number(field('type'));
  if (!firstName) throw codeError(400, 'first_name is required');
  if (!lastName) throw codeError(400, 'last_name is required');
  checkText('first_name', firstName, TEXT_LIMITS.personName);
  checkText('last_name', lastName, TEXT_LIMITS.personName);
  if (!SSO_TYPES.has(type)) throw codeError(400, 'type must be 200, 400 or 600');
  const code = field('code');
  if ((type === 200 || type === 400) && !code) throw codeError(400, 'code is required for type 200 and 400');
  if (code && code.length > 128) throw codeError(400, 'code must be at most 128 characters');
  const state = field('state');
  if (state && !STATE.test(state)) throw codeError(400, 'state must be a 2-letter code');
  const dob = field('dob');
  if (dob && !DATE.test(dob)) throw codeError(400, 'dob must be YYYY-MM-DD');
  const gender = field('gender');
  if (gender && gender !== 'male' && gender !== 'female')
    throw codeError(400, 'gender must be male or female');

  let user = code ? findUserByCode(code) : undefined;
  if (user && user.type !== type) throw codeError(400, 'code belongs to a user of another type');
  if (!user) {
    const id = nextId('usr');
    user = {
      id,
      code: code ?? `guest-${id}`,
      type,
      first_name: firstName,
      last_name: lastName,
      full_name: `${firstName} ${lastName}`,
      username: field('username') ?? `${firstName.toLowerCase()}.${id}`,
      email: field('email') ?? '',
      platformid: `pf-${id}`,
      account_code: accountCode,
      clinics: [accountCode],
      tos: type !== 200,
      active: true,
      status: 1,
      subtype: '',
      timezone: 'America/New_York',
      created: nowSeconds(),
      dob: dob ?? '',
      gender: gender === 'male' ? 1 : gender === 'female' ? 2 : 0,
      phone: field('phone') ?? '',
      street_addr: field('street_addr') ?? '',
      city: field('city') ?? '',
      state: state ?? '',
      zip: field('zip') ?? '',
      rooms: [],
    } satisfies UserRecord;
    db.users.set(id, user);
  }
  // Single sign-on with a clinic's key and secret associates the user with that clinic.
  if (!user.clinics.includes(accountCode)) user.clinics = [...user.clinics, accountCode];
  const pair = issuePair(user.id);
  const payload = {
    id: user.id,
    code: user.code,
    first_name: user.first_name,
    last_name: user.last_name,
    username: user.username,
    platformid: user.platformid,
    dob: user.dob,
    active: user.active,
    tos: user.tos,
    subtype: user.subtype,
    type: user.type,
    token: pairBody(pair),
  };
  return ok(SsoResultSchema, payload);
});

/**
 * GET /auth. A browser navigating here gets the spec's 302; the portal asks for JSON and gets
 * its own fresh session (a new token family), which is how one-time links stay one-time. The JSON
 * exchange is an extension (`auth-json`): the spec profile answers only the 302, whatever is asked.
 */
export const authHandler = http.get(api('/auth'), ({ request }) => {
  const params = new URL(request.url).searchParams;
  const ssoToken = params.get('sso_token');
  if (!ssoToken) throw codeError(400, 'sso_token is required');
  const record = db.tokens.get(ssoToken);
  const live = liveAccessToken(ssoToken);
  if (!record || !live) {
    // A consumed one-time token, an expired or unknown one: the user-area quirk (401 saying 404).
    throw userAreaError(401, 'This sign-in link is invalid or has expired.');
  }
  const user = db.users.get(record.userId);
  if (!user?.active) throw userAreaError(401);
  if (params.get('one_time_token') === '1') record.consumed = true;
  const wantsJson = (request.headers.get('Accept') ?? '').includes('application/json');
  if (!wantsJson || isSpecProfile()) {
    return new HttpResponse(null, { status: 302, headers: { Location: landingPath(params.get('next')) } });
  }
  const pair = issuePair(user.id);
  // The new family keeps the presented token's start: the 12-hour cap counts from the SSO
  // sign-in, and a tab hand-off (which presents a live access token here) cannot extend it.
  const startedAt = db.families.get(record.family)?.startedAt;
  const family = db.families.get(pair.access.family);
  if (family && startedAt !== undefined) family.startedAt = Math.min(family.startedAt, startedAt);
  return ok(SsoResultSchema, { ...publicUser(user), token: pairBody(pair) });
});

/**
 * Where `GET /auth` may send a browser: a path of this origin, read the way a browser reads it
 * (tab, CR and LF removed, `\\` taken as `/`); anything that would leave the origin lands on `/`.
 * The decision is on the normalised path, never the raw text: `/.//x`, `/..//x` and `/%2e//x`
 * all resolve to `//x`, which a browser follows to another host. Location is built from the
 * normalised pathname, search and hash. Line breaks are refused with 400: they could only split
 * the Location header.
 */
function landingPath(next: string | null): string {
  if (next === null || next === '') return '/';
  if (/[\r\n]/.test(next)) throw codeError(400, 'next must not contain line breaks');
  const read = next.replace(/\t/g, '').replace(/\\/g, '/');
  if (!read.startsWith('/') || read.startsWith('//')) return '/';
  const origin = 'https://origin.invalid';
  let url: URL;
  try {
    url = new URL(read, origin);
  } catch {
    return '/';
  }
  if (url.origin !== origin) return '/';
  const { pathname } = url;
  if (!pathname.startsWith('/') || pathname.startsWith('//') || pathname.startsWith('/\\')) return '/';
  return `${pathname}${url.search}${url.hash}`;
}

export const userHandlers = [
  ssoHandler,
  authHandler,

  http.get(api('/me'), async ({ request }) => {
    const { user } = requireUser(request, { style: 'user-area' });
    const size = new URL(request.url).searchParams.get('user_photo_size');
    if (size && !/^\d{1,4}x\d{1,4}$/.test(size))
      throw codeError(400, 'user_photo_size: use WxH, for example 96x96');
    return ok(ProfileSchema, await profileWithPhoto(request, user, size));
  }),

  http.post(api('/me'), async ({ request }) => {
    const { user } = requireUser(request, { style: 'user-area' });
    const type = request.headers.get('Content-Type') ?? '';
    if (!type.includes('application/x-www-form-urlencoded')) {
      throw codeError(400, 'Send the fields as application/x-www-form-urlencoded');
    }
    const form = await formBody(request);
    const patch = validateProfileUpdate(form, user);
    Object.assign(user, patch);
    return ok(ProfileSchema, await profileWithPhoto(request, user, null));
  }),

  http.get(api('/users'), ({ request }) => {
    const { accountCode } = requireAdmin(request);
    return raw(UserListSchema, listUsersFor(new URL(request.url).searchParams, accountCode));
  }),

  http.post(api('/tokens/refresh'), async ({ request }) => {
    requireAccountHeader(request);
    const form = await formBody(request);
    const presented = form.get('refresh_token');
    if (!presented) throw codeError(400, 'refresh_token is required');
    const record = db.tokens.get(presented);
    if (!record || record.kind !== 'refresh' || record.revoked) throw codeError(401, 'Invalid refresh token');
    if (record.spent) {
      // Reuse of a rotated refresh token: someone else may hold it. Revoke the whole family.
      revokeFamily(record.family);
      throw codeError(401, 'Refresh token reuse detected; the session was ended');
    }
    const now = nowSeconds();
    const family = db.families.get(record.family);
    if (record.expiry <= now || !family || now - family.startedAt >= mockConfig.sessionMaxSeconds) {
      revokeFamily(record.family);
      throw codeError(401, 'Session expired; sign in again');
    }
    const user = db.users.get(record.userId);
    if (!user?.active) throw codeError(401, 'Invalid refresh token');
    // Full profile: each refresh token is single-use (rotation; reuse ends the family). Spec
    // profile: the answer of spec 2.2 names no refresh token, so none is issued and the presented
    // one stays usable until its own expiry (or the session cap), as the only one the caller has.
    const spec = isSpecProfile();
    if (!spec) record.spent = true;
    // The access tokens of the family issued before this refresh stop working.
    for (const t of db.tokens.values()) {
      if (t.family === record.family && t.kind === 'access' && !t.revoked) t.revoked = true;
    }
    let tokens: Record<string, unknown>;
    if (spec) {
      const access = issueAccessToken(user.id, record.family);
      tokens = { user_id: access.userId, token: access.token, expiry: access.expiry };
    } else {
      tokens = pairBody(issuePair(user.id, record.family));
    }
    const body = {
      ...tokens,
      user_type: String(user.type),
      user: {
        id: user.id,
        code: user.code,
        username: user.username,
        first_name: user.first_name,
        last_name: user.last_name,
        email: user.email,
        dob: user.dob,
        gender: user.gender === 1 ? 'male' : user.gender === 2 ? 'female' : '',
      },
    };
    return ok(RefreshResultSchema, body);
  }),

  http.post(api('/users/logout'), async ({ request }) => {
    const { user } = requireUser(request, { style: 'user-area' });
    const form = await formBody(request);
    const listed = (form.get('tokens') ?? '')
      .split(',')
      .map((t) => t.trim())
      .filter(Boolean);
    // A caller revokes only its own tokens; another user's are left alone, silently, so the
    // answer says nothing about whether they exist (docs/spec-decisions.md, Mock authorization).
    for (const token of listed) {
      const record = db.tokens.get(token);
      if (record && record.userId === user.id) record.revoked = true;
    }
    return ok(z.boolean(), true);
  }),

  /**
   * ACCOUNT scheme, JSON `{email}`. Always 200 with the same body, known email or not, so the
   * endpoint never reveals who is a user (the spec shows no parameters; docs/spec-decisions.md).
   */
  http.post(api('/users/reset_password'), async ({ request }) => {
    requireAccountHeader(request);
    const body: unknown = await request.json().catch(() => null);
    const email = body && typeof body === 'object' ? (body as { email?: unknown }).email : undefined;
    if (typeof email !== 'string' || email.trim() === '') throw codeError(400, 'email is required');
    if (email.length > 254 || !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email.trim()))
      throw codeError(400, 'email must be an email address');
    return ok(z.boolean(), true);
  }),

  http.get(api('/users/:id'), ({ request, params }) => {
    const { user: caller, clinic } = requireUser(request, { account: true, style: 'user-area' });
    const id = String(params.id) === '-' ? caller.id : String(params.id);
    const target = db.users.get(id);
    // Patients see only themselves; staff see users of their clinic. Others do not exist for them.
    const visible = target && (target.id === caller.id || (isStaff(caller) && inClinic(target, clinic)));
    if (!target || !visible) throw codeError(404, 'User not found');
    return ok(UserSchema, profileOf(target));
  }),
];

/**
 * The profile with `photo` as a fresh, time-limited view link to the avatar file (the files
 * family signs its links). Seeded users keep their static photo path.
 */
async function profileWithPhoto(
  request: Request,
  user: UserRecord,
  size: string | null,
): Promise<Record<string, unknown>> {
  const profile = profileOf(user);
  const fileId = typeof user._photo_file === 'string' ? user._photo_file : null;
  if (!fileId) return profile;
  const url = new URL(request.url);
  const base = url.pathname.slice(0, url.pathname.indexOf('/api_v3') + '/api_v3'.length);
  const lookup = new Request(`${url.origin}${base}/files/${encodeURIComponent(fileId)}`, {
    headers: { 'X-ApiToken': request.headers.get('X-ApiToken') ?? '', 'X-AccountCode': user.account_code },
  });
  const response = await getResponse(filesHandlers, lookup);
  if (!response?.ok) return { ...profile, photo: '' };
  const body = (await response.json()) as { data?: { fullpath?: unknown } };
  const link = typeof body.data?.fullpath === 'string' ? body.data.fullpath : '';
  return { ...profile, photo: link && size ? `${link}&size=${size}` : link };
}
