import { queryOptions } from '@tanstack/react-query';
import { listRecordedVisits, type RecordedVisitsFilter } from '@telehealth/client/recordings/requests';

export const recordingQueries = {
  all: () => ['recordings'] as const,
  visits: (filter: RecordedVisitsFilter) =>
    queryOptions({
      queryKey: [...recordingQueries.all(), 'visits', filter],
      queryFn: ({ signal }) => listRecordedVisits(filter, { signal }),
      placeholderData: (previous) => previous,
    }),
};
