import { z } from 'zod';
import { apiJson, type CallOptions } from '../http.ts';
import { tolerantList } from '../common/schemas.ts';
import {
  RoomProviderDetailSchema,
  RoomProviderSchema,
  RoomQueueSchema,
  RoomSchema,
  RoomSummarySchema,
  UserRoomAssociationSchema,
  type AssociateUserRoomInput,
  type CreateRoomInput,
  type Room,
  type RoomClosureInput,
  type RoomListParams,
  type RoomProvider,
  type RoomProviderDetail,
  type RoomQueue,
  type RoomSummary,
  type UserRoomAssociation,
} from './schemas.ts';
import type { RoomUpdateInput } from './room-update.ts';

const RoomSummaryListSchema = tolerantList(RoomSummarySchema, 'rooms');
const RoomProviderListSchema = tolerantList(RoomProviderSchema, 'room providers');

const roomPath = (code: string) => `/rooms/${encodeURIComponent(code)}`;

/** GET /rooms (ACCOUNT): one page of the clinic's rooms, summary fields only. */
export function getRooms(params: RoomListParams = {}, options: CallOptions = {}): Promise<RoomSummary[]> {
  return apiJson({
    path: '/rooms',
    auth: 'account',
    query: { page: params.page, limit: params.limit },
    schema: RoomSummaryListSchema,
    signal: options.signal,
  });
}

/** GET /rooms/{code} (ACCOUNT): the room detail. */
export function getRoom(code: string, options: CallOptions = {}): Promise<Room> {
  return apiJson({ path: roomPath(code), auth: 'account', schema: RoomSchema, signal: options.signal });
}

/** GET /rooms/{code}/providers (ACCOUNT). */
export function listRoomProviders(code: string, options: CallOptions = {}): Promise<RoomProvider[]> {
  return apiJson({
    path: `${roomPath(code)}/providers`,
    auth: 'account',
    schema: RoomProviderListSchema,
    signal: options.signal,
  });
}

/** GET /rooms/{code}/providers/{id} (ACCOUNT): adds training, interests and contact fields. */
export function getRoomProvider(
  code: string,
  id: string,
  options: CallOptions = {},
): Promise<RoomProviderDetail> {
  return apiJson({
    path: `${roomPath(code)}/providers/${encodeURIComponent(id)}`,
    auth: 'account',
    schema: RoomProviderDetailSchema,
    signal: options.signal,
  });
}

/**
 * GET /rooms/{code}/queue. The spec lists it as ACCOUNT, yet `before_me` is about the caller; the
 * mock counts the caller's place only when a user token is present, so the portal sends it (spec-decisions).
 */
export function getRoomQueue(code: string, options: CallOptions = {}): Promise<RoomQueue> {
  return apiJson({
    path: `${roomPath(code)}/queue`,
    auth: 'user',
    schema: RoomQueueSchema,
    signal: options.signal,
  });
}

/** POST /rooms (ADMIN): a new room; 400 when the slug is taken in the domain (the message names both). */
export function createRoom(input: CreateRoomInput, options: CallOptions = {}): Promise<Room> {
  return apiJson({
    method: 'POST',
    path: '/rooms',
    auth: 'admin',
    body: { json: input },
    schema: RoomSchema,
    signal: options.signal,
  });
}

/**
 * PUT /rooms/{code} (ADMIN). The spec names it without parameters; the portal only closes or reopens
 * a room with a message to patients (docs/spec-decisions.md).
 */
export function setRoomClosed(
  code: string,
  input: RoomClosureInput,
  options: CallOptions = {},
): Promise<Room> {
  return apiJson({
    method: 'PUT',
    path: roomPath(code),
    auth: 'admin',
    body: { json: { operation_settings: input } },
    schema: RoomSchema,
    signal: options.signal,
  });
}

/**
 * PUT /rooms/{code} (ADMIN): edits a room. The body is a partial room of the shape of
 * `GET /rooms/{code}` with only the edited fields (docs/spec-decisions.md, "Editing a room"); the
 * answer is the room detail. A 400 names its field first (`payment.consultations.0.duration: …`).
 */
export function updateRoom(code: string, input: RoomUpdateInput, options: CallOptions = {}): Promise<Room> {
  return apiJson({
    method: 'PUT',
    path: roomPath(code),
    auth: 'admin',
    body: { json: input },
    schema: RoomSchema,
    signal: options.signal,
  });
}

const AssociationListSchema = tolerantList(UserRoomAssociationSchema, 'room associations');

/** POST /users/{id}/rooms (ADMIN): adds or updates an association; answers with all of the user's rooms. */
export function addUserRoom(
  userId: string,
  input: AssociateUserRoomInput,
  options: CallOptions = {},
): Promise<UserRoomAssociation[]> {
  return apiJson({
    method: 'POST',
    path: `/users/${encodeURIComponent(userId)}/rooms`,
    auth: 'admin',
    body: { json: input },
    schema: AssociationListSchema,
    signal: options.signal,
  });
}

/** DELETE /users/{id}/rooms/{room_code} (ADMIN): answers 200 with an empty object. */
export function removeUserRoom(userId: string, roomCode: string, options: CallOptions = {}): Promise<void> {
  return apiJson({
    method: 'DELETE',
    path: `/users/${encodeURIComponent(userId)}/rooms/${encodeURIComponent(roomCode)}`,
    auth: 'admin',
    schema: z.looseObject({}),
    envelope: 'none',
    signal: options.signal,
  }).then(() => undefined);
}
