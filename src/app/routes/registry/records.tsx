import { msg } from '@lingui/core/macro';
import { paths } from '@/config/paths';
import type { FeatureRegistration } from './types';

/** Health record (issue 12): the patient's medical history sections. */
export const recordsFeature: FeatureRegistration = {
  routes: (ctx) => ({
    patient: [
      {
        path: paths.patient.records.pattern,
        loader: () => {
          // The query module (and its schemas) loads with the page, not with the first page.
          void import('@/api/emr/queries').then(({ emrQueries }) =>
            ctx.queryClient.prefetchQuery(emrQueries.record('-')),
          );
          return null;
        },
        lazy: () => import('../patient/records'),
      },
    ],
  }),
  nav: {
    patient: [{ to: paths.patient.records(), label: msg`Health record` }],
  },
};
