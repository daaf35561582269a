import { msg } from '@lingui/core/macro';
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
      const visit = import('@/api/visits/queries').then(async ({ visitQueries }) => {
        const detail = visitQueries.detail(id);
        // A visit's kind never changes: one already in the cache answers at once.
        const known = ctx.queryClient.getQueryData(detail.queryKey);
        const warming = ctx.queryClient.prefetchQuery(detail);
        if (known) return known;
        await warming;
        return ctx.queryClient.getQueryData(detail.queryKey);
      });
      // Only an e-consult has a thread (spec 4.15): its newest page starts as soon as the visit is
      // known to be one, before the page renders; walk-ins and appointments ask for none.
      void Promise.all([
        visit,
        import('@telehealth/client/visits/kinds'),
        import('@/api/messages/queries'),
      ]).then(([found, { visitKindOf }, { messageQueries }]) => {
        if (!found || visitKindOf(found) !== 'econsult') return;
        if (ctx.queryClient.getQueryData(messageQueries.thread(id))) return;
        void ctx.queryClient.prefetchQuery(messageQueries.firstPage(id));
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
    patient: [{ to: paths.patient.visits(), label: msg`Your visits` }],
    provider: [
      { to: paths.provider.visits(), label: msg`Visits` },
      { to: paths.provider.patients(), label: msg`My patients` },
    ],
  },
};
