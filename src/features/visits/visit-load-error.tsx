import { Link } from 'react-router';
import { isApiError } from '@/api/errors';
import { ErrorState } from '@/components/feedback/status';
import { Page } from '@/components/layout/page';

/**
 * The whole page when a visit could not be loaded: "not found" for 404 and 403 (whether the visit
 * exists is not revealed, and retrying will not help), otherwise the error with a retry. Either
 * way a link leads back to the visit list.
 */
export function VisitLoadError({
  error,
  onRetry,
  backTo,
  backLabel,
}: {
  error: unknown;
  onRetry: () => void;
  backTo: string;
  backLabel: string;
}) {
  const status = isApiError(error) ? error.status : null;
  const gone = status === 404 || status === 403;
  return (
    <Page title={gone ? 'Visit not found' : 'Visit'}>
      <ErrorState
        error={error}
        title={gone ? 'We couldn’t find this visit' : 'We couldn’t load this visit'}
        onRetry={gone ? undefined : onRetry}
      >
        <p>
          <Link to={backTo}>{backLabel}</Link>
        </p>
      </ErrorState>
    </Page>
  );
}
