import { msg } from '@lingui/core/macro';
import { paths } from '@/config/paths';
import type { FeatureRegistration } from './types';

/** The patient's and the provider's profile pages. */
export const profileFeature: FeatureRegistration = {
  routes: () => ({
    patient: [{ path: paths.patient.profile.pattern, lazy: () => import('../patient/profile') }],
    provider: [{ path: paths.provider.profile.pattern, lazy: () => import('../provider/profile') }],
  }),
  nav: {
    patient: [{ to: paths.patient.profile(), label: msg`Profile` }],
    provider: [{ to: paths.provider.profile(), label: msg`Profile` }],
  },
};
