import { useMutation } from '@tanstack/react-query';
import { registerDevice, submitMeasurement } from '@telehealth/client/health/requests';
import type { HealthMeasurementInput, RegisterDeviceInput } from '@telehealth/client/health/schemas';

/** POST /users/-/devices. Nothing to re-read: the spec has no device list. */
export function useRegisterDevice(userId = '-') {
  return useMutation({ mutationFn: (input: RegisterDeviceInput) => registerDevice(userId, input) });
}

/** POST /health. The spec has no way to read readings back, so nothing is invalidated. */
export function useSubmitMeasurement() {
  return useMutation({ mutationFn: (input: HealthMeasurementInput) => submitMeasurement(input) });
}
