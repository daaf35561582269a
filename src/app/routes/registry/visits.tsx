import { paths } from '@/config/paths';
import type { FeatureRegistration } from './types';

/**
 * Visits: both lists, the patient's visit with its waiting room, and the provider's visit page (which
 * composes the e-consult thread). Loaders only warm the cache (prefetch never throws), so a failed read
 * is shown by the page with a retry instead of the area's error boundary.
 */
export const visitsFeature: FeatureRegistration = {
  routes: (ctx) => {
    const warmVisit = ({ params }: { params: { id?: string } }) => {
      const id = params.id ?? '';
      // The query modules (and their schemas) load with the page, not with the first page.
      void import('@/api/visits/queries').then(({ visitQueries }) =>
        ctx.queryClient.prefetchQuery(visitQueries.detail(id)),
      );
      // An e-consult's thread starts now, beside /me and the visit, instead of after the page has
      // rendered: one request that is not needed on other visits (its answer is simply dropped).
      void import('@/api/messages/queries').then(({ messageQueries }) => {
        if (!ctx.queryClient.getQueryData(messageQueries.thread(id))) {
          void ctx.queryClient.prefetchQuery(messageQueries.firstPage(id));
        }
      });
      return null;
    };
    return {
      patient: [
        { path: paths.patient.visits.pattern, lazy: () => import('../patient/visits') },
        { path: paths.patient.visit.pattern, loader: warmVisit, lazy: () => import('../patient/visit') },
      ],
      provider: [
        { path: paths.provider.visits.pattern, lazy: () => import('../provider/visits') },
        { path: paths.provider.visit.pattern, loader: warmVisit, lazy: () => import('../provider/visit') },
        { path: paths.provider.patients.pattern, lazy: () => import('../provider/patients') },
      ],
    };
  },
  nav: {
    patient: [{ to: paths.patient.visits(), label: 'Visits' }],
    provider: [
      { to: paths.provider.visits(), label: 'Visits' },
      { to: paths.provider.patients(), label: 'My patients' },
    ],
  },
};
