import { queryOptions } from '@tanstack/react-query';
import { listAvailability, listAvailableSlots, listSlots } from '@telehealth/client/slots/requests';
import type { AvailabilityQuery, SlotFilter } from '@telehealth/client/slots/schemas';

export const slotQueries = {
  all: () => ['slots'] as const,
  availabilities: () => [...slotQueries.all(), 'availability'] as const,
  /** Open times change under the patient's eyes (other patients book): always refetched on mount. */
  availability: (query: AvailabilityQuery) =>
    queryOptions({
      queryKey: [...slotQueries.availabilities(), query],
      queryFn: ({ signal }) => listAvailability(query, { signal }),
      staleTime: 0,
    }),
  lists: () => [...slotQueries.all(), 'list'] as const,
  list: (filter: SlotFilter) =>
    queryOptions({
      queryKey: [...slotQueries.lists(), filter],
      queryFn: ({ signal }) => listSlots(filter, { signal }),
    }),
  available: () =>
    queryOptions({
      queryKey: [...slotQueries.all(), 'available'],
      queryFn: ({ signal }) => listAvailableSlots({ signal }),
    }),
};
