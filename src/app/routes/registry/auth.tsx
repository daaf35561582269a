import { paths } from '@/config/paths';
import { requireTermsPending } from '../../guards';
import { Component as SignIn } from '../auth/sign-in';
import type { FeatureRegistration } from './types';

/** Signing in and out: the sign-in page, the SSO landing, its invalid-link page, signed-out, and the terms. */
export const authFeature: FeatureRegistration = {
  routes: (ctx) => ({
    root: [
      // Part of the first page: it is where every signed-out visit lands (no second round trip).
      { path: paths.signIn.pattern, Component: SignIn },
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
