import { msg, t } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import { calendarDateIn, formatTime, isValidTimeZone } from '@/lib/dates';
import { formatLocale } from '@/lib/locale';
import {
  converted,
  inUnit,
  kindConfig,
  say,
  unitLabel,
  unitOf,
  type ReadingKind,
  type ReadingKindConfig,
} from './kinds';

/** One reading as the patient sent it: values in the unit entered, taken at `at` (UNIX seconds). */
export interface Reading {
  id: string;
  kind: ReadingKind;
  /** The unit as the spec names it ('mmHg', 'lbs', 'fah'; '' for kinds without a unit field). */
  unit: string;
  /** One value, or blood pressure's systolic and diastolic. */
  values: number[];
  at: number;
  /** What it was measured with, in words. */
  device: string;
}

export interface Series {
  key: string;
  /** Its name, shown with `i18n._`. */
  name: MessageDescriptor;
}

/** The usual range of one series, shaded behind it, in the chart's unit. */
export interface Band {
  series: number;
  range: [number, number];
}

/** The readings of one kind, oldest first, with the unit the chart draws them in. */
export interface KindHistory {
  config: ReadingKindConfig;
  /** The chart's unit: mmHg for blood pressure, otherwise the unit of the latest reading. */
  unit: string;
  series: Series[];
  readings: Reading[];
  bands: Band[];
  /** The bands in words (shown with `i18n._`), or null when the kind has none. */
  bandWords: MessageDescriptor | null;
}

/**
 * Usual ranges for adults, where one range fits everyone (general guidance, not a clinical target).
 * Glucose depends on meals and medicine, weight, steps and active minutes on the person: no band.
 */
function bandsOf(kind: ReadingKind, unit: string): { bands: Band[]; words: MessageDescriptor | null } {
  switch (kind) {
    case 'bp':
      return {
        bands: [
          { series: 0, range: [90, 120] },
          { series: 1, range: [60, 80] },
        ],
        words: msg`The shaded bands are the usual range for adults: 90 to 120 mmHg for the top number, 60 to 80 mmHg for the bottom number.`,
      };
    case 'hr':
      return {
        bands: [{ series: 0, range: [60, 100] }],
        words: msg`The shaded band is the usual resting heart rate for adults: 60 to 100 beats per minute.`,
      };
    case 'bo':
      return {
        bands: [{ series: 0, range: [95, 100] }],
        words: msg`The shaded band is the usual blood oxygen for adults: 95 to 100 %.`,
      };
    case 'temperature_body':
      return unit === 'fah'
        ? {
            bands: [{ series: 0, range: [97, 99] }],
            words: msg`The shaded band is the usual body temperature: 97 to 99 °F.`,
          }
        : {
            bands: [{ series: 0, range: [36.1, 37.2] }],
            words: msg`The shaded band is the usual body temperature: 36.1 to 37.2 °C.`,
          };
    case 'weight':
    case 'bg':
    case 'steps':
    case 'active_minutes':
      return { bands: [], words: null };
  }
}

/** The readings grouped by kind, in the order the form offers the kinds; kinds without readings left out. */
export function historyByKind(readings: readonly Reading[]): KindHistory[] {
  const kinds = new Map<ReadingKind, Reading[]>();
  for (const reading of [...readings].sort((a, b) => a.at - b.at || a.id.localeCompare(b.id))) {
    kinds.set(reading.kind, [...(kinds.get(reading.kind) ?? []), reading]);
  }
  return [...kinds.entries()].map(([kind, list]) => {
    const config = kindConfig(kind);
    const latest = list[list.length - 1];
    const unit = kind === 'bp' ? 'mmHg' : (latest?.unit ?? config.units[0]?.value ?? '');
    const { bands, words } = bandsOf(kind, unit);
    const series: Series[] = config.second
      ? [
          { key: 'systolic', name: msg`Top number (systolic)` },
          { key: 'diastolic', name: msg`Bottom number (diastolic)` },
        ]
      : [{ key: kind, name: config.label }];
    return { config, unit, series, readings: list, bands, bandWords: words };
  });
}

/** A reading's values in the chart's unit, rounded as that unit is entered. */
export function chartValues(history: KindHistory, reading: Reading): number[] {
  const places = unitOf(history.config, history.unit).decimals;
  const f = 10 ** places;
  return reading.values.map((v) => Math.round(inUnit(history.config, reading.unit, history.unit, v) * f) / f);
}

/** "12,050", "98.6": a number as patients read it, with this many decimal places (at most, when not fixed). */
export function numberWords(value: number, places: number, fixed = true): string {
  return value.toLocaleString(formatLocale(), {
    minimumFractionDigits: fixed ? places : 0,
    maximumFractionDigits: places,
  });
}

/** "128/82 mmHg", "98.6 °F", "12,050 steps": values in the chart's unit. */
export function valueWords(history: KindHistory, values: number[]): string {
  const unit = unitOf(history.config, history.unit);
  return `${values.map((v) => numberWords(v, unit.decimals, false)).join('/')} ${unitLabel(unit)}`;
}

/** The reading as entered, with the other unit beside it when there is one: "16/10 kPa (120/75 mmHg)". */
export function enteredWords(reading: Reading): string {
  const config = kindConfig(reading.kind);
  const unit = unitOf(config, reading.unit);
  const text = `${reading.values.map((v) => numberWords(v, unit.decimals, false)).join('/')} ${unitLabel(unit)}`;
  const other = converted(config, reading.unit, reading.values);
  return other ? `${text} (${other})` : text;
}

const sameDay = (a: number, b: number, zone: string) => calendarDateIn(a, zone) === calendarDateIn(b, zone);
const sameYear = (a: number, b: number, zone: string) =>
  calendarDateIn(a, zone).slice(0, 4) === calendarDateIn(b, zone).slice(0, 4);

const dayFormats = new Map<string, Intl.DateTimeFormat>();

/** "Nov 2" in the viewer's zone; "Nov 2, 2026" when the readings span two years. */
export function shortDate(seconds: number, zone: string, withYear = false): string {
  const locale = formatLocale();
  const key = `${locale}|${zone}|${withYear}`;
  let f = dayFormats.get(key);
  if (!f) {
    f = new Intl.DateTimeFormat(locale, {
      month: 'short',
      day: 'numeric',
      ...(withYear ? { year: 'numeric' } : {}),
      timeZone: isValidTimeZone(zone) ? zone : 'UTC',
    });
    dayFormats.set(key, f);
  }
  return f.format(seconds * 1000);
}

/** The chart's summary: "Blood pressure, 6 readings from Nov 2 to Nov 25, latest 128/82 mmHg". */
export function chartLabel(history: KindHistory, zone: string): string {
  const list = history.readings;
  const first = list[0];
  const last = list[list.length - 1];
  const label = say(history.config.label);
  if (!first || !last) return t`${label}, no readings`;
  const latest = valueWords(history, chartValues(history, last));
  const withYear = !sameYear(first.at, last.at, zone);
  if (list.length === 1) {
    const date = shortDate(first.at, zone, withYear);
    return t`${label}, 1 reading on ${date}: ${latest}`;
  }
  const count = list.length;
  if (sameDay(first.at, last.at, zone)) {
    const date = shortDate(first.at, zone);
    return t`${label}, ${count} readings on ${date}, latest ${latest}`;
  }
  const from = shortDate(first.at, zone, withYear);
  const to = shortDate(last.at, zone, withYear);
  return t`${label}, ${count} readings from ${from} to ${to}, latest ${latest}`;
}

/** Ticks of the time axis: the first and last reading (times when on one day), and the middle on longer spans. */
export function timeTicks(history: KindHistory, zone: string): { at: number; label: string }[] {
  const first = history.readings[0];
  const last = history.readings[history.readings.length - 1];
  if (!first || !last) return [];
  if (first.at === last.at) return [{ at: first.at, label: shortDate(first.at, zone) }];
  if (sameDay(first.at, last.at, zone)) {
    return [
      { at: first.at, label: formatTime(first.at, zone) },
      { at: last.at, label: formatTime(last.at, zone) },
    ];
  }
  const withYear = !sameYear(first.at, last.at, zone);
  const start = { at: first.at, label: shortDate(first.at, zone, withYear) };
  const end = { at: last.at, label: shortDate(last.at, zone, withYear) };
  const middle = Math.round((first.at + last.at) / 2);
  // A middle date only when the labels have room: 4 days or more apart, in one year.
  return last.at - first.at >= 4 * 86_400 && !withYear
    ? [start, { at: middle, label: shortDate(middle, zone) }, end]
    : [start, end];
}

/** A value axis with round steps covering every value and band: about four steps. */
export function valueTicks(values: number[]): { min: number; max: number; ticks: number[]; places: number } {
  let lo = Math.min(...values);
  let hi = Math.max(...values);
  if (!Number.isFinite(lo) || !Number.isFinite(hi)) return { min: 0, max: 1, ticks: [0, 1], places: 0 };
  if (hi - lo < 1e-9) {
    const pad = Math.max(1, Math.abs(hi) * 0.05);
    lo -= pad;
    hi += pad;
  }
  const raw = (hi - lo) / 4;
  const power = 10 ** Math.floor(Math.log10(raw));
  const m = raw / power;
  const step = (m <= 1 ? 1 : m <= 2 ? 2 : m <= 5 ? 5 : 10) * power;
  const min = Math.floor(lo / step) * step;
  const max = Math.ceil(hi / step) * step;
  const places = step >= 1 ? 0 : Math.ceil(-Math.log10(step));
  const ticks: number[] = [];
  for (let v = min; v <= max + step / 1000; v += step) ticks.push(Number(v.toFixed(places + 2)));
  return { min, max, ticks, places };
}

/** The chart's unit in words: "mmHg", "°F", "beats per minute". */
export function unitLabelOf(history: KindHistory): string {
  return unitLabel(unitOf(history.config, history.unit));
}
