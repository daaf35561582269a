import { msg } from '@lingui/core/macro';
import { paths } from '@/config/paths';
import type { FeatureRegistration } from './types';

/** Pharmacies and prescriptions (issue 12). */
export const pharmacyFeature: FeatureRegistration = {
  routes: (ctx) => ({
    patient: [
      {
        path: paths.patient.pharmacies.pattern,
        loader: () => {
          // The query module (and its schemas) loads with the page, not with the first page.
          void import('@/api/erx/queries').then(({ erxQueries }) => {
            void ctx.queryClient.prefetchQuery(erxQueries.pharmacies('-'));
            void ctx.queryClient.prefetchQuery(erxQueries.prescriptions('-'));
          });
          return null;
        },
        lazy: () => import('../patient/pharmacies'),
      },
    ],
  }),
  nav: {
    patient: [{ to: paths.patient.pharmacies(), label: msg`Pharmacies and prescriptions` }],
  },
};
