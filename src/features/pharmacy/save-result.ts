import type { SavePharmacyInput } from '@telehealth/client/erx/schemas';
import type { PharmacySearchResult } from '@/lib/pharmacy-search';

/**
 * What `POST /users/-/erx/pharmacies` receives for a search result: the spec's fields, `type` =
 * the provider's type and `extra` = the provider's result unmodified (spec 4.9).
 */
export function saveInputFrom(result: PharmacySearchResult, type: string): SavePharmacyInput {
  const state = /^[A-Z]{2}$/.test(result.state) ? result.state : undefined;
  return {
    name: result.name,
    code: result.id,
    address: result.address,
    city: result.city,
    state,
    zip: result.zip,
    country: 'US',
    phone: result.phone,
    fax: result.fax,
    lat: result.lat,
    long: result.long,
    ...(result.distance !== null ? { distance: result.distance } : {}),
    type,
    extra: result.raw,
  };
}
