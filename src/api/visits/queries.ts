import { queryOptions } from '@tanstack/react-query';
import { getVisit, listVisits } from '@telehealth/client/visits/requests';
import type { VisitFilter } from '@telehealth/client/visits/schemas';

export const visitQueries = {
  all: () => ['visits'] as const,
  lists: () => [...visitQueries.all(), 'list'] as const,
  list: (filter: VisitFilter) =>
    queryOptions({
      queryKey: [...visitQueries.lists(), filter],
      queryFn: ({ signal }) => listVisits(filter, { signal }),
    }),
  details: () => [...visitQueries.all(), 'detail'] as const,
  detail: (id: string) =>
    queryOptions({
      queryKey: [...visitQueries.details(), id],
      queryFn: ({ signal }) => getVisit(id, { signal }),
    }),
};
