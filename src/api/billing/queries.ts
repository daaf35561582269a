import { queryOptions } from '@tanstack/react-query';
import { getBillingSettings, listPaymentSources } from './requests';
import type { ListPaymentSourcesInput } from './schemas';

/** Billing reads. Quotes and charges are writes (POST), so they are not queries. */
export const billingQueries = {
  all: () => ['billing'] as const,
  settings: () =>
    queryOptions({
      queryKey: [...billingQueries.all(), 'settings'],
      queryFn: ({ signal }) => getBillingSettings({ signal }),
      staleTime: 60 * 60 * 1000,
    }),
  sourceLists: () => [...billingQueries.all(), 'sources'] as const,
  sources: (input: ListPaymentSourcesInput) =>
    queryOptions({
      queryKey: [...billingQueries.sourceLists(), input],
      queryFn: ({ signal }) => listPaymentSources(input, { signal }),
    }),
};
