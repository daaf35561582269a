import { t } from '@lingui/core/macro';
import { Link } from 'react-router';
import type { UseQueryResult } from '@tanstack/react-query';
import { isApiError } from '@telehealth/client/errors';
import { QueryError } from '@/components/feedback/query-state';
import { Page } from '@/components/layout/page';

/**
 * The whole page when a visit could not be loaded: "not found" for 404 and 403 (whether the visit
 * exists is not revealed, and retrying will not help), otherwise the error with a retry. Either
 * way a link leads back to the visit list.
 */
export function VisitLoadError({
  query,
  backTo,
  backLabel,
}: {
  /** The failed read of the visit. */
  query: Pick<UseQueryResult<unknown>, 'error' | 'isError' | 'refetch'>;
  backTo: string;
  backLabel: string;
}) {
  const status = isApiError(query.error) ? query.error.status : null;
  const gone = status === 404 || status === 403;
  return (
    <Page title={gone ? t`Visit not found` : t`Visit`}>
      <QueryError
        query={query}
        title={gone ? t`We couldn’t find this visit` : t`We couldn’t load this visit`}
        retry={!gone}
      >
        <p>
          <Link to={backTo}>{backLabel}</Link>
        </p>
      </QueryError>
    </Page>
  );
}
