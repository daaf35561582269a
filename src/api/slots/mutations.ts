import { useMutation, useQueryClient } from '@tanstack/react-query';
import { slotQueries } from './queries';
import { deleteSlot, deleteSlotGroup } from '@telehealth/client/slots/requests';

/** DELETE /slots/{id}; every slot list and availability is fresh before the button frees. */
export function useDeleteSlot() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => deleteSlot(id),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: slotQueries.all() });
    },
  });
}

/** DELETE /slots/groups/{groupId}; same cache rules as one slot. */
export function useDeleteSlotGroup() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (groupId: string) => deleteSlotGroup(groupId),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: slotQueries.all() });
    },
  });
}
