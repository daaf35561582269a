import { paths } from '@/config/paths';
import type { FeatureRegistration } from './types';

const relative = (path: string, area: string) => path.slice(`/${area}/`.length);

/** Insurance (issue 13): the patient's cards, the claims report and reference lists, a patient's cards for admins. */
export const insuranceFeature: FeatureRegistration = {
  routes: () => ({
    patient: [
      { path: relative(paths.patient.insurance(), 'patient'), lazy: () => import('../patient/insurance') },
    ],
    admin: [
      { path: relative(paths.admin.claims(), 'admin'), lazy: () => import('../admin/claims') },
      {
        path: relative(paths.admin.referenceLists(), 'admin'),
        lazy: () => import('../admin/reference-lists'),
      },
      { path: 'users/:userId/insurance', lazy: () => import('../admin/user-insurance') },
    ],
  }),
  nav: {
    patient: [{ to: paths.patient.insurance(), label: 'Insurance' }],
    admin: [
      { to: paths.admin.claims(), label: 'Claims' },
      { to: paths.admin.referenceLists(), label: 'Billing codes' },
    ],
  },
};
