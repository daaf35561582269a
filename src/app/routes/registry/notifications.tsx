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
  nav: {
    patient: [{ to: paths.patient.notifications(), label: 'Notifications' }],
    provider: [{ to: paths.provider.notifications(), label: 'Notifications' }],
  },
};
