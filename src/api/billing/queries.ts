import { queryOptions } from '@tanstack/react-query';
import { getBillingSettings, listPaymentSources, processInvoice } from '@telehealth/client/billing/requests';
import type { ListPaymentSourcesInput } from '@telehealth/client/billing/schemas';

/** Billing reads. Charges are writes and never queries. */
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
  invoices: () => [...billingQueries.all(), 'invoice'] as const,
  /**
   * What an intake costs or cost: `POST /billing/invoices/process` without `create_invoice` is a
   * quote with no side effect (the spec offers no GET), so it is read like any query. It tells
   * whether the intake is paid and with what (the receipt, and the check before any retry).
   */
  invoice: (intakeId: string) =>
    queryOptions({
      queryKey: [...billingQueries.invoices(), intakeId],
      queryFn: ({ signal }) => processInvoice({ intake_id: intakeId }, { signal }),
    }),
};
