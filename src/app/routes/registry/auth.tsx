import { paths } from '@/config/paths';
import { requireTermsPending } from '../../guards';
import type { FeatureRegistration } from './types';

/** Signing in and out: the sign-in page, the SSO landing, its invalid-link page, signed-out, and the terms. */
export const authFeature: FeatureRegistration = {
  routes: (ctx) => ({
    root: [
      { path: paths.signIn.pattern, lazy: () => import('../auth/sign-in') },
      { path: paths.signedOut.pattern, lazy: () => import('../auth/signed-out') },
      { path: paths.auth.pattern, lazy: () => import('../auth/landing') },
      { path: paths.linkInvalid.pattern, lazy: () => import('../auth/invalid-link') },
      {
        path: paths.terms.pattern,
        loader: ({ request }) => requireTermsPending(ctx, request),
        lazy: () => import('../auth/terms'),
      },
    ],
  }),
  nav: {},
};
