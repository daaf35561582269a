import { env } from '@/config/env';
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
          // The query modules (and their schemas) load with the page, not with the first page.
          void Promise.all([
            import('@/api/accounts/queries'),
            import('@/api/rooms/queries'),
            import('@/api/intakes/queries'),
          ]).then(([{ accountQueries }, { roomQueries }, { intakeQueries }]) => {
            void ctx.queryClient.prefetchQuery(accountQueries.detail(env.VITE_ACCOUNT_CODE));
            void ctx.queryClient.prefetchQuery(roomQueries.detail(params.roomCode ?? ''));
            if (intakeId) void ctx.queryClient.prefetchQuery(intakeQueries.detail(intakeId));
          });
          return null;
        },
        lazy: () => import('../patient/intake/wizard'),
      },
    ],
  }),
  nav: {},
};
