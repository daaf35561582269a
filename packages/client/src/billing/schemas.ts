import { z } from 'zod';
import {
  BooleanishSchema,
  IdSchema,
  IntegerishSchema,
  NumberishSchema,
  StringishSchema,
  TimestampSchema,
  optionalField,
} from '../common/schemas.ts';

/** `GET /billing/settings`: the card processor's publishable key, under the key `stripe`. */
export const BillingSettingsSchema = z.looseObject({
  stripe: z.looseObject({
    publishable_key: z.string().min(1),
  }),
});
export type BillingSettings = z.infer<typeof BillingSettingsSchema>;

/** A stored card (never the card number: only brand, last four digits and expiry). */
export const PaymentSourceSchema = z.looseObject({
  id: IdSchema,
  /** For example `card`. */
  type: optionalField(StringishSchema),
  brand: StringishSchema.nullish(),
  last4: StringishSchema.nullish(),
  exp_month: IntegerishSchema.pipe(z.number().min(1).max(12)).nullish(),
  exp_year: IntegerishSchema.nullish(),
  is_default: optionalField(BooleanishSchema),
});
export type PaymentSource = z.infer<typeof PaymentSourceSchema>;

export const InvoiceConsultationSchema = z.looseObject({
  id: optionalField(IdSchema),
  description: StringishSchema.nullish(),
  amount: optionalField(NumberishSchema),
  /** Minutes. */
  duration: optionalField(NumberishSchema),
});
export type InvoiceConsultation = z.infer<typeof InvoiceConsultationSchema>;

export const InvoiceCouponSchema = z.looseObject({
  id: optionalField(StringishSchema),
  percent_off: NumberishSchema.nullish(),
  valid: BooleanishSchema,
  /** Portal extension (the mock sends it): why a code was refused, in the customer's words. */
  message: StringishSchema.nullish(),
});
export type InvoiceCoupon = z.infer<typeof InvoiceCouponSchema>;

/** The charge an invoice was paid with (portal extension, docs/spec-decisions.md "Payments"). */
export const InvoiceChargeSchema = z.looseObject({
  id: IdSchema,
  amount: NumberishSchema,
  currency: StringishSchema.nullish(),
  brand: StringishSchema.nullish(),
  last4: StringishSchema.nullish(),
  /** UNIX seconds. */
  created: TimestampSchema.nullish(),
});
export type InvoiceCharge = z.infer<typeof InvoiceChargeSchema>;

/**
 * Result of `POST /billing/invoices/process`; `coupon` is present when a promo code was sent.
 * `paid`, `invoice_id` and `charge` are not in the spec: a detected extension. When an answer
 * carries `paid`, the portal asks the server whether an intake is already paid before it ever
 * charges again; without it the browser's own record of the charge decides (docs/spec-decisions.md
 * "Money on the spec's terms").
 */
export const InvoiceResultSchema = z.looseObject({
  amount_due: NumberishSchema,
  currency: optionalField(StringishSchema),
  consultation: InvoiceConsultationSchema.nullish(),
  coupon: InvoiceCouponSchema.nullish(),
  paid: optionalField(BooleanishSchema),
  invoice_id: IdSchema.nullish(),
  charge: InvoiceChargeSchema.nullish(),
});
export type InvoiceResult = z.infer<typeof InvoiceResultSchema>;

/** Query of `GET /billing/sources`: sources are scoped by room and optionally by provider. */
export const ListPaymentSourcesInputSchema = z.object({
  room_code: z.string().min(1),
  type: z.string().min(1).optional(),
  provider_id: z.string().min(1).optional(),
});
export type ListPaymentSourcesInput = z.infer<typeof ListPaymentSourcesInputSchema>;

/**
 * `POST /billing/sources`: `room_code` and `provider_id` go in the query, `type` and the processor
 * `token` in the JSON body. The token comes from the processor's client library; card details never pass here.
 */
export const CreatePaymentSourceInputSchema = z.object({
  room_code: z.string().min(1),
  provider_id: z.string().min(1).optional(),
  type: z.string().min(1),
  token: z.string().min(1),
});
export type CreatePaymentSourceInput = z.infer<typeof CreatePaymentSourceInputSchema>;

/** Body of `PUT /billing/sources/{id}`; `is_default: true` makes this source the default. */
export const UpdatePaymentSourceInputSchema = z.object({
  is_default: z.boolean().optional(),
  room_code: z.string().min(1).optional(),
  provider_id: z.string().min(1).optional(),
});
export type UpdatePaymentSourceInput = z.infer<typeof UpdatePaymentSourceInputSchema>;

/** Body of `POST /billing/invoices/process`; `create_invoice: 1` creates the invoice, otherwise it is a quote. */
export const ProcessInvoiceInputSchema = z.object({
  intake_id: z.string().min(1),
  promo_code: z.string().trim().min(1).optional(),
  create_invoice: z.literal([0, 1]).optional(),
});
export type ProcessInvoiceInput = z.infer<typeof ProcessInvoiceInputSchema>;
