import { useMutation, useQueryClient } from '@tanstack/react-query';
import { emrQueries } from './queries';
import { saveEmrSection } from '@telehealth/client/emr/requests';
import type { EmrSectionName, EmrWriteBody } from '@telehealth/client/emr/schemas';

export interface SaveEmrSectionVariables<N extends EmrSectionName = EmrSectionName> {
  name: N;
  body: EmrWriteBody<N>;
}

/** POST /users/{id}/emr/{name}; resolves once the record on screen is the fresh one. */
export function useSaveEmrSection(userId = '-') {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ name, body }: SaveEmrSectionVariables) => saveEmrSection(userId, name, body),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: emrQueries.all() });
    },
  });
}
