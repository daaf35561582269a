import { queryOptions } from '@tanstack/react-query';
import { getWebhookDeliveries } from '@telehealth/client/webhooks/requests';

export const webhookQueries = {
  all: () => ['webhooks'] as const,
  /** The delivery log extension; `null` data when the server does not offer it. */
  deliveries: () =>
    queryOptions({
      queryKey: [...webhookQueries.all(), 'deliveries'] as const,
      queryFn: ({ signal }) => getWebhookDeliveries({ signal }),
    }),
};
