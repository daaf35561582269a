import { US_STATES as ALL_US_STATES } from '@telehealth/client/common/us-states';

/**
 * The states a patient can say they are in for `location` (the spec requires a two-letter code):
 * the states, the District of Columbia and Puerto Rico.
 */
export const US_STATES: readonly { code: string; name: string }[] = ALL_US_STATES.filter(
  (s) => s.kind !== 'territory' || s.code === 'PR',
);
