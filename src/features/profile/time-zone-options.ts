import type { MessageDescriptor } from '@lingui/core';
import { msg, t } from '@lingui/core/macro';
import type { ComboboxOption } from '@/components/ui/combobox';
import {
  browserTimeZone,
  isValidTimeZone,
  listTimeZones,
  utcOffsetInWords,
  zoneInWordsAt,
  zoneLabel,
  zoneOffsetMinutes,
} from '@/lib/dates';
import { i18n } from '@/lib/i18n';
import { formatLocale } from '@/lib/locale';
import { CURRENT_ZONE_NAME, countryOfZone } from './time-zone-data';

/**
 * The time zone choices in patient words: "New York — Eastern Time (UTC−5)", grouped by region
 * ("United States & Canada", "Europe", …) and found by city, country, region or the zone's name in
 * words. The value is still the IANA name (the API's `timezone`), which no patient ever reads.
 */
export interface ZoneOption extends ComboboxOption {
  /** Minutes ahead of UTC now: the order inside a group. */
  offset: number;
}

/** Regions in the order the list shows them: this clinic's patients are mostly in North America. */
export const ZONE_REGIONS = [
  'United States & Canada',
  'Mexico, Central & South America',
  'Caribbean',
  'Europe',
  'Africa',
  'Asia',
  'Australia & New Zealand',
  'Pacific islands',
  'Atlantic islands & Greenland',
  'Indian Ocean',
  'Antarctica',
  'Universal time',
] as const;
export type ZoneRegion = (typeof ZONE_REGIONS)[number];

/** Each region's heading, in the page's language. */
const REGION_NAMES: Record<ZoneRegion, MessageDescriptor> = {
  'United States & Canada': msg`United States & Canada`,
  'Mexico, Central & South America': msg`Mexico, Central & South America`,
  Caribbean: msg`Caribbean`,
  Europe: msg`Europe`,
  Africa: msg`Africa`,
  Asia: msg`Asia`,
  'Australia & New Zealand': msg`Australia & New Zealand`,
  'Pacific islands': msg`Pacific islands`,
  'Atlantic islands & Greenland': msg`Atlantic islands & Greenland`,
  'Indian Ocean': msg`Indian Ocean`,
  Antarctica: msg`Antarctica`,
  'Universal time': msg`Universal time`,
};
const regionName = (region: ZoneRegion) => i18n._(REGION_NAMES[region]);

const LATIN_AMERICA = new Set('MX BZ CR SV GT HN NI PA AR BO BR CL CO EC FK GF GY PY PE SR UY VE'.split(' '));
const ATLANTIC = new Set('GL PM BM CV GS SH FK'.split(' '));
/** European countries whose zones sit under `Atlantic/` or `Arctic/` (Canaries, Azores, Faroe…). */
const EUROPE = new Set('ES PT FO IS SJ'.split(' '));

function regionOf(zone: string, country: string | undefined): ZoneRegion {
  if (country === 'US' || country === 'CA') return 'United States & Canada';
  if (country === 'AU' || country === 'NZ') return 'Australia & New Zealand';
  if (country && EUROPE.has(country)) return 'Europe';
  const [area] = zone.split('/');
  switch (area ?? '') {
    case 'America':
      if (country && LATIN_AMERICA.has(country)) return 'Mexico, Central & South America';
      if (country && ATLANTIC.has(country)) return 'Atlantic islands & Greenland';
      return 'Caribbean';
    case 'Europe':
      return 'Europe';
    case 'Africa':
      return 'Africa';
    case 'Asia':
      return 'Asia';
    case 'Australia':
      return 'Australia & New Zealand';
    case 'Pacific':
      return 'Pacific islands';
    case 'Atlantic':
      return country && LATIN_AMERICA.has(country)
        ? 'Mexico, Central & South America'
        : 'Atlantic islands & Greenland';
    case 'Indian':
      return 'Indian Ocean';
    case 'Antarctica':
      return 'Antarctica';
    default:
      return 'Universal time';
  }
}

/** City names as people write them, where the tz database's spelling is ASCII or joined up. */
const CITY_SPELLING: Readonly<Record<string, string>> = {
  Sao_Paulo: 'São Paulo',
  Bogota: 'Bogotá',
  Asuncion: 'Asunción',
  Cancun: 'Cancún',
  Merida: 'Mérida',
  Ciudad_Juarez: 'Ciudad Juárez',
  Curacao: 'Curaçao',
  Reunion: 'Réunion',
  DumontDUrville: 'Dumont d’Urville',
  St_Johns: 'St. John’s',
  Port_of_Spain: 'Port of Spain',
  Noronha: 'Fernando de Noronha',
};
/** US states whose zones are named `America/<State>/<Place>`: "Knox, Indiana". */
const US_STATE_PARTS = new Set(['Indiana', 'Kentucky', 'North_Dakota']);

/** "New York" from America/New_York, "Knox, Indiana" from America/Indiana/Knox. */
export function cityOfZone(zone: string): string {
  const parts = zone.split('/');
  const last = parts[parts.length - 1] ?? zone;
  const city = CITY_SPELLING[last] ?? last.replace(/^St_/, 'St. ').replace(/_/g, ' ');
  const middle = parts.length === 3 ? parts[1] : undefined;
  return middle && US_STATE_PARTS.has(middle) ? `${city}, ${middle.replace(/_/g, ' ')}` : city;
}

const countryNames = new Map<string, Intl.DisplayNames | null>();
/** A country's name in the page's language. */
function countryName(code: string | undefined): string {
  if (!code) return '';
  const locale = formatLocale();
  let names = countryNames.get(locale);
  if (names === undefined) {
    try {
      names = new Intl.DisplayNames([locale], { type: 'region' });
    } catch {
      names = null;
    }
    countryNames.set(locale, names);
  }
  return names?.of(code) ?? '';
}

/** The tz database's current name for a zone a browser may list under an older one. */
export function currentZoneName(zone: string): string {
  return CURRENT_ZONE_NAME[zone] ?? zone;
}

/** Etc/GMT+3 is three hours *behind* UTC: such a zone is shown by its offset alone. */
const isFixedOffset = (zone: string) => /^Etc\/GMT[+-]\d+$/.test(zone);
const isUniversal = (zone: string) =>
  ['UTC', 'Etc/UTC', 'Etc/UCT', 'Etc/GMT', 'Etc/Universal', 'Etc/Zulu', 'GMT', 'UCT', 'Zulu'].includes(zone);

/** One choice, as it is shown and searched, at the instant `now` (UNIX seconds). */
export function zoneOption(zone: string, now: number): ZoneOption {
  const value = currentZoneName(zone);
  const offset = zoneOffsetMinutes(now, value);
  const utc = utcOffsetInWords(now, value);
  if (isUniversal(value)) {
    return {
      value,
      label: t`Coordinated Universal Time (UTC)`,
      group: regionName('Universal time'),
      offset: 0,
      keywords: t`UTC GMT Greenwich universal`,
    };
  }
  if (isFixedOffset(value) || !value.includes('/')) {
    const gmt = utc.replace('UTC', 'GMT');
    return {
      value,
      label: t`${utc}, all year`,
      group: regionName('Universal time'),
      offset,
      keywords: t`${gmt} fixed offset`,
    };
  }
  const code = countryOfZone(value);
  const country = countryName(code);
  const city = cityOfZone(value);
  const words = zoneInWordsAt(now, value);
  const group = regionName(regionOf(value, code));
  // The short name ("EST", "CET" where the browser has one) is searched, never shown.
  const abbreviation = zoneLabel(now, value);
  return {
    value,
    label: `${city} — ${words} (${utc})`,
    detail: country && !words.includes(country) ? country : undefined,
    group,
    offset,
    keywords: `${country} ${abbreviation} ${utc.replace('UTC', 'GMT')}`,
  };
}

/** Options built at one instant, kept for the hour (several hundred formatters are not free), per language. */
let cache: { hour: number; language: string; options: ZoneOption[] } | undefined;

/**
 * Every zone the browser knows (and UTC), one per current name, grouped by region in the order of
 * ZONE_REGIONS, west to east inside a region, then by city.
 */
export function timeZoneOptions(now: number): ZoneOption[] {
  const hour = Math.floor(now / 3600);
  const language = `${i18n.locale}|${formatLocale()}`;
  if (cache?.hour === hour && cache.language === language) return cache.options;
  const seen = new Set<string>();
  const options: ZoneOption[] = [];
  for (const zone of ['UTC', ...listTimeZones()]) {
    const value = currentZoneName(zone);
    if (seen.has(value) || !isValidTimeZone(value)) continue;
    seen.add(value);
    options.push(zoneOption(value, now));
  }
  const order = new Map<string, number>(ZONE_REGIONS.map((region, i) => [regionName(region), i]));
  options.sort(
    (a, b) =>
      (order.get(a.group ?? '') ?? 99) - (order.get(b.group ?? '') ?? 99) ||
      a.offset - b.offset ||
      a.label.localeCompare(b.label, formatLocale()),
  );
  cache = { hour, language, options };
  return options;
}

/**
 * The name a zone is listed under, whatever name it was given (`Asia/Calcutta`, `Asia/Kolkata`,
 * `US/Eastern`): the browser's canonical name, then the tz database's current one.
 */
export function listedZoneName(zone: string): string {
  if (!isValidTimeZone(zone)) return zone;
  return currentZoneName(
    new Intl.DateTimeFormat(formatLocale(), { timeZone: zone }).resolvedOptions().timeZone,
  );
}

/** This device's zone, by its current name. */
export const deviceZone = (): string => listedZoneName(browserTimeZone());
