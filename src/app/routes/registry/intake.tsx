import { paths } from '@/config/paths';
import type { FeatureRegistration } from './types';

/**
 * The intake wizard. Its loader only warms the cache (prefetch never throws), so a failed read is
 * shown by the wizard with a retry instead of the area's error boundary.
 */
export const intakeFeature: FeatureRegistration = {
  routes: (ctx) => ({
    patient: [
      {
        path: paths.patient.intake.pattern,
        loader: ({ params, request }) => {
          const intakeId = new URL(request.url).searchParams.get('intake');
          // The query modules (and their schemas) load with the page, not with the first page. The
          // clinic's record is already read by the area's guard.
          void Promise.all([import('@/api/rooms/queries'), import('@/api/intakes/queries')]).then(
            ([{ roomQueries }, { intakeQueries }]) => {
              void ctx.queryClient.prefetchQuery(roomQueries.detail(params.roomCode ?? ''));
              if (intakeId) void ctx.queryClient.prefetchQuery(intakeQueries.detail(intakeId));
            },
          );
          return null;
        },
        lazy: () => import('../patient/intake/wizard'),
      },
    ],
  }),
  nav: {},
};
