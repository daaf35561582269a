import { useMutation, useQueryClient } from '@tanstack/react-query';
import { erxQueries } from './queries';
import { deletePharmacy, savePharmacy } from '@telehealth/client/erx/requests';
import type { SavePharmacyInput } from '@telehealth/client/erx/schemas';

/** POST /users/-/erx/pharmacies; the saved list is fresh when it resolves. */
export function useSavePharmacy(userId = '-') {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: SavePharmacyInput) => savePharmacy(userId, input),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: [...erxQueries.all(), 'pharmacies'] });
    },
  });
}

/** DELETE /users/-/erx/pharmacies/{code}. */
export function useDeletePharmacy(userId = '-') {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (code: string) => deletePharmacy(userId, code),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: [...erxQueries.all(), 'pharmacies'] });
    },
  });
}
