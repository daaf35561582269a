import { msg } from '@lingui/core/macro';
import { paths } from '@/config/paths';
import type { FeatureRegistration } from './types';

/** Documents (issue 5): the patient's page, and the provider's record of a patient with its Documents tab. */
export const documentsFeature: FeatureRegistration = {
  routes: () => ({
    patient: [{ path: paths.patient.documents.pattern, lazy: () => import('../patient/documents') }],
    provider: [{ path: paths.provider.patient.pattern, lazy: () => import('../provider/patient') }],
  }),
  nav: {
    patient: [{ to: paths.patient.documents(), label: msg`Documents` }],
  },
};
