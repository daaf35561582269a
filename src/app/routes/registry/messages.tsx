import type { FeatureRegistration } from './types';

/** Routes and navigation of this feature (see registry/index.ts). */
export const messagesFeature: FeatureRegistration = {
  routes: () => ({}),
  nav: {},
};
