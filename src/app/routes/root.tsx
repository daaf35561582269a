import { t } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import { lazy, Suspense } from 'react';
import { Outlet, useNavigation } from 'react-router';
import { OfflineBanner } from '@/components/feedback/offline-banner';
import { SessionExpiredDialog } from '@/features/auth';

// The build-time constant (not the parsed env) so production builds drop the panel entirely.
const MockPanel = import.meta.env.VITE_API_MOCKING === 'on' ? lazy(() => import('./dev/mock-panel')) : null;

export function RootLayout() {
  const navigation = useNavigation();
  return (
    <>
      <a className="skip-link" href="#main">
        <Trans>Skip to main content</Trans>
      </a>
      {navigation.state === 'loading' ? (
        <div className="route-progress" role="progressbar" aria-label={t`Loading page`} />
      ) : null}
      <OfflineBanner />
      <Outlet />
      <SessionExpiredDialog />
      {MockPanel ? (
        <Suspense fallback={null}>
          <MockPanel />
        </Suspense>
      ) : null}
    </>
  );
}
