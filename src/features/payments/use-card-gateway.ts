import { useQuery } from '@tanstack/react-query';
import { billingQueries } from '@/api/billing/queries';
import { readyGateway, usePaymentGatewayLoader, type PaymentGateway } from '@/lib/payment-gateway';

export type GatewayState =
  | { status: 'loading' }
  | { status: 'ready'; gateway: PaymentGateway; publishableKey: string }
  | { status: 'unavailable'; retry: () => void; isRetrying: boolean };

/**
 * The card fields' readiness: billing settings first (the publishable key), then the processor's
 * script within a few seconds. Either failing leaves the rest of the page working and offers Retry.
 */
export function useCardGateway(): GatewayState {
  const load = usePaymentGatewayLoader();
  const settings = useQuery(billingQueries.settings());
  const key = settings.data?.stripe.publishable_key ?? null;
  // eslint-disable-next-line @tanstack/query/exhaustive-deps -- the loader is code, not data
  const gateway = useQuery({
    queryKey: ['payment-gateway', key],
    queryFn: () => readyGateway(key ?? '', load),
    enabled: key !== null,
    retry: false,
    staleTime: Infinity,
    // `load` is fixed per app (a context default); a test swaps it before mounting.
    gcTime: Infinity,
    // Not the API: a failure here says nothing about the session.
    meta: { kind: 'payment-gateway' },
  });
  if (gateway.data && key) return { status: 'ready', gateway: gateway.data, publishableKey: key };
  if (settings.isError || gateway.isError) {
    return {
      status: 'unavailable',
      isRetrying: settings.isFetching || gateway.isFetching,
      retry: () => {
        if (settings.isError) void settings.refetch();
        else void gateway.refetch();
      },
    };
  }
  return { status: 'loading' };
}
