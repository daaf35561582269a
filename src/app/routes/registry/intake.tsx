import { accountQueries } from '@/api/accounts/queries';
import { intakeQueries } from '@/api/intakes/queries';
import { roomQueries } from '@/api/rooms/queries';
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
          void ctx.queryClient.prefetchQuery(accountQueries.detail(env.VITE_ACCOUNT_CODE));
          void ctx.queryClient.prefetchQuery(roomQueries.detail(params.roomCode ?? ''));
          const intakeId = new URL(request.url).searchParams.get('intake');
          if (intakeId) void ctx.queryClient.prefetchQuery(intakeQueries.detail(intakeId));
          return null;
        },
        lazy: () => import('../patient/intake/wizard'),
      },
    ],
  }),
  nav: {},
};
