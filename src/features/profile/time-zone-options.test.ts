import { describe, expect, it } from 'vitest';
import { utcOffsetInWords, zoneInWordsAt, zoneOffsetMinutes } from '@/lib/dates';
import { ZONE_REGIONS, cityOfZone, listedZoneName, timeZoneOptions, zoneOption } from './time-zone-options';

// Fixed instants, so nothing depends on today: a winter and a summer day in the north.
const WINTER = Date.UTC(2026, 0, 15, 12) / 1000;
const SUMMER = Date.UTC(2026, 6, 15, 12) / 1000;

describe('the time zone choices', () => {
  it.each([
    ['America/New_York', WINTER, 'New York — Eastern Time (UTC−5)', 'United States & Canada'],
    ['America/New_York', SUMMER, 'New York — Eastern Time (UTC−4)', 'United States & Canada'],
    ['Asia/Kolkata', WINTER, 'Kolkata — India Standard Time (UTC+5:30)', 'Asia'],
    ['Asia/Calcutta', WINTER, 'Kolkata — India Standard Time (UTC+5:30)', 'Asia'],
    ['Europe/London', SUMMER, 'London — United Kingdom Time (UTC+1)', 'Europe'],
    // Named as it is now: in 1970 Juneau kept Pacific Time and Detroit Eastern Standard Time.
    ['America/Juneau', WINTER, 'Juneau — Alaska Time (UTC−9)', 'United States & Canada'],
    ['America/Detroit', WINTER, 'Detroit — Eastern Time (UTC−5)', 'United States & Canada'],
    [
      'Pacific/Honolulu',
      WINTER,
      'Honolulu — Hawaii-Aleutian Standard Time (UTC−10)',
      'United States & Canada',
    ],
    ['America/Indiana/Knox', WINTER, 'Knox, Indiana — Central Time (UTC−6)', 'United States & Canada'],
    [
      'America/Mexico_City',
      WINTER,
      'Mexico City — Central Standard Time (UTC−6)',
      'Mexico, Central & South America',
    ],
    ['Atlantic/Canary', WINTER, 'Canary — Western European Time (UTC+0)', 'Europe'],
    ['Pacific/Chatham', WINTER, 'Chatham — Chatham Time (UTC+13:45)', 'Australia & New Zealand'],
    ['UTC', WINTER, 'Coordinated Universal Time (UTC)', 'Universal time'],
    // Etc/GMT+3 is three hours behind UTC.
    ['Etc/GMT+3', WINTER, 'UTC−3, all year', 'Universal time'],
  ])('names %s in words', (zone, at, label, group) => {
    const option = zoneOption(zone, at);
    expect(option.label).toBe(label);
    expect(option.group).toBe(group);
  });

  it('sends the current IANA name of a zone a browser lists under an older one', () => {
    expect(zoneOption('Asia/Calcutta', WINTER).value).toBe('Asia/Kolkata');
    expect(listedZoneName('Asia/Calcutta')).toBe('Asia/Kolkata');
    expect(listedZoneName('Asia/Kolkata')).toBe('Asia/Kolkata');
    expect(listedZoneName('US/Eastern')).toBe('America/New_York');
  });

  it('finds a zone by its country even when the name in words does not say it', () => {
    const berlin = zoneOption('Europe/Berlin', WINTER);
    expect(berlin.label).toBe('Berlin — Central European Time (UTC+1)');
    expect(berlin.detail).toBe('Germany');
    // A country the words already name is not repeated.
    expect(zoneOption('Asia/Kolkata', WINTER).detail).toBeUndefined();
  });

  it('lists every zone once, in words, grouped by region in order', () => {
    const options = timeZoneOptions(WINTER);
    expect(options.length).toBeGreaterThan(300);
    expect(new Set(options.map((o) => o.value)).size).toBe(options.length);
    for (const option of options) {
      expect(option.label).not.toMatch(/\/|_/);
      expect(option.detail ?? '').not.toMatch(/\//);
    }
    const regions = [...new Set(options.map((o) => o.group))];
    expect(regions).toEqual(ZONE_REGIONS.filter((r) => regions.includes(r)));
    expect(regions[0]).toBe('United States & Canada');
    // West to east inside a region.
    const us = options.filter((o) => o.group === 'United States & Canada').map((o) => o.offset);
    expect(us).toEqual([...us].sort((a, b) => a - b));
  });

  it('writes city names as people do', () => {
    expect(cityOfZone('America/St_Johns')).toBe('St. John’s');
    expect(cityOfZone('America/Sao_Paulo')).toBe('São Paulo');
    expect(cityOfZone('America/North_Dakota/New_Salem')).toBe('New Salem, North Dakota');
    expect(cityOfZone('America/Argentina/Buenos_Aires')).toBe('Buenos Aires');
  });
});

describe('offsets and names at an instant (lib/dates)', () => {
  it.each([
    ['America/New_York', WINTER, -300, 'UTC−5'],
    ['America/New_York', SUMMER, -240, 'UTC−4'],
    ['Asia/Kolkata', WINTER, 330, 'UTC+5:30'],
    ['Asia/Kathmandu', WINTER, 345, 'UTC+5:45'],
    ['America/St_Johns', WINTER, -210, 'UTC−3:30'],
    ['UTC', WINTER, 0, 'UTC+0'],
  ])('%s is %i minutes from UTC', (zone, at, minutes, words) => {
    expect(zoneOffsetMinutes(at, zone)).toBe(minutes);
    expect(utcOffsetInWords(at, zone)).toBe(words);
  });

  it('names a zone by its current generic name, never by its identifier', () => {
    expect(zoneInWordsAt(WINTER, 'America/Juneau')).toBe('Alaska Time');
    expect(zoneInWordsAt(WINTER, 'Not/A_Zone')).not.toMatch(/\//);
  });
});
