import { paths } from '@/config/paths';
import { requireTermsPending } from '../../guards';
import type { FeatureRegistration } from './types';

const relative = (path: string, area: string) => path.slice(`/${area}/`.length);

/** Sign-in, sessions and profiles: the terms page, both profiles and the admin user directory. */
export const sessionFeature: FeatureRegistration = {
  routes: (ctx) => ({
    root: [
      {
        path: paths.terms().slice(1),
        loader: ({ request }) => requireTermsPending(ctx, request),
        lazy: () => import('../auth/terms'),
      },
    ],
    patient: [
      { path: relative(paths.patient.profile(), 'patient'), lazy: () => import('../patient/profile') },
    ],
    provider: [
      { path: relative(paths.provider.profile(), 'provider'), lazy: () => import('../provider/profile') },
    ],
    admin: [{ path: relative(paths.admin.users(), 'admin'), lazy: () => import('../admin/users') }],
  }),
  nav: {
    patient: [{ to: paths.patient.profile(), label: 'Profile' }],
    provider: [{ to: paths.provider.profile(), label: 'Profile' }],
    admin: [{ to: paths.admin.users(), label: 'Users' }],
  },
};
