import { t } from '@lingui/core/macro';
import { isApiError } from '@telehealth/client/errors';

/** A message for a failed save that keeps the patient's typing in view. */
export function saveFailure(error: unknown): string {
  const reason = isApiError(error) ? error.userMessage : t`Something went wrong while saving.`;
  return t`${reason} Your changes are still here; press Save to try again.`;
}
