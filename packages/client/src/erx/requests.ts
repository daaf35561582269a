import { z } from 'zod';
import { apiJson, type CallOptions } from '../http.ts';
import { tolerantList } from '../common/schemas.ts';
import {
  DEFAULT_PRESCRIPTION_STATUS,
  PharmacySchema,
  PrescriptionSchema,
  type Pharmacy,
  type Prescription,
  type SavePharmacyInput,
} from './schemas.ts';

// Spec 4.9: USER; `{id}` may be `-` for the signed-in user.

/** GET /users/{id}/erx/prescriptions; `status` defaults to `Current` as the spec asks. */
export function listPrescriptions(
  userId: string,
  status: string = DEFAULT_PRESCRIPTION_STATUS,
  options: CallOptions = {},
): Promise<Prescription[]> {
  return apiJson({
    path: `/users/${encodeURIComponent(userId)}/erx/prescriptions`,
    auth: 'user',
    query: { status },
    schema: tolerantList(PrescriptionSchema, 'prescriptions'),
    signal: options.signal,
  });
}

/** GET /users/{id}/erx/pharmacies: the saved pharmacies. */
export function listPharmacies(userId: string, options: CallOptions = {}): Promise<Pharmacy[]> {
  return apiJson({
    path: `/users/${encodeURIComponent(userId)}/erx/pharmacies`,
    auth: 'user',
    schema: tolerantList(PharmacySchema, 'pharmacies'),
    signal: options.signal,
  });
}

/** POST /users/{id}/erx/pharmacies: saves a pharmacy (from the search provider: its `type` and raw result in `extra`). */
export function savePharmacy(
  userId: string,
  input: SavePharmacyInput,
  options: CallOptions = {},
): Promise<true> {
  return apiJson({
    method: 'POST',
    path: `/users/${encodeURIComponent(userId)}/erx/pharmacies`,
    auth: 'user',
    body: { json: input },
    schema: z.literal(true),
    signal: options.signal,
  });
}

/** DELETE /users/{id}/erx/pharmacies/{code}. */
export function deletePharmacy(userId: string, code: string, options: CallOptions = {}): Promise<true> {
  return apiJson({
    method: 'DELETE',
    path: `/users/${encodeURIComponent(userId)}/erx/pharmacies/${encodeURIComponent(code)}`,
    auth: 'user',
    schema: z.literal(true),
    signal: options.signal,
  });
}
