import { env } from '@/config/env';

/**
 * Pharmacy search. The spec saves pharmacies "taken from the pharmacy search provider's results"
 * (`type` = the provider's type, `extra` = its unmodified result) but names no search endpoint, so
 * the provider sits behind this interface. A deployment plugs its own in before the app renders:
 * `setPharmacySearch(myProvider)` in main.tsx (docs/decisions/0019-health-record-features.md). Development, tests and the
 * browser journeys use a generated demo directory; a production build with no provider set says
 * that search is not available instead of offering invented pharmacies.
 */

export interface PharmacySearchQuery {
  /** A pharmacy name, a city, or a ZIP code (5 digits, or its first digits). */
  text: string;
  /** Distances are measured from here (the patient's ZIP), when the provider knows it. */
  originZip?: string | null;
  limit?: number;
}

export interface PharmacySearchResult {
  /** The provider's id of the pharmacy: saved as the pharmacy `code`. */
  id: string;
  name: string;
  address: string;
  city: string;
  state: string;
  zip: string;
  phone: string;
  fax: string;
  lat: number;
  long: number;
  /** Miles from `originZip`, or null when it could not be measured. */
  distance: number | null;
  /** The provider's result exactly as it came: saved unmodified in `extra`. */
  raw: Record<string, unknown>;
}

export interface PharmacySearch {
  /** The provider's type value, saved as the pharmacy's `type`. */
  readonly type: string;
  search(query: PharmacySearchQuery, signal?: AbortSignal): Promise<PharmacySearchResult[]>;
}

export class PharmacySearchUnavailable extends Error {
  override name = 'PharmacySearchUnavailable';
}

const unavailable: PharmacySearch = {
  type: 'none',
  search: () =>
    Promise.reject(
      new PharmacySearchUnavailable('Pharmacy search is not available. Please call the clinic.'),
    ),
};

/** The demo directory, loaded on first use so its data stays out of the first page's bundle. */
const demoDirectory: PharmacySearch = {
  type: 'demo_directory',
  search: async (query, signal) => {
    const { searchDirectory } = await import('./demo-directory');
    if (signal?.aborted) throw new DOMException('Aborted', 'AbortError');
    return searchDirectory(query);
  },
};

let configured: PharmacySearch | null = null;

/** Plugs a deployment's pharmacy search provider in (call once, before rendering). */
export function setPharmacySearch(provider: PharmacySearch | null): void {
  configured = provider;
}

/** The search in use: the configured provider, else the demo directory outside production builds. */
export function getPharmacySearch(): PharmacySearch {
  if (configured) return configured;
  return env.VITE_API_MOCKING === 'on' || import.meta.env.MODE !== 'production' ? demoDirectory : unavailable;
}
