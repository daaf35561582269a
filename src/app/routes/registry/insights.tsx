import { msg } from '@lingui/core/macro';
import { paths } from '@/config/paths';
import type { FeatureRegistration } from './types';

/** Clinic insights: the clinic team's figures of the last eight weeks. */
export const insightsFeature: FeatureRegistration = {
  routes: () => ({
    provider: [{ path: paths.provider.insights.pattern, lazy: () => import('../provider/insights') }],
  }),
  nav: {
    provider: [{ to: paths.provider.insights(), label: msg`Clinic insights` }],
  },
};
