import { msg } from '@lingui/core/macro';
import { paths } from '@/config/paths';
import type { FeatureRegistration } from './types';

/**
 * Scheduling: the patient's appointments and the provider's schedule. Loaders only warm the
 * cache, so a failed read is shown by the page with a retry.
 */
export const schedulingFeature: FeatureRegistration = {
  routes: (ctx) => ({
    patient: [
      { path: paths.patient.appointments.pattern, lazy: () => import('../patient/appointments') },
      {
        path: paths.patient.appointment.pattern,
        loader: ({ params }) => {
          // The query module (and its schemas) loads with the page, not with the first page.
          void import('@/api/visits/queries').then(({ visitQueries }) =>
            ctx.queryClient.prefetchQuery(visitQueries.detail(params.id ?? '')),
          );
          return null;
        },
        lazy: () => import('../patient/appointment'),
      },
    ],
    provider: [{ path: paths.provider.schedule.pattern, lazy: () => import('../provider/schedule') }],
  }),
  nav: {
    patient: [{ to: paths.patient.appointments(), label: msg`Appointments` }],
    provider: [{ to: paths.provider.schedule(), label: msg`My schedule` }],
  },
};
