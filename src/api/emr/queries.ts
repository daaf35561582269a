import { queryOptions } from '@tanstack/react-query';
import { getEmr } from '@telehealth/client/emr/requests';

/** The medical record of one user (`-` = the signed-in user). */
export const emrQueries = {
  all: () => ['emr'] as const,
  record: (userId: string) =>
    queryOptions({
      queryKey: [...emrQueries.all(), 'record', userId],
      queryFn: ({ signal }) => getEmr(userId, { signal }),
    }),
};
