import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { apiJson, type CallOptions } from '@telehealth/client/http';
import { erxQueries } from './queries';
import type { Pharmacy, SavePharmacyInput } from '@telehealth/client/erx/schemas';

/**
 * Choosing the default pharmacy (docs/spec-decisions.md, "Choosing the default pharmacy (issue
 * 27)"). Spec 4.9 has no set-default operation; the saved pharmacy record (2.12) carries
 * `is_default`, and saving a code already saved replaces that record. So the chosen pharmacy is
 * saved again, as read, with `is_default: true`.
 */
export type SetDefaultPharmacyInput = SavePharmacyInput & { is_default: true };

const text = (value: string | null | undefined): string | undefined => value ?? undefined;
const number = (value: number | null | undefined): number | undefined =>
  typeof value === 'number' && Number.isFinite(value) ? value : undefined;

/** The saved pharmacy's own fields (empty ones left out), marked as the default. */
export function defaultPharmacyInput(pharmacy: Pharmacy): SetDefaultPharmacyInput {
  const input: SetDefaultPharmacyInput = {
    name: pharmacy.name,
    code: pharmacy.code,
    address: text(pharmacy.address),
    address_more: text(pharmacy.address_more),
    city: text(pharmacy.city),
    country: text(pharmacy.country),
    // The request takes a two-letter state only (spec 8); anything else read back is left out.
    state: pharmacy.state && /^[A-Za-z]{2}$/.test(pharmacy.state) ? pharmacy.state.toUpperCase() : undefined,
    zip: text(pharmacy.zip),
    phone: text(pharmacy.phone),
    fax: text(pharmacy.fax),
    lat: number(pharmacy.lat),
    long: number(pharmacy.long),
    distance: number(pharmacy.distance),
    type: text(pharmacy.type),
    extra: pharmacy.extra ?? undefined,
    is_default: true,
  };
  return Object.fromEntries(
    Object.entries(input).filter(([, value]) => value !== undefined),
  ) as SetDefaultPharmacyInput;
}

/** POST /users/{id}/erx/pharmacies with the saved pharmacy and `is_default: true`. */
export function setDefaultPharmacy(
  userId: string,
  pharmacy: Pharmacy,
  options: CallOptions = {},
): Promise<true> {
  return apiJson({
    method: 'POST',
    path: `/users/${encodeURIComponent(userId)}/erx/pharmacies`,
    auth: 'user',
    body: { json: defaultPharmacyInput(pharmacy) },
    schema: z.literal(true),
    signal: options.signal,
  });
}

/**
 * Makes a saved pharmacy the default and reads the list again before resolving: `true` when the
 * server now marks it as the default, `false` when it saved it but kept another (a server that
 * ignores `is_default` on a save), so the caller can say so instead of claiming a change.
 */
export function useSetDefaultPharmacy(userId = '-') {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (pharmacy: Pharmacy): Promise<boolean> => {
      await setDefaultPharmacy(userId, pharmacy);
      // Lists on screen are read again here; the list is read once more only if none was.
      await queryClient.invalidateQueries({ queryKey: [...erxQueries.all(), 'pharmacies'] });
      const list = await queryClient.fetchQuery(erxQueries.pharmacies(userId));
      return list.some((saved) => saved.code === pharmacy.code && saved.is_default === true);
    },
  });
}
