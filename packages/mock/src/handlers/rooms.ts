import { http, type HttpHandler } from 'msw';
import { z } from 'zod';
import {
  RoomProviderDetailSchema,
  RoomProviderSchema,
  RoomQueueSchema,
  RoomSchema,
  RoomSummarySchema,
  UserRoomAssociationSchema,
} from '@telehealth/client/rooms/schemas';
import {
  db,
  nextId,
  nowSeconds,
  type IntakeRecord,
  type RoomRecord,
  type UserRecord,
  type VisitRecord,
} from '../db.ts';
import { liveAccessToken, requireAccountHeader, requireAdmin } from '../lib/auth.ts';
import { codeError } from '../lib/errors.ts';
import { checkFields } from '../lib/text.ts';
import { jsonBody, optionalInt, queryOf } from '../lib/params.ts';
import { ok, raw } from '../lib/respond.ts';
import { api } from '../lib/routes.ts';

const fail = (message: string) => codeError(400, message);

/** The wire form of a record: everything but the mock-only `_` fields. */
export function wire(record: object): Record<string, unknown> {
  return Object.fromEntries(Object.entries(record).filter(([key]) => !key.startsWith('_')));
}

interface RoomAssociation {
  code: string;
  default?: boolean;
  [key: string]: unknown;
}

function roomsOf(user: UserRecord): RoomAssociation[] {
  return user.rooms ?? [];
}

/**
 * Providers of a room: users of type 400 associated with it (spec 2.4). Clinic administrators
 * are associated with rooms to manage them and are not listed to patients.
 */
export function roomProviders(code: string, accountCode?: string): UserRecord[] {
  // With a clinic given, an association naming another clinic's room of the same code is not one.
  const sameRoom = (r: { code: string; account_code?: unknown }) =>
    r.code === code &&
    (accountCode === undefined || r.account_code === undefined || r.account_code === accountCode);
  return [...db.users.values()].filter(
    (u) => u.type === 400 && u.active && u.is_admin !== true && roomsOf(u).some(sameRoom),
  );
}

/**
 * Room codes are unique within a clinic only (spec 2.3). The store keys a room by its code; a
 * clinic's room whose code another clinic had first is kept under a clinic-scoped key (codes hold
 * no control characters, so the NUL separator cannot collide with a real code).
 */
const scopedRoomKey = (accountCode: string, code: string) => `${accountCode}\u0000${code}`;

/** A room of the caller's clinic by code. */
export function findRoom(code: string, accountCode: string): RoomRecord | undefined {
  const room = db.rooms.get(code);
  if (room && room.account_code === accountCode) return room;
  const scoped = db.rooms.get(scopedRoomKey(accountCode, code));
  return scoped && scoped.account_code === accountCode ? scoped : undefined;
}

/** The room an intake was made in: in the clinic recorded at creation, else the room its code names. */
export function roomOfIntake(intake: IntakeRecord): RoomRecord | undefined {
  const code = String(intake.room_code ?? '');
  return intake._account_code ? findRoom(code, intake._account_code) : db.rooms.get(code);
}

function roomOr404(code: string, accountCode: string): RoomRecord {
  const room = findRoom(code, accountCode);
  if (!room) throw codeError(404, `Room ${code} not found`);
  return room;
}

/** Room detail: the association lists are computed from the users, so they never drift. */
export function roomDetail(room: RoomRecord): Record<string, unknown> {
  const ids = roomProviders(String(room.code), String(room.account_code)).map((u) => u.id);
  return { ...wire(room), users: ids.join(','), provider_ids: ids };
}

function providerItem(user: UserRecord): Record<string, unknown> {
  return {
    id: user.id,
    username: user.username,
    code: user.code,
    subtype: user.subtype,
    first_name: user.first_name,
    last_name: user.last_name,
    platformid: user.platformid,
    photo: user.photo ?? '',
    title: user.title ?? '',
    suffix: user.suffix ?? '',
    status: user.status,
    short_bio: user.short_bio ?? '',
  };
}

function providerDetail(user: UserRecord): Record<string, unknown> {
  return {
    ...providerItem(user),
    email: user.email,
    active: user.active,
    tos: user.tos,
    phone: user.phone ?? '',
    educational_training: user.educational_training ?? '',
    professional_interests: user.professional_interests ?? '',
    personal_interests: user.personal_interests ?? '',
  };
}

/** Walk-ins still waiting in a room: pending or confirmed, not e-consults, oldest first. */
export function waitingWalkins(roomCode: string): VisitRecord[] {
  return db.visits
    .by('room', roomCode)
    .filter((v) => Number(v.type) === 1 && Number(v.subtype) !== 4 && (v.status === 10 || v.status === 20))
    .sort((a, b) => Number(a.created) - Number(b.created) || String(a.id).localeCompare(String(b.id)));
}

const DEFAULT_PAGE_SIZE = 20;
const MAX_PAGE_SIZE = 100;

export const roomsHandlers: HttpHandler[] = [
  http.get(api('/rooms'), ({ request }) => {
    const accountCode = requireAccountHeader(request);
    const query = queryOf(request);
    const page = optionalInt(query, 'page', fail, { min: 1 }) ?? 1;
    const limit = optionalInt(query, 'limit', fail, { min: 1, max: MAX_PAGE_SIZE }) ?? DEFAULT_PAGE_SIZE;
    // "Filtering in the data-table style": a keyword over name, slug and code.
    const q = (query.get('q') ?? query.get('filter') ?? '').trim().toLowerCase();
    const rooms = [...db.rooms.values()]
      .filter((r) => r.account_code === accountCode)
      .filter((r) => !q || [r.name, r.slug, r.code].some((f) => String(f).toLowerCase().includes(q)))
      .sort((a, b) => String(a.name).localeCompare(String(b.name)));
    const slice = rooms.slice((page - 1) * limit, page * limit).map((r) => ({
      slug: r.slug,
      name: r.name,
      domain: r.domain,
      code: r.code,
      created: r.created,
      modified: r.modified,
    }));
    return ok(z.array(RoomSummarySchema), slice);
  }),

  http.post(api('/rooms'), async ({ request }) => {
    const { accountCode } = requireAdmin(request);
    const body = await jsonBody(request, fail);
    const text = (key: string) => (typeof body[key] === 'string' ? body[key].trim() : '');
    const domain = text('domain');
    const name = text('name');
    if (!domain) throw fail('domain is required');
    if (!name) throw fail('name is required');
    checkFields('room', { domain, name, slug: text('slug'), code: text('code') }, fail);
    const slug =
      text('slug') ||
      name
        .toLowerCase()
        .replace(/[^a-z0-9]+/g, '-')
        .replace(/^-|-$/g, '') ||
      nextId('room');
    // Only the caller's own clinic is compared: a refusal never tells of another clinic's room.
    const taken = [...db.rooms.values()].some(
      (r) => r.account_code === accountCode && r.domain === domain && r.slug === slug,
    );
    if (taken) throw fail(`A room with slug "${slug}" already exists in domain "${domain}"`);
    const code = text('code') || nextId('room');
    if (findRoom(code, accountCode)) throw fail(`A room with code "${code}" already exists`);
    const t = nowSeconds();
    const room: RoomRecord = {
      id: nextId('room'),
      code,
      slug,
      name,
      domain,
      account_code: accountCode,
      active: true,
      users: '',
      provider_ids: [],
      public_access_room: false,
      created: t,
      modified: t,
      subtitle: '',
      description: '',
      specialties: [],
      visits: { walkin: { enabled: true }, appointment: { enabled: true } },
      auth: { guest: { type: 1, log_in: { enabled: true } } },
      payment: { consultations: [], currency: 'usd' },
      operation_settings: { is_closed: false, close_msg: '', close_message: { html: '' }, closed_days: [] },
    };
    db.rooms.set(db.rooms.has(code) ? scopedRoomKey(accountCode, code) : code, room);
    return ok(RoomSchema, roomDetail(room));
  }),

  http.get(api('/rooms/:code'), ({ request, params }) => {
    const accountCode = requireAccountHeader(request);
    return ok(RoomSchema, roomDetail(roomOr404(String(params.code), accountCode)));
  }),

  http.get(api('/rooms/:code/providers'), ({ request, params }) => {
    const accountCode = requireAccountHeader(request);
    const room = roomOr404(String(params.code), accountCode);
    return ok(z.array(RoomProviderSchema), roomProviders(String(room.code), accountCode).map(providerItem));
  }),

  http.get(api('/rooms/:code/providers/:id'), ({ request, params }) => {
    const accountCode = requireAccountHeader(request);
    const room = roomOr404(String(params.code), accountCode);
    const provider = roomProviders(String(room.code), accountCode).find((u) => u.id === String(params.id));
    if (!provider)
      throw codeError(404, `Provider ${String(params.id)} not found in room ${String(room.code)}`);
    return ok(RoomProviderDetailSchema, providerDetail(provider));
  }),

  /**
   * ACCOUNT, as the spec lists it. `before_me` is about the caller, so when a live user token is
   * sent too, it counts the walk-ins waiting ahead of that user's newest one; without one it is
   * the whole queue.
   */
  http.get(api('/rooms/:code/queue'), ({ request, params }) => {
    const accountCode = requireAccountHeader(request);
    const room = roomOr404(String(params.code), accountCode);
    const settings = room._queue ?? {};
    const waiting = waitingWalkins(String(room.code));
    const caller = liveAccessToken(request.headers.get('X-ApiToken'))?.userId;
    const mine = caller ? waiting.filter((v) => v.member_id === caller).at(-1) : undefined;
    const beforeMe = mine ? waiting.indexOf(mine) : waiting.length;
    const account = db.accounts.get(accountCode) as
      { waiting_room?: { average_visit_time?: number; capacity?: number } } | undefined;
    return ok(RoomQueueSchema, {
      length: waiting.length,
      capacity: settings.capacity ?? account?.waiting_room?.capacity ?? 20,
      average_visit_time: settings.average_visit_time ?? account?.waiting_room?.average_visit_time ?? 600,
      before_me: beforeMe,
    });
  }),

  http.post(api('/users/:id/rooms'), async ({ request, params }) => {
    const { accountCode } = requireAdmin(request);
    const body = await jsonBody(request, fail);
    const code = typeof body.code === 'string' ? body.code.trim() : '';
    if (!code) throw fail('code is required');
    if (body.default !== undefined && typeof body.default !== 'boolean')
      throw fail('default must be a boolean');
    const user = db.users.get(String(params.id));
    if (!user || user.account_code !== accountCode) throw codeError(404, 'User not found');
    const room = findRoom(code, accountCode);
    if (!room) throw fail(`Room ${code} not found`);
    const rooms = roomsOf(user);
    const isDefault = body.default === true || rooms.length === 0;
    if (isDefault) for (const r of rooms) r.default = false;
    const existing = rooms.find((r) => r.code === code);
    const association: RoomAssociation = {
      ...(existing ?? {}),
      id: existing?.id ?? nextId('assoc'),
      code,
      slug: room.slug,
      name: room.name,
      domain: room.domain,
      account_code: room.account_code,
      default: isDefault || existing?.default === true,
      added_time: existing?.added_time ?? nowSeconds(),
      source: existing?.source ?? 'api',
    };
    user.rooms = existing ? rooms.map((r) => (r.code === code ? association : r)) : [...rooms, association];
    return ok(z.array(UserRoomAssociationSchema), user.rooms);
  }),

  http.delete(api('/users/:id/rooms/:roomCode'), ({ request, params }) => {
    const { accountCode } = requireAdmin(request);
    const user = db.users.get(String(params.id));
    if (!user || user.account_code !== accountCode) throw codeError(404, 'User not found');
    const code = String(params.roomCode);
    const rooms = roomsOf(user);
    if (!rooms.some((r) => r.code === code)) throw codeError(404, `User is not associated with room ${code}`);
    user.rooms = rooms.filter((r) => r.code !== code);
    return raw(null, {});
  }),
];
