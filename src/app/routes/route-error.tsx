import { isRouteErrorResponse, Link, useRouteError } from 'react-router';
import { ErrorState } from '@/components/feedback/status';
import { paths } from '@/config/paths';

/** Error boundary for the root and each area: a way forward, never a white screen. */
export function RouteError({ level }: { level: 'root' | 'area' }) {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) {
    return (
      <main id="main" className="shell-main" tabIndex={-1}>
        <ErrorState title="Page not found">
          <Link to={paths.home()}>Go to the home page</Link>
        </ErrorState>
      </main>
    );
  }
  return (
    <main id="main" className="shell-main" tabIndex={-1}>
      <ErrorState
        error={error}
        title={level === 'root' ? 'The portal hit a problem' : 'This section hit a problem'}
        onRetry={() => window.location.reload()}
      >
        <p>
          <Link to={paths.home()}>Go to the home page</Link>
        </p>
      </ErrorState>
    </main>
  );
}
