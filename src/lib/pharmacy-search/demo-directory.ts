import type { PharmacySearchQuery, PharmacySearchResult } from './index';

/**
 * A generated directory of 300 pharmacies around twelve US cities, with coordinates, for
 * development, tests and the browser journeys. Deterministic: the same list every time.
 */

interface City {
  city: string;
  state: string;
  zip: number;
  lat: number;
  long: number;
  area: string;
}

const CITIES: City[] = [
  { city: 'Brooklyn', state: 'NY', zip: 11201, lat: 40.6943, long: -73.9903, area: '718' },
  { city: 'New York', state: 'NY', zip: 10001, lat: 40.7506, long: -73.9972, area: '212' },
  { city: 'Long Island City', state: 'NY', zip: 11101, lat: 40.7447, long: -73.9485, area: '718' },
  { city: 'Jersey City', state: 'NJ', zip: 7302, lat: 40.7205, long: -74.0466, area: '201' },
  { city: 'Boston', state: 'MA', zip: 2108, lat: 42.3576, long: -71.0684, area: '617' },
  { city: 'Philadelphia', state: 'PA', zip: 19103, lat: 39.9529, long: -75.1745, area: '215' },
  { city: 'Chicago', state: 'IL', zip: 60601, lat: 41.8853, long: -87.6221, area: '312' },
  { city: 'Oakland', state: 'CA', zip: 94607, lat: 37.8044, long: -122.2711, area: '510' },
  { city: 'San Francisco', state: 'CA', zip: 94103, lat: 37.7725, long: -122.4091, area: '415' },
  { city: 'Austin', state: 'TX', zip: 78701, lat: 30.2711, long: -97.7437, area: '512' },
  { city: 'Denver', state: 'CO', zip: 80202, lat: 39.7528, long: -104.9993, area: '303' },
  { city: 'Seattle', state: 'WA', zip: 98101, lat: 47.6114, long: -122.3305, area: '206' },
];

const BRANDS = [
  'Harbor',
  'Corner',
  'Main Street',
  'Riverside',
  'Elm',
  'Parkview',
  'Bayside',
  'Hilltop',
  'Maple',
  'Union',
  'Lakeside',
  'Cedar',
  'Summit',
  'Oak Tree',
  'Greenway',
];
const KINDS = ['Pharmacy', 'Drugs', 'Apothecary', 'Chemists', 'Family Pharmacy'];
const STREETS = [
  'Atlantic Avenue',
  'Court Street',
  'Main Street',
  'Park Place',
  'Bedford Avenue',
  'Union Street',
];

/** mulberry32: a tiny seeded generator, so the directory is the same on every load. */
function generator(seed: number) {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const pad5 = (n: number) => String(n).padStart(5, '0');

interface Entry {
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
  hours: string;
  accepts_erx: boolean;
}

/** ZIP -> coordinates of the ZIPs the directory covers (each city's ZIPs spread east of its centre). */
const ZIP_POINTS = new Map<string, { lat: number; long: number }>();

function build(): Entry[] {
  const random = generator(20261122);
  const entries: Entry[] = [];
  CITIES.forEach((c, ci) => {
    for (let z = 0; z < 10; z += 1) {
      ZIP_POINTS.set(pad5(c.zip + z), { lat: c.lat + (z % 3) * 0.012, long: c.long + z * 0.01 });
    }
    for (let i = 0; i < 25; i += 1) {
      const zipOffset = Math.floor(random() * 10);
      const point = ZIP_POINTS.get(pad5(c.zip + zipOffset)) ?? c;
      const brand = BRANDS[(ci * 7 + i) % BRANDS.length] ?? 'Harbor';
      const kind = KINDS[(ci + i * 3) % KINDS.length] ?? 'Pharmacy';
      const line = 1000 + Math.floor(random() * 9000);
      entries.push({
        id: `demo-${c.state.toLowerCase()}-${pad5(c.zip)}-${String(i + 1).padStart(2, '0')}`,
        name: `${brand} ${kind}`,
        address: `${10 + Math.floor(random() * 890)} ${STREETS[Math.floor(random() * STREETS.length)] ?? 'Main Street'}`,
        city: c.city,
        state: c.state,
        zip: pad5(c.zip + zipOffset),
        phone: `${c.area}555${String(line).slice(0, 4)}`,
        fax: `${c.area}556${String(line).slice(0, 4)}`,
        lat: Number((point.lat + (random() - 0.5) * 0.01).toFixed(5)),
        long: Number((point.long + (random() - 0.5) * 0.01).toFixed(5)),
        hours: i % 4 === 0 ? 'Open 24 hours' : 'Mon–Sat 8 AM–9 PM',
        accepts_erx: true,
      });
    }
  });
  return entries;
}

export const DIRECTORY: readonly Entry[] = build();

/** Coordinates of a ZIP: exact when the directory covers it, else the centre of its 3-digit area. */
export function zipPoint(zip: string | null | undefined): { lat: number; long: number } | null {
  if (!zip || !/^\d{5}/.test(zip)) return null;
  const five = zip.slice(0, 5);
  const exact = ZIP_POINTS.get(five);
  if (exact) return exact;
  const area = CITIES.find((c) => pad5(c.zip).slice(0, 3) === five.slice(0, 3));
  return area ? { lat: area.lat, long: area.long } : null;
}

/** Great-circle distance in miles. */
export function milesBetween(a: { lat: number; long: number }, b: { lat: number; long: number }): number {
  const rad = (d: number) => (d * Math.PI) / 180;
  const dLat = rad(b.lat - a.lat);
  const dLong = rad(b.long - a.long);
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(rad(a.lat)) * Math.cos(rad(b.lat)) * Math.sin(dLong / 2) ** 2;
  return 3958.8 * 2 * Math.asin(Math.sqrt(h));
}

/** Searches by name, city or ZIP; nearest first when the distance can be measured. */
export function searchDirectory(query: PharmacySearchQuery): PharmacySearchResult[] {
  const text = query.text.trim().toLowerCase();
  if (!text) return [];
  const limit = query.limit ?? 20;
  const isZip = /^\d{3,5}$/.test(text);
  // A full ZIP searches around that ZIP; distances are then from it, else from the patient's ZIP.
  const origin = (isZip && text.length === 5 ? zipPoint(text) : null) ?? zipPoint(query.originZip);
  const matches = DIRECTORY.filter((e) => {
    if (isZip) {
      if (text.length === 5) {
        const point = zipPoint(text);
        return e.zip === text || (point !== null && milesBetween(point, e) <= 5);
      }
      return e.zip.startsWith(text);
    }
    return e.name.toLowerCase().includes(text) || e.city.toLowerCase().includes(text);
  });
  return matches
    .map((e) => ({
      ...e,
      distance: origin ? Math.round(milesBetween(origin, e) * 10) / 10 : null,
      raw: { ...e },
    }))
    .sort((a, b) => (a.distance ?? Infinity) - (b.distance ?? Infinity) || a.name.localeCompare(b.name))
    .slice(0, limit)
    .map(({ hours: _hours, accepts_erx: _erx, ...result }) => result);
}
