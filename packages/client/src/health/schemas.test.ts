import { describe, expect, it } from 'vitest';
import {
  DeviceSchema,
  HealthMeasurementInputSchema,
  HealthMeasurementResultSchema,
  RegisterDeviceInputSchema,
} from './schemas.ts';

const device = {
  device_id: 'dev-1',
  device_name: 'Sample scale',
  type: 'body_scale',
  user_id: 'u-1',
  created_at: 1700000000,
};

const measurement = {
  type: 'blood_pressure_monitor',
  date: '2024-01-01',
  time: 1704100000,
  device_id: 'dev-2',
  data_type: 'bp',
  data_class: 'body',
  hp: 100,
  lp: 60,
  bp_unit: 'mmHg',
} as const;

describe('health schemas', () => {
  it('parses a device and keeps unknown fields', () => {
    expect(DeviceSchema.parse({ ...device, firmware: '1.0' })).toMatchObject({
      type: 'body_scale',
      firmware: '1.0',
    });
  });

  it('refuses a device without its id', () => {
    const { device_id: _id, ...withoutId } = device;
    expect(DeviceSchema.safeParse(withoutId).error?.issues[0]?.path).toEqual(['device_id']);
  });

  it('accepts only the seven device type codes on registration', () => {
    expect(RegisterDeviceInputSchema.safeParse({ ...device, type: 'phone_health_ios' }).success).toBe(true);
    expect(
      RegisterDeviceInputSchema.safeParse({ ...device, type: 'toaster' }).error?.issues[0]?.path,
    ).toEqual(['type']);
  });

  it('accepts a measurement and requires the value its data_type names', () => {
    expect(HealthMeasurementInputSchema.safeParse(measurement).success).toBe(true);
    const { lp: _lp, ...withoutDiastolic } = measurement;
    expect(HealthMeasurementInputSchema.safeParse(withoutDiastolic).error?.issues[0]?.path).toEqual(['lp']);
  });

  it('accepts only the spec units', () => {
    const result = HealthMeasurementInputSchema.safeParse({ ...measurement, bp_unit: 'psi' });
    expect(result.error?.issues[0]?.path).toEqual(['bp_unit']);
  });

  it('parses the submit result', () => {
    expect(HealthMeasurementResultSchema.parse({ id: 5, status: 'ok' })).toEqual({ id: '5', status: 'ok' });
  });
});
