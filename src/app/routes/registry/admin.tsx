import { msg } from '@lingui/core/macro';
import { paths } from '@/config/paths';
import type { FeatureRegistration } from './types';

/** The clinic admin area (issue 15): users and their rooms, rooms, recordings, the webhook check. */
export const adminFeature: FeatureRegistration = {
  routes: () => ({
    admin: [
      { path: paths.admin.users.pattern, lazy: () => import('../admin/users') },
      { path: paths.admin.user.pattern, lazy: () => import('../admin/user') },
      { path: paths.admin.rooms.pattern, lazy: () => import('../admin/rooms') },
      { path: paths.admin.room.pattern, lazy: () => import('../admin/room') },
      { path: paths.admin.recordings.pattern, lazy: () => import('../admin/recordings') },
      { path: paths.admin.webhooks.pattern, lazy: () => import('../admin/webhooks') },
    ],
  }),
  nav: {
    admin: [
      { to: paths.admin.users(), label: msg`Users` },
      { to: paths.admin.rooms(), label: msg`Rooms` },
      { to: paths.admin.recordings(), label: msg`Recordings` },
      { to: paths.admin.webhooks(), label: msg`Webhooks` },
    ],
  },
};
