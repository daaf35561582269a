import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  createIntake,
  updateIntake,
  type CreateIntakeRequest,
  type UpdateIntakeRequest,
} from '@telehealth/client/intakes/requests';
import { intakeQueries } from './queries';

/**
 * POST /intakes; the new intake is read back into the cache before the button frees. The read
 * back never fails the mutation: the intake exists, and a retry would create a second one.
 */
export function useCreateIntake() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CreateIntakeRequest) => createIntake(input),
    onSuccess: async (ref) => {
      await queryClient.prefetchQuery({ ...intakeQueries.detail(ref.id), staleTime: 0 });
    },
  });
}

/** POST /intakes/{id}; the intake on screen is refreshed from the server before the button frees. */
export function useUpdateIntake() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...input }: UpdateIntakeRequest & { id: string }) => updateIntake(id, input),
    onSuccess: async (ref) => {
      await queryClient.invalidateQueries({
        queryKey: intakeQueries.detail(ref.id).queryKey,
        exact: true,
        refetchType: 'all',
      });
    },
  });
}
