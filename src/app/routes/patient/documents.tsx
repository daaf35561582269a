import { useQuery } from '@tanstack/react-query';
import { userQueries } from '@/api/users/queries';
import { ErrorState, Spinner } from '@/components/feedback/status';
import { Page } from '@/components/layout/page';
import { DocumentsPanel } from '@/features/documents';

/** The patient's documents: their own uploads and what their care team shared onto their record. */
export function Component() {
  const me = useQuery(userQueries.me());
  return (
    <Page title="Documents">
      {me.isPending ? <Spinner /> : null}
      {me.isError ? <ErrorState error={me.error} onRetry={() => void me.refetch()} /> : null}
      {me.data ? (
        <DocumentsPanel patientId={me.data.id} viewerId={me.data.id} heading="Your documents" />
      ) : null}
    </Page>
  );
}
