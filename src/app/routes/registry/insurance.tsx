import { msg } from '@lingui/core/macro';
import { paths } from '@/config/paths';
import type { FeatureRegistration } from './types';

/** Insurance (issue 13): the patient's cards, the claims report and billing codes, a patient's cards for admins. */
export const insuranceFeature: FeatureRegistration = {
  routes: () => ({
    patient: [{ path: paths.patient.insurance.pattern, lazy: () => import('../patient/insurance') }],
    admin: [
      { path: paths.admin.claims.pattern, lazy: () => import('../admin/claims') },
      { path: paths.admin.referenceLists.pattern, lazy: () => import('../admin/reference-lists') },
      { path: paths.admin.userInsurance.pattern, lazy: () => import('../admin/user-insurance') },
    ],
  }),
  nav: {
    patient: [{ to: paths.patient.insurance(), label: msg`Insurance` }],
    admin: [
      { to: paths.admin.claims(), label: msg`Claims` },
      { to: paths.admin.referenceLists(), label: msg`Billing codes` },
    ],
  },
};
