import { useMutation, useQueryClient } from '@tanstack/react-query';
import { updateMe } from '@telehealth/client/users/requests';
import { userQueries } from './queries';
import type { UpdateProfileInput } from '@telehealth/client/users/schemas';

/** POST /me; the profile on screen is replaced by the server's answer before the button frees. */
export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: UpdateProfileInput) => updateMe(input),
    onSuccess: async (profile) => {
      queryClient.setQueryData(userQueries.me().queryKey, profile);
      await queryClient.invalidateQueries({ queryKey: userQueries.detail(profile.id).queryKey });
    },
  });
}
