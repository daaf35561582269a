import { t } from '@lingui/core/macro';
import { createBrowserRouter, createMemoryRouter, redirect, type RouteObject } from 'react-router';
import { userQueries } from '@/api/users/queries';
import { Spinner } from '@/components/feedback/status';
import { paths } from '@/config/paths';
import { homeFor } from '@/features/auth';
import type { AppContext } from './context';
import { requireArea } from './guards';
import { RootLayout } from './routes/root';
import { featureRoutes } from './routes/registry';
import { RouteError } from './routes/route-error';

/**
 * The route tree. Pages are lazy modules (code-split); area parents hold the access rules.
 * Features add their pages through their file in routes/registry/.
 */
export function appRoutes(ctx: AppContext): RouteObject[] {
  return [
    {
      id: 'root',
      element: <RootLayout />,
      // Shown while the first page's lazy module and loaders resolve, instead of a blank screen.
      hydrateFallbackElement: <Spinner label={t`Loading the portal…`} />,
      errorElement: <RouteError level="root" />,
      children: [
        {
          index: true, // paths.home
          loader: async () => {
            if (ctx.session.getState().status === 'signed-out') return redirect(paths.signIn());
            const profile = await ctx.queryClient.ensureQueryData(userQueries.me());
            return redirect(homeFor(profile));
          },
        },
        // The build-time constant itself, so builds without the page drop its chunk entirely.
        ...(import.meta.env.VITE_DEV_SIGNIN === 'on'
          ? [{ path: paths.devSignIn.pattern, lazy: () => import('./routes/dev/sign-in') }]
          : []),
        ...featureRoutes(ctx, 'root'),
        {
          path: paths.patient.home.pattern,
          id: 'patient',
          loader: ({ request }) => requireArea(ctx, 'patient', request),
          lazy: () => import('./routes/patient/layout'),
          errorElement: <RouteError level="area" />,
          children: [
            { index: true, lazy: () => import('./routes/patient/home') },
            ...featureRoutes(ctx, 'patient'),
          ],
        },
        {
          path: paths.provider.home.pattern,
          id: 'provider',
          loader: ({ request }) => requireArea(ctx, 'provider', request),
          lazy: () => import('./routes/provider/layout'),
          errorElement: <RouteError level="area" />,
          children: [
            { index: true, lazy: () => import('./routes/provider/home') },
            ...featureRoutes(ctx, 'provider'),
          ],
        },
        {
          path: paths.admin.home.pattern,
          id: 'admin',
          loader: ({ request }) => requireArea(ctx, 'admin', request),
          lazy: () => import('./routes/admin/layout'),
          errorElement: <RouteError level="area" />,
          children: [
            { index: true, lazy: () => import('./routes/admin/home') },
            ...featureRoutes(ctx, 'admin'),
          ],
        },
        { path: '*', lazy: () => import('./routes/not-found') },
      ],
    },
  ];
}

export function createAppRouter(ctx: AppContext) {
  return createBrowserRouter(appRoutes(ctx));
}

/** The same routes in memory, for tests. */
export function createTestRouter(ctx: AppContext, initialEntries: string[]) {
  return createMemoryRouter(appRoutes(ctx), { initialEntries });
}
