import { z } from 'zod';
import {
  DateOnlySchema,
  IdSchema,
  StringishSchema,
  TimestampSchema,
  optionalField,
} from '../common/schemas.ts';

/**
 * The seven device type codes: pulse oximeter, body scale, blood pressure monitor, blood glucose meter,
 * thermometer and the two phone health platforms.
 */
export const DEVICE_TYPES = [
  'pulse_oximeter',
  'body_scale',
  'blood_pressure_monitor',
  'blood_glucose_meter',
  'thermometer',
  'phone_health_ios',
  'phone_health_android',
] as const;
export const DeviceTypeSchema = z.enum(DEVICE_TYPES);
export type DeviceType = z.infer<typeof DeviceTypeSchema>;

/** Whether a code is one of the device type codes this portal has a name for. */
export function isKnownDeviceType(code: string): code is DeviceType {
  return (DEVICE_TYPES as readonly string[]).includes(code);
}

/**
 * A registered health device. The spec omits the real type codes, so an answer may carry any code:
 * it is kept as sent and screens show a generic label for codes they do not know.
 */
export const DeviceSchema = z.looseObject({
  device_id: StringishSchema.pipe(z.string().min(1)),
  device_name: optionalField(StringishSchema),
  type: StringishSchema,
  user_id: optionalField(IdSchema),
  created_at: optionalField(TimestampSchema),
});
export type Device = z.infer<typeof DeviceSchema>;

/** Body of `POST /users/{user_id}/devices`. */
export const RegisterDeviceInputSchema = z.object({
  device_id: z.string().trim().min(1),
  device_name: z.string().trim().min(1),
  type: DeviceTypeSchema,
});
export type RegisterDeviceInput = z.infer<typeof RegisterDeviceInputSchema>;

export const HealthDataTypeSchema = z.enum([
  'temperature_body',
  'bg',
  'bp',
  'weight',
  'active_minutes',
  'steps',
  'hr',
  'bo',
  'illuminance',
  'humidity',
  'gas',
  'movement',
  'noise',
  'range',
]);
export type HealthDataType = z.infer<typeof HealthDataTypeSchema>;

export const HealthDataClassSchema = z.enum(['body', 'environment']);
export type HealthDataClass = z.infer<typeof HealthDataClassSchema>;

export const TemperatureUnitSchema = z.enum(['cel', 'fah']);
export const BloodGlucoseUnitSchema = z.enum(['mg/dL', 'mmol/L']);
export const BloodPressureUnitSchema = z.enum(['mmHg', 'kPa']);
export const WeightUnitSchema = z.enum(['lbs', 'kg']);
export const IlluminanceUnitSchema = z.enum(['lux']);
export const HumidityUnitSchema = z.enum(['percentage']);
export const RangeUnitSchema = z.enum(['cm']);

/**
 * The measurement fields that must carry a value for each `data_type`. The spec does not state this
 * rule; it follows from the field names (blood pressure is `hp` systolic with `lp` diastolic).
 */
const VALUE_FIELDS_BY_DATA_TYPE = {
  temperature_body: ['temperature_body'],
  bg: ['bg'],
  bp: ['hp', 'lp'],
  weight: ['weight'],
  active_minutes: ['active_minutes'],
  steps: ['steps'],
  hr: ['hr'],
  bo: ['bo'],
  illuminance: ['illuminance'],
  humidity: ['humidity'],
  gas: ['gas'],
  movement: ['movement'],
  noise: ['noise'],
  range: ['range'],
} as const satisfies Record<HealthDataType, readonly string[]>;

/** Body of `POST /health`: one measurement from a registered device; `time` is a UNIX timestamp. */
export const HealthMeasurementInputSchema = z
  .object({
    type: DeviceTypeSchema,
    date: DateOnlySchema,
    time: z.number().int().nonnegative(),
    device_id: z.string().min(1),
    data_type: HealthDataTypeSchema,
    data_class: HealthDataClassSchema,
    temperature_body: z.string().optional(),
    temperature_unit: TemperatureUnitSchema.optional(),
    /** Blood glucose. */
    bg: z.number().optional(),
    bg_unit: BloodGlucoseUnitSchema.optional(),
    /** Systolic pressure. */
    hp: z.number().int().optional(),
    /** Diastolic pressure. */
    lp: z.number().int().optional(),
    bp_unit: BloodPressureUnitSchema.optional(),
    weight: z.number().optional(),
    weight_unit: WeightUnitSchema.optional(),
    active_minutes: z.number().int().optional(),
    steps: z.number().int().optional(),
    /** Heart rate. */
    hr: z.number().optional(),
    /** Blood oxygen. */
    bo: z.number().optional(),
    illuminance: z.number().optional(),
    illuminance_unit: IlluminanceUnitSchema.optional(),
    humidity: z.number().optional(),
    humidity_unit: HumidityUnitSchema.optional(),
    gas: z.string().optional(),
    /** Untyped in the spec. */
    movement: z.unknown().optional(),
    noise: z.number().optional(),
    /** Free string in the spec. */
    noise_unit: z.string().optional(),
    /** Centimetres. */
    range: z.number().optional(),
    range_unit: RangeUnitSchema.optional(),
  })
  .superRefine((measurement, ctx) => {
    for (const field of VALUE_FIELDS_BY_DATA_TYPE[measurement.data_type]) {
      if (measurement[field] === undefined) {
        ctx.addIssue({
          code: 'custom',
          message: `${field} is required when data_type is ${measurement.data_type}`,
          path: [field],
        });
      }
    }
  });
export type HealthMeasurementInput = z.infer<typeof HealthMeasurementInputSchema>;

/** Result of `POST /health`. */
export const HealthMeasurementResultSchema = z.looseObject({
  id: IdSchema,
  status: optionalField(StringishSchema),
});
export type HealthMeasurementResult = z.infer<typeof HealthMeasurementResultSchema>;
