import { visitQueries } from '@/api/visits/queries';
import { paths } from '@/config/paths';
import type { FeatureRegistration } from './types';

/** E-consult messaging and notifications: the provider's visit page with its thread, and the notifications pages. */
export const messagesFeature: FeatureRegistration = {
  routes: (ctx) => ({
    patient: [{ path: 'notifications', lazy: () => import('../patient/notifications') }],
    provider: [
      {
        path: 'visits/:id',
        loader: ({ params }) => {
          // Warm the cache only; the page shows a failed read with a retry.
          void ctx.queryClient.prefetchQuery(visitQueries.detail(params.id ?? ''));
          return null;
        },
        lazy: () => import('../provider/visit'),
      },
      { path: 'notifications', lazy: () => import('../provider/notifications') },
    ],
  }),
  nav: {
    patient: [{ to: paths.patient.notifications(), label: 'Notifications' }],
    provider: [{ to: paths.provider.notifications(), label: 'Notifications' }],
  },
};
