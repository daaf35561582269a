import { queryOptions } from '@tanstack/react-query';
import {
  getRoom,
  getRoomProvider,
  getRoomQueue,
  getRooms,
  listRoomProviders,
} from '@telehealth/client/rooms/requests';
import type { RoomListParams } from '@telehealth/client/rooms/schemas';

export const roomQueries = {
  all: () => ['rooms'] as const,
  lists: () => [...roomQueries.all(), 'list'] as const,
  list: (params: RoomListParams) =>
    queryOptions({
      queryKey: [...roomQueries.lists(), params],
      queryFn: ({ signal }) => getRooms(params, { signal }),
      placeholderData: (previous) => previous,
      staleTime: 60_000,
    }),
  detail: (code: string) =>
    queryOptions({
      queryKey: [...roomQueries.all(), 'detail', code],
      queryFn: ({ signal }) => getRoom(code, { signal }),
      staleTime: 60_000,
    }),
  providers: (code: string) =>
    queryOptions({
      queryKey: [...roomQueries.all(), 'detail', code, 'providers'],
      queryFn: ({ signal }) => listRoomProviders(code, { signal }),
      staleTime: 60_000,
    }),
  provider: (code: string, id: string) =>
    queryOptions({
      queryKey: [...roomQueries.all(), 'detail', code, 'providers', id],
      queryFn: ({ signal }) => getRoomProvider(code, id, { signal }),
      staleTime: 60_000,
    }),
  queue: (code: string) =>
    queryOptions({
      queryKey: [...roomQueries.all(), 'detail', code, 'queue'],
      queryFn: ({ signal }) => getRoomQueue(code, { signal }),
    }),
};
