import { msg } from '@lingui/core/macro';
import { paths } from '@/config/paths';
import type { FeatureRegistration } from './types';

/** Payments (issue 11): the patient's saved cards. The payment step itself sits in the intake step registry. */
export const paymentsFeature: FeatureRegistration = {
  routes: () => ({
    patient: [{ path: paths.patient.payments.pattern, lazy: () => import('../patient/payments') }],
  }),
  nav: {
    patient: [{ to: paths.patient.payments(), label: msg`Saved cards` }],
  },
};
