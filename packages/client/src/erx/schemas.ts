import { z } from 'zod';
import {
  BooleanishSchema,
  IdSchema,
  NumberishSchema,
  StateCodeSchema,
  StringishSchema,
  optionalField,
} from '../common/schemas.ts';

/** The prescription list is filtered by status; the spec says to send `Current` by default. */
export const DEFAULT_PRESCRIPTION_STATUS = 'Current';

/** Prescription (spec 2.12). The e-prescribing service uses capitalised keys; they are kept as sent. */
export const PrescriptionSchema = z.looseObject({
  ID: IdSchema,
  Drug: StringishSchema,
  DrugID: StringishSchema.nullish(),
  NDC: StringishSchema.nullish(),
  Directions: StringishSchema.nullish(),
  Qty: NumberishSchema.nullish(),
  Status: StringishSchema.nullish(),
  PrescriberName: StringishSchema.nullish(),
});
export type Prescription = z.infer<typeof PrescriptionSchema>;

/** Query of `GET /users/{id}/erx/prescriptions`. */
export const PrescriptionFilterSchema = z.object({
  status: z.string().min(1).default(DEFAULT_PRESCRIPTION_STATUS),
});
export type PrescriptionFilter = z.input<typeof PrescriptionFilterSchema>;

/** A saved pharmacy. `code` identifies it, including for removal. */
export const PharmacySchema = z.looseObject({
  code: StringishSchema.pipe(z.string().min(1)),
  name: StringishSchema,
  is_default: optionalField(BooleanishSchema),
  address: StringishSchema.nullish(),
  address_more: StringishSchema.nullish(),
  city: StringishSchema.nullish(),
  state: StringishSchema.nullish(),
  country: StringishSchema.nullish(),
  zip: StringishSchema.nullish(),
  phone: StringishSchema.nullish(),
  fax: StringishSchema.nullish(),
  lat: NumberishSchema.nullish(),
  long: NumberishSchema.nullish(),
  distance: NumberishSchema.nullish(),
  type: StringishSchema.nullish(),
  extra: z.record(z.string(), z.unknown()).nullish(),
});
export type Pharmacy = z.infer<typeof PharmacySchema>;

/**
 * Body of `POST /users/{id}/erx/pharmacies`. For a pharmacy taken from the pharmacy search provider,
 * `type` is that provider's type value and `extra` carries its unmodified search result.
 */
export const SavePharmacyInputSchema = z.object({
  name: z.string().trim().min(1),
  code: z.string().trim().min(1),
  address: z.string().optional(),
  address_more: z.string().optional(),
  city: z.string().optional(),
  country: z.string().optional(),
  state: StateCodeSchema.optional(),
  zip: z.string().optional(),
  phone: z.string().optional(),
  fax: z.string().optional(),
  lat: z.number().min(-90).max(90).optional(),
  long: z.number().min(-180).max(180).optional(),
  distance: z.number().nonnegative().optional(),
  type: z.string().optional(),
  extra: z.record(z.string(), z.unknown()).optional(),
});
export type SavePharmacyInput = z.infer<typeof SavePharmacyInputSchema>;
