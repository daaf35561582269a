import { t } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import { useEffect } from 'react';
import { isRouteErrorResponse, Link, useRevalidator, useRouteError } from 'react-router';
import { isApiError } from '@telehealth/client/errors';
import { ErrorState } from '@/components/feedback/status';
import { Button } from '@/components/ui/button';
import { paths } from '@/config/paths';

/** A page's code or data could not be fetched at all (no answer), as opposed to a server's refusal. */
function isConnectionError(error: unknown): boolean {
  if (isApiError(error)) return error.kind === 'network' || error.kind === 'timeout';
  // A lazy page module that could not be downloaded (Chromium, Firefox and Safari wordings).
  return (
    error instanceof TypeError &&
    /dynamically imported module|module script|importing a module|failed to fetch/i.test(error.message)
  );
}

/** Error boundary for the root and each area: a way forward, never a white screen. */
export function RouteError({ level }: { level: 'root' | 'area' }) {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) {
    return (
      <main id="main" className="shell-main" tabIndex={-1}>
        <ErrorState title={t`Page not found`}>
          <Link to={paths.home()}>
            <Trans>Go to the home page</Trans>
          </Link>
        </ErrorState>
      </main>
    );
  }
  if (isConnectionError(error)) return <ConnectionLost moduleFailed={!isApiError(error)} />;
  return (
    <main id="main" className="shell-main" tabIndex={-1}>
      <ErrorState
        error={error}
        title={level === 'root' ? t`The portal hit a problem` : t`This section hit a problem`}
        onRetry={() => window.location.reload()}
      >
        <p>
          <Link to={paths.home()}>
            <Trans>Go to the home page</Trans>
          </Link>
        </p>
      </ErrorState>
    </main>
  );
}

/**
 * A page opened without a connection (RELIABILITY case 52): says so, and opens the page by itself
 * when the browser reports the connection back. A page whose code could not be downloaded is
 * loaded afresh (the router keeps a failed module import); data is simply read again.
 */
function ConnectionLost({ moduleFailed }: { moduleFailed: boolean }) {
  const revalidator = useRevalidator();
  const retry = moduleFailed ? () => window.location.reload() : () => void revalidator.revalidate();
  useEffect(() => {
    window.addEventListener('online', retry);
    return () => window.removeEventListener('online', retry);
  });
  const offline = typeof navigator !== 'undefined' && navigator.onLine === false;
  return (
    <main id="main" className="shell-main" tabIndex={-1}>
      <div className="error-state" role="alert">
        <h2>{offline ? t`You are offline` : t`The connection to the clinic was lost`}</h2>
        <p>
          <Trans>This page will open by itself when the connection returns. Nothing you saved is lost.</Trans>
        </p>
        <p>
          <Button variant="secondary" onClick={retry}>
            <Trans>Try again</Trans>
          </Button>
        </p>
      </div>
    </main>
  );
}
