import { z } from 'zod';
import { apiJson, type CallOptions } from '../http';
import {
  RoomProviderDetailSchema,
  RoomProviderSchema,
  RoomQueueSchema,
  RoomSchema,
  RoomSummarySchema,
  type Room,
  type RoomListParams,
  type RoomProvider,
  type RoomProviderDetail,
  type RoomQueue,
  type RoomSummary,
} from './schemas';

const RoomSummaryListSchema = z.array(RoomSummarySchema);
const RoomProviderListSchema = z.array(RoomProviderSchema);

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
