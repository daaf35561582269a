import { paths } from '@/config/paths';
import type { FeatureRegistration } from './types';

/** The admin's user directory (a page of app/ alone: no feature folder of its own yet). */
export const usersFeature: FeatureRegistration = {
  routes: () => ({
    admin: [{ path: paths.admin.users.pattern, lazy: () => import('../admin/users') }],
  }),
  nav: {
    admin: [{ to: paths.admin.users(), label: 'Users' }],
  },
};
