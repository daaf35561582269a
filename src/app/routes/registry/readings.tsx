import { msg } from '@lingui/core/macro';
import { paths } from '@/config/paths';
import type { FeatureRegistration } from './types';

/** Health readings (issue 12): the patient sends a reading from a home device. */
export const readingsFeature: FeatureRegistration = {
  routes: () => ({
    patient: [{ path: paths.patient.readings.pattern, lazy: () => import('../patient/readings') }],
  }),
  nav: {
    patient: [{ to: paths.patient.readings(), label: msg`Health readings` }],
  },
};
