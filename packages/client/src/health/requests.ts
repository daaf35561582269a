import { apiJson, type CallOptions } from '../http.ts';
import {
  DeviceSchema,
  HealthMeasurementResultSchema,
  type Device,
  type HealthMeasurementInput,
  type HealthMeasurementResult,
  type RegisterDeviceInput,
} from './schemas.ts';

// Spec 4.11: USER with X-ApiToken, X-ApiKey (the account's public key) and X-AccountCode.

/** POST /users/{user_id}/devices. */
export function registerDevice(
  userId: string,
  input: RegisterDeviceInput,
  options: CallOptions = {},
): Promise<Device> {
  return apiJson({
    method: 'POST',
    path: `/users/${encodeURIComponent(userId)}/devices`,
    auth: 'user-key',
    body: { json: input },
    schema: DeviceSchema,
    signal: options.signal,
  });
}

/** POST /health: one measurement, sent in the unit it was entered in. */
export function submitMeasurement(
  input: HealthMeasurementInput,
  options: CallOptions = {},
): Promise<HealthMeasurementResult> {
  return apiJson({
    method: 'POST',
    path: '/health',
    auth: 'user-key',
    body: { json: input },
    schema: HealthMeasurementResultSchema,
    signal: options.signal,
  });
}
