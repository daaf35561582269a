import { useQuery } from '@tanstack/react-query';
import { roomQueries } from './queries';

/** One read of the clinic's rooms, shared by every list that names a visit's room. */
const ROOM_NAMES_QUERY = roomQueries.list({ page: 1, limit: 100 });

/**
 * A room's name from its code, for lists of visits: `null` while the rooms are loading, when the
 * list cannot be read, or for a room this clinic does not list (another clinic's): a list then
 * leaves the room out. A room code is never shown in its place.
 */
export function useRoomName(code: string | null | undefined): string | null {
  const rooms = useQuery({ ...ROOM_NAMES_QUERY, enabled: Boolean(code) });
  if (!code) return null;
  return rooms.data?.find((room) => room.code === code)?.name ?? null;
}
