import { msg, t } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import type { DeviceType, HealthMeasurementInput } from '@telehealth/client/health/schemas';
import { i18n } from '@/lib/i18n';

/** What a patient can send (spec 4.11 `data_type`s of class `body` a person measures). */
export type ReadingKind =
  'bp' | 'weight' | 'bg' | 'temperature_body' | 'bo' | 'hr' | 'steps' | 'active_minutes';

export interface UnitOption {
  /** The unit as the spec names it (sent as is); '' for kinds without a unit field. */
  value: string;
  /** The unit's symbol ("mmHg", "°C"), or, for a unit in words, its message (`unitLabel` reads either). */
  label: string | MessageDescriptor;
  /** Plausible range of one value in this unit, inclusive. */
  range: [number, number];
  /** The blood pressure range of the second value (diastolic). */
  secondRange?: [number, number];
  /** Decimal places accepted. */
  decimals: number;
}

export interface ReadingKindConfig {
  kind: ReadingKind;
  label: MessageDescriptor;
  /** The first value's label (systolic for blood pressure). */
  first: MessageDescriptor;
  /** The second value's label: only blood pressure has one. */
  second?: MessageDescriptor;
  units: UnitOption[];
  /** The device types that measure this, the first being the usual one (DESIGN.md section 3 codes). */
  devices: DeviceType[];
}

const PHONES: DeviceType[] = ['phone_health_ios', 'phone_health_android'];

/**
 * Plausibility limits: values a living person can show, not clinical targets. A value outside is
 * refused before sending with a message naming the value and the range (docs/spec-decisions.md).
 */
export const READING_KINDS: ReadingKindConfig[] = [
  {
    kind: 'bp',
    label: msg`Blood pressure`,
    first: msg`Systolic (top number)`,
    second: msg`Diastolic (bottom number)`,
    // The spec sends `hp`/`lp` as integers, so kPa readings are whole numbers too.
    units: [
      { value: 'mmHg', label: 'mmHg', range: [70, 250], secondRange: [40, 150], decimals: 0 },
      { value: 'kPa', label: 'kPa', range: [10, 33], secondRange: [5, 20], decimals: 0 },
    ],
    devices: ['blood_pressure_monitor', ...PHONES],
  },
  {
    kind: 'weight',
    label: msg`Weight`,
    first: msg`Weight`,
    units: [
      { value: 'kg', label: 'kg', range: [2, 350], decimals: 1 },
      { value: 'lbs', label: 'lbs', range: [4, 770], decimals: 1 },
    ],
    devices: ['body_scale', ...PHONES],
  },
  {
    kind: 'bg',
    label: msg`Blood glucose`,
    first: msg`Blood glucose`,
    units: [
      { value: 'mg/dL', label: 'mg/dL', range: [20, 600], decimals: 0 },
      { value: 'mmol/L', label: 'mmol/L', range: [1.1, 33.3], decimals: 1 },
    ],
    devices: ['blood_glucose_meter', ...PHONES],
  },
  {
    kind: 'temperature_body',
    label: msg`Temperature`,
    first: msg`Temperature`,
    units: [
      { value: 'cel', label: '°C', range: [34, 43], decimals: 1 },
      { value: 'fah', label: '°F', range: [93, 109.4], decimals: 1 },
    ],
    devices: ['thermometer', ...PHONES],
  },
  {
    kind: 'bo',
    label: msg`Blood oxygen`,
    first: msg`Blood oxygen (%)`,
    units: [{ value: '', label: '%', range: [70, 100], decimals: 0 }],
    devices: ['pulse_oximeter', ...PHONES],
  },
  {
    kind: 'hr',
    label: msg`Heart rate`,
    first: msg`Heart rate (beats per minute)`,
    units: [{ value: '', label: msg`beats per minute`, range: [30, 220], decimals: 0 }],
    devices: ['pulse_oximeter', 'blood_pressure_monitor', ...PHONES],
  },
  {
    kind: 'steps',
    label: msg`Steps`,
    first: msg`Steps in the day`,
    units: [
      {
        value: '',
        label: msg({ message: 'steps', context: 'unit: a count of steps' }),
        range: [0, 100000],
        decimals: 0,
      },
    ],
    devices: [...PHONES],
  },
  {
    kind: 'active_minutes',
    label: msg`Active minutes`,
    first: msg`Active minutes in the day`,
    units: [
      {
        value: '',
        label: msg({ message: 'minutes', context: 'unit: active minutes in a day' }),
        range: [0, 1440],
        decimals: 0,
      },
    ],
    devices: [...PHONES],
  },
];

export const DEVICE_LABELS: Record<DeviceType, MessageDescriptor> = {
  pulse_oximeter: msg`Pulse oximeter`,
  body_scale: msg`Scale`,
  blood_pressure_monitor: msg`Blood pressure monitor`,
  blood_glucose_meter: msg`Blood glucose meter`,
  thermometer: msg`Thermometer`,
  phone_health_ios: msg`iPhone Health app`,
  phone_health_android: msg`Android health app`,
};

/** A device type in words, in the page's language. */
export const deviceLabel = (type: DeviceType): string => i18n._(DEVICE_LABELS[type]);

/** A message of this file in the page's language (a kind's name, a value's label). */
export const say = (words: MessageDescriptor): string => i18n._(words);

/** A unit as the patient reads it: its symbol, or its name in the page's language. */
export const unitLabel = (unit: UnitOption): string =>
  typeof unit.label === 'string' ? unit.label : i18n._(unit.label);

export function kindConfig(kind: string): ReadingKindConfig {
  return READING_KINDS.find((k) => k.kind === kind) ?? (READING_KINDS[0] as ReadingKindConfig);
}

export function unitOf(config: ReadingKindConfig, unit: string): UnitOption {
  return config.units.find((u) => u.value === unit) ?? (config.units[0] as UnitOption);
}

/** The device the portal registers for readings typed in by hand, one per device type. */
export function portalDevice(type: DeviceType) {
  const device = deviceLabel(type);
  return {
    device_id: `portal-${type}`,
    device_name: t`${device} (readings typed in the patient portal)`,
    type,
  };
}

/** The unit's label as the patient reads it: "mmHg", "°C". */
export function unitWords(config: ReadingKindConfig, unit: string): string {
  return unitLabel(unitOf(config, unit));
}

/** The value fields of `POST /health` for a reading, in the unit entered. */
export function measurementValues(
  config: ReadingKindConfig,
  unit: string,
  first: number,
  second: number | null,
): Partial<HealthMeasurementInput> {
  switch (config.kind) {
    case 'bp':
      return { hp: first, lp: second ?? undefined, bp_unit: unit === 'kPa' ? 'kPa' : 'mmHg' };
    case 'weight':
      return { weight: first, weight_unit: unit === 'lbs' ? 'lbs' : 'kg' };
    case 'bg':
      return { bg: first, bg_unit: unit === 'mmol/L' ? 'mmol/L' : 'mg/dL' };
    case 'temperature_body':
      return { temperature_body: String(first), temperature_unit: unit === 'fah' ? 'fah' : 'cel' };
    case 'bo':
      return { bo: first };
    case 'hr':
      return { hr: first };
    case 'steps':
      return { steps: first };
    case 'active_minutes':
      return { active_minutes: first };
  }
}

/**
 * One value in another unit of the same kind (kPa to mmHg, lbs to kg, mmol/L to mg/dL, °F to °C and
 * back); the value as it is when the units are the same or not of this kind.
 */
export function inUnit(config: ReadingKindConfig, from: string, to: string, value: number): number {
  if (from === to) return value;
  switch (config.kind) {
    case 'bp':
      return from === 'kPa' ? value * 7.50062 : value / 7.50062;
    case 'weight':
      return from === 'lbs' ? value / 2.20462 : value * 2.20462;
    case 'bg':
      return from === 'mmol/L' ? value * 18.016 : value / 18.016;
    case 'temperature_body':
      return from === 'fah' ? ((value - 32) * 5) / 9 : (value * 9) / 5 + 32;
    case 'bo':
    case 'hr':
    case 'steps':
    case 'active_minutes':
      return value;
  }
}

const round = (n: number, places: number) => {
  const f = 10 ** places;
  return Math.round(n * f) / f;
};

/**
 * The same value in the kind's other unit, for display only ("120/75 mmHg"); null when there is
 * none. Blood pressure is echoed in mmHg only: a reading entered in kPa gets its mmHg beside it,
 * one entered in mmHg gets no kPa (patients in the US do not read kPa).
 */
export function converted(config: ReadingKindConfig, unit: string, values: number[]): string | null {
  const to = (fn: (n: number) => number, places: number, label: string) =>
    `${values.map((v) => round(fn(v), places).toFixed(places)).join('/')} ${label}`;
  switch (config.kind) {
    case 'bp':
      return unit === 'kPa' ? to((v) => v * 7.50062, 0, 'mmHg') : null;
    case 'weight':
      return unit === 'lbs' ? to((v) => v / 2.20462, 1, 'kg') : to((v) => v * 2.20462, 1, 'lbs');
    case 'bg':
      return unit === 'mmol/L' ? to((v) => v * 18.016, 0, 'mg/dL') : to((v) => v / 18.016, 1, 'mmol/L');
    case 'temperature_body':
      return unit === 'fah' ? to((v) => ((v - 32) * 5) / 9, 1, '°C') : to((v) => (v * 9) / 5 + 32, 1, '°F');
    case 'bo':
    case 'hr':
    case 'steps':
    case 'active_minutes':
      return null;
  }
}
