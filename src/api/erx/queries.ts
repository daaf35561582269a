import { queryOptions } from '@tanstack/react-query';
import { listPharmacies, listPrescriptions } from '@telehealth/client/erx/requests';
import { DEFAULT_PRESCRIPTION_STATUS } from '@telehealth/client/erx/schemas';

export const erxQueries = {
  all: () => ['erx'] as const,
  pharmacies: (userId: string) =>
    queryOptions({
      queryKey: [...erxQueries.all(), 'pharmacies', userId],
      queryFn: ({ signal }) => listPharmacies(userId, { signal }),
    }),
  prescriptions: (userId: string, status: string = DEFAULT_PRESCRIPTION_STATUS) =>
    queryOptions({
      queryKey: [...erxQueries.all(), 'prescriptions', userId, status],
      queryFn: ({ signal }) => listPrescriptions(userId, status, { signal }),
    }),
};
