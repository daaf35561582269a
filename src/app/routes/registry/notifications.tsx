import { paths } from '@/config/paths';
import type { FeatureRegistration } from './types';

/** The notifications pages of patients and providers. */
export const notificationsFeature: FeatureRegistration = {
  routes: () => ({
    patient: [{ path: paths.patient.notifications.pattern, lazy: () => import('../patient/notifications') }],
    provider: [
      { path: paths.provider.notifications.pattern, lazy: () => import('../provider/notifications') },
    ],
  }),
  // No menu entries: the header's badge link (with the count of new ones) is the one way in.
  nav: {},
};
