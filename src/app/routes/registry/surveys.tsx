import { msg } from '@lingui/core/macro';
import { paths } from '@/config/paths';
import type { FeatureRegistration } from './types';

/** Surveys (issue 12): the clinic team's report of survey responses (the survey step is in the wizard's registry). */
export const surveysFeature: FeatureRegistration = {
  routes: () => ({
    provider: [{ path: paths.provider.surveys.pattern, lazy: () => import('../provider/surveys') }],
  }),
  nav: {
    provider: [{ to: paths.provider.surveys(), label: msg`Survey responses` }],
  },
};
