import { useMutation, useQueryClient } from '@tanstack/react-query';
import { billingQueries } from './queries';
import {
  createPaymentSource,
  deletePaymentSource,
  processInvoice,
  updatePaymentSource,
} from '@telehealth/client/billing/requests';
import type {
  CreatePaymentSourceInput,
  ProcessInvoiceInput,
  UpdatePaymentSourceInput,
} from '@telehealth/client/billing/schemas';

/** POST /billing/sources: resolves once the card lists are fresh. Never retried (a second token would be a second card). */
export function useCreatePaymentSource() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CreatePaymentSourceInput) => createPaymentSource(input),
    retry: 0,
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: billingQueries.sourceLists() });
    },
  });
}

/** PUT /billing/sources/{id}. */
export function useUpdatePaymentSource() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id: string; input: UpdatePaymentSourceInput }) =>
      updatePaymentSource(id, input),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: billingQueries.sourceLists() });
    },
  });
}

/** DELETE /billing/sources/{id}. */
export function useDeletePaymentSource() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => deletePaymentSource(id),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: billingQueries.sourceLists() });
    },
  });
}

/** POST /billing/invoices/process as a quote only (no `create_invoice`): checks a coupon, tells the amount due. */
export function useQuoteInvoice() {
  return useMutation({
    mutationFn: (input: Omit<ProcessInvoiceInput, 'create_invoice'>) => processInvoice(input),
    retry: 0,
  });
}
