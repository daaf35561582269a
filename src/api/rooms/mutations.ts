import { useMutation, useQueryClient } from '@tanstack/react-query';
import { userQueries } from '../users/queries';
import { roomQueries } from './queries';
import {
  addUserRoom,
  createRoom,
  removeUserRoom,
  setRoomClosed,
  updateRoom,
} from '@telehealth/client/rooms/requests';
import type { RoomUpdateInput } from '@telehealth/client/rooms/room-update';
import type {
  AssociateUserRoomInput,
  CreateRoomInput,
  RoomClosureInput,
} from '@telehealth/client/rooms/schemas';

/** POST /rooms; the room lists refresh after. */
export function useCreateRoom() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CreateRoomInput) => createRoom(input),
    onSuccess: async (room) => {
      queryClient.setQueryData(roomQueries.detail(room.code).queryKey, room);
      await queryClient.invalidateQueries({ queryKey: roomQueries.lists() });
    },
  });
}

/** PUT /rooms/{code}: the room on screen becomes the server's answer. */
export function useSetRoomClosed(code: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: RoomClosureInput) => setRoomClosed(code, input),
    onSuccess: (room) => queryClient.setQueryData(roomQueries.detail(code).queryKey, room),
  });
}

/** PUT /rooms/{code} with a partial room: the room on screen becomes the server's answer, the lists refresh. */
export function useUpdateRoom(code: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: RoomUpdateInput) => updateRoom(code, input),
    onSuccess: async (room) => {
      queryClient.setQueryData(roomQueries.detail(code).queryKey, room);
      await queryClient.invalidateQueries({ queryKey: roomQueries.lists() });
    },
  });
}

/** POST /users/{id}/rooms; the user's associations are read again after. */
export function useAddUserRoom(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: AssociateUserRoomInput) => addUserRoom(userId, input),
    onSettled: () => queryClient.invalidateQueries({ queryKey: userQueries.detail(userId).queryKey }),
  });
}

/** DELETE /users/{id}/rooms/{room_code}; the user's associations are read again after. */
export function useRemoveUserRoom(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (roomCode: string) => removeUserRoom(userId, roomCode),
    onSettled: () => queryClient.invalidateQueries({ queryKey: userQueries.detail(userId).queryKey }),
  });
}
