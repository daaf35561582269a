import { msg } from '@lingui/core/macro';
import { paths } from '@/config/paths';
import type { FeatureRegistration } from './types';

/**
 * "Start a visit" (the clinic's rooms, a section of Visits) and a room's page. The loader only warms the cache (prefetch never throws), so a
 * failed read is shown by the page with a retry instead of the area's error boundary.
 */
export const roomsFeature: FeatureRegistration = {
  routes: (ctx) => ({
    patient: [
      { path: paths.patient.rooms.pattern, lazy: () => import('../patient/rooms') },
      {
        path: paths.patient.room.pattern,
        loader: ({ params }) => {
          const code = params.code ?? '';
          // The query module (and its schemas) loads with the page, not with the first page.
          void import('@/api/rooms/queries').then(({ roomQueries }) => {
            void ctx.queryClient.prefetchQuery(roomQueries.detail(code));
            void ctx.queryClient.prefetchQuery(roomQueries.providers(code));
          });
          return null;
        },
        lazy: () => import('../patient/room'),
      },
    ],
  }),
  nav: {
    patient: [{ to: paths.patient.rooms(), label: msg`Start a visit` }],
  },
};
