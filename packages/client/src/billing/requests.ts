import { z } from 'zod';
import { apiJson, type CallOptions } from '../http.ts';
import { tolerantList } from '../common/schemas.ts';
import {
  BillingSettingsSchema,
  InvoiceResultSchema,
  PaymentSourceSchema,
  type BillingSettings,
  type CreatePaymentSourceInput,
  type InvoiceResult,
  type ListPaymentSourcesInput,
  type PaymentSource,
  type ProcessInvoiceInput,
  type UpdatePaymentSourceInput,
} from './schemas.ts';

/** Where a payment source lives: sources are scoped by room and, when the room prices per provider, by provider. */
export interface SourceScope {
  room_code: string;
  provider_id?: string;
}

/** GET /billing/settings: the processor's publishable key (under `stripe`). */
export function getBillingSettings(options: CallOptions = {}): Promise<BillingSettings> {
  return apiJson({
    path: '/billing/settings',
    auth: 'user',
    schema: BillingSettingsSchema,
    signal: options.signal,
  });
}

/** GET /billing/sources: the caller's stored cards in one scope. */
export function listPaymentSources(
  input: ListPaymentSourcesInput,
  options: CallOptions = {},
): Promise<PaymentSource[]> {
  return apiJson({
    path: '/billing/sources',
    auth: 'user',
    query: { room_code: input.room_code, type: input.type, provider_id: input.provider_id },
    schema: tolerantList(PaymentSourceSchema, 'payment sources'),
    signal: options.signal,
  });
}

/** POST /billing/sources: stores a card from a processor token; the card number never passes here. */
export function createPaymentSource(
  { room_code, provider_id, type, token }: CreatePaymentSourceInput,
  options: CallOptions = {},
): Promise<PaymentSource> {
  return apiJson({
    method: 'POST',
    path: '/billing/sources',
    auth: 'user',
    query: { room_code, provider_id },
    body: { json: { type, token } },
    schema: PaymentSourceSchema,
    signal: options.signal,
  });
}

/** GET /billing/sources/{id}. */
export function getPaymentSource(
  id: string,
  scope: SourceScope,
  options: CallOptions = {},
): Promise<PaymentSource> {
  return apiJson({
    path: `/billing/sources/${encodeURIComponent(id)}`,
    auth: 'user',
    query: { room_code: scope.room_code, provider_id: scope.provider_id },
    schema: PaymentSourceSchema,
    signal: options.signal,
  });
}

/** PUT /billing/sources/{id}: `is_default: true` makes it the default of its scope. */
export function updatePaymentSource(
  id: string,
  input: UpdatePaymentSourceInput,
  options: CallOptions = {},
): Promise<PaymentSource> {
  return apiJson({
    method: 'PUT',
    path: `/billing/sources/${encodeURIComponent(id)}`,
    auth: 'user',
    body: { json: input },
    schema: PaymentSourceSchema,
    signal: options.signal,
  });
}

/** DELETE /billing/sources/{id}: answers `{data: []}`. */
export async function deletePaymentSource(id: string, options: CallOptions = {}): Promise<void> {
  await apiJson({
    method: 'DELETE',
    path: `/billing/sources/${encodeURIComponent(id)}`,
    auth: 'user',
    schema: z.array(z.unknown()),
    signal: options.signal,
  });
}

/**
 * POST /billing/invoices/process. Without `create_invoice` it is a quote (coupon check, amount due);
 * with `create_invoice: 1` it charges. Callers must never repeat a charge blindly: see
 * `features/payments` for how an unknown outcome is resolved.
 */
export function processInvoice(
  input: ProcessInvoiceInput,
  options: CallOptions = {},
): Promise<InvoiceResult> {
  return apiJson({
    method: 'POST',
    path: '/billing/invoices/process',
    auth: 'user',
    body: { json: input },
    schema: InvoiceResultSchema,
    signal: options.signal,
  });
}
