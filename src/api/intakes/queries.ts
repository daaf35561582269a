import { queryOptions } from '@tanstack/react-query';
import { getIntake } from '@telehealth/client/intakes/requests';

export const intakeQueries = {
  all: () => ['intakes'] as const,
  details: () => [...intakeQueries.all(), 'detail'] as const,
  detail: (id: string) =>
    queryOptions({
      queryKey: [...intakeQueries.details(), id],
      queryFn: ({ signal }) => getIntake(id, { signal }),
    }),
};
