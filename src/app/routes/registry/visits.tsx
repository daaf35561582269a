import { roomQueries } from '@/api/rooms/queries';
import { visitQueries } from '@/api/visits/queries';
import { paths } from '@/config/paths';
import type { FeatureRegistration } from './types';

/**
 * Rooms, visits and the waiting room. Loaders only warm the cache (prefetch never throws), so a
 * failed read is shown by the page with a retry instead of the area's error boundary.
 */
export const visitsFeature: FeatureRegistration = {
  routes: (ctx) => ({
    patient: [
      { path: 'rooms', lazy: () => import('../patient/rooms') },
      {
        path: 'rooms/:code',
        loader: ({ params }) => {
          const code = params.code ?? '';
          void ctx.queryClient.prefetchQuery(roomQueries.detail(code));
          void ctx.queryClient.prefetchQuery(roomQueries.providers(code));
          return null;
        },
        lazy: () => import('../patient/room'),
      },
      { path: 'visits', lazy: () => import('../patient/visits') },
      {
        path: 'visits/:id',
        loader: ({ params }) => {
          void ctx.queryClient.prefetchQuery(visitQueries.detail(params.id ?? ''));
          return null;
        },
        lazy: () => import('../patient/visit'),
      },
    ],
    provider: [{ path: 'visits', lazy: () => import('../provider/visits') }],
  }),
  nav: {
    patient: [
      { to: paths.patient.rooms(), label: 'Rooms' },
      { to: paths.patient.visits(), label: 'Visits' },
    ],
    provider: [{ to: paths.provider.visits(), label: 'Visits' }],
  },
};
