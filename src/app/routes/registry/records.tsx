import { emrQueries } from '@/api/emr/queries';
import { paths } from '@/config/paths';
import type { FeatureRegistration } from './types';

/** Health record (issue 12): the patient's medical history sections. */
export const recordsFeature: FeatureRegistration = {
  routes: (ctx) => ({
    patient: [
      {
        path: paths.patient.records.pattern,
        loader: () => {
          void ctx.queryClient.prefetchQuery(emrQueries.record('-'));
          return null;
        },
        lazy: () => import('../patient/records'),
      },
    ],
  }),
  nav: {
    patient: [{ to: paths.patient.records(), label: 'Health record' }],
  },
};
