import type { DeviceType, HealthMeasurementInput } from '@/api/health/schemas';

/** What a patient can send (spec 4.11 `data_type`s of class `body` a person measures). */
export type ReadingKind =
  'bp' | 'weight' | 'bg' | 'temperature_body' | 'bo' | 'hr' | 'steps' | 'active_minutes';

export interface UnitOption {
  /** The unit as the spec names it (sent as is); '' for kinds without a unit field. */
  value: string;
  label: string;
  /** Plausible range of one value in this unit, inclusive. */
  range: [number, number];
  /** The blood pressure range of the second value (diastolic). */
  secondRange?: [number, number];
  /** Decimal places accepted. */
  decimals: number;
}

export interface ReadingKindConfig {
  kind: ReadingKind;
  label: string;
  /** The first value's label (systolic for blood pressure). */
  first: string;
  /** The second value's label: only blood pressure has one. */
  second?: string;
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
    label: 'Blood pressure',
    first: 'Systolic (top number)',
    second: 'Diastolic (bottom number)',
    // The spec sends `hp`/`lp` as integers, so kPa readings are whole numbers too.
    units: [
      { value: 'mmHg', label: 'mmHg', range: [70, 250], secondRange: [40, 150], decimals: 0 },
      { value: 'kPa', label: 'kPa', range: [10, 33], secondRange: [5, 20], decimals: 0 },
    ],
    devices: ['blood_pressure_monitor', ...PHONES],
  },
  {
    kind: 'weight',
    label: 'Weight',
    first: 'Weight',
    units: [
      { value: 'kg', label: 'kg', range: [2, 350], decimals: 1 },
      { value: 'lbs', label: 'lbs', range: [4, 770], decimals: 1 },
    ],
    devices: ['body_scale', ...PHONES],
  },
  {
    kind: 'bg',
    label: 'Blood glucose',
    first: 'Blood glucose',
    units: [
      { value: 'mg/dL', label: 'mg/dL', range: [20, 600], decimals: 0 },
      { value: 'mmol/L', label: 'mmol/L', range: [1.1, 33.3], decimals: 1 },
    ],
    devices: ['blood_glucose_meter', ...PHONES],
  },
  {
    kind: 'temperature_body',
    label: 'Temperature',
    first: 'Temperature',
    units: [
      { value: 'cel', label: '°C', range: [34, 43], decimals: 1 },
      { value: 'fah', label: '°F', range: [93, 109.4], decimals: 1 },
    ],
    devices: ['thermometer', ...PHONES],
  },
  {
    kind: 'bo',
    label: 'Blood oxygen',
    first: 'Blood oxygen (%)',
    units: [{ value: '', label: '%', range: [70, 100], decimals: 0 }],
    devices: ['pulse_oximeter', ...PHONES],
  },
  {
    kind: 'hr',
    label: 'Heart rate',
    first: 'Heart rate (beats per minute)',
    units: [{ value: '', label: 'beats per minute', range: [30, 220], decimals: 0 }],
    devices: ['pulse_oximeter', 'blood_pressure_monitor', ...PHONES],
  },
  {
    kind: 'steps',
    label: 'Steps',
    first: 'Steps in the day',
    units: [{ value: '', label: 'steps', range: [0, 100000], decimals: 0 }],
    devices: [...PHONES],
  },
  {
    kind: 'active_minutes',
    label: 'Active minutes',
    first: 'Active minutes in the day',
    units: [{ value: '', label: 'minutes', range: [0, 1440], decimals: 0 }],
    devices: [...PHONES],
  },
];

export const DEVICE_LABELS: Record<DeviceType, string> = {
  pulse_oximeter: 'Pulse oximeter',
  body_scale: 'Scale',
  blood_pressure_monitor: 'Blood pressure monitor',
  blood_glucose_meter: 'Blood glucose meter',
  thermometer: 'Thermometer',
  phone_health_ios: 'iPhone Health app',
  phone_health_android: 'Android health app',
};

export function kindConfig(kind: string): ReadingKindConfig {
  return READING_KINDS.find((k) => k.kind === kind) ?? (READING_KINDS[0] as ReadingKindConfig);
}

export function unitOf(config: ReadingKindConfig, unit: string): UnitOption {
  return config.units.find((u) => u.value === unit) ?? (config.units[0] as UnitOption);
}

/** The device the portal registers for readings typed in by hand, one per device type. */
export function portalDevice(type: DeviceType) {
  return {
    device_id: `portal-${type}`,
    device_name: `${DEVICE_LABELS[type]} (readings typed in the patient portal)`,
    type,
  };
}

/** The unit's label as the patient reads it: "mmHg", "°C". */
export function unitWords(config: ReadingKindConfig, unit: string): string {
  return unitOf(config, unit).label;
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
