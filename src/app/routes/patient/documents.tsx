import { t } from '@lingui/core/macro';
import { useQuery } from '@tanstack/react-query';
import { userQueries } from '@/api/users/queries';
import { QueryState } from '@/components/feedback/query-state';
import { Page } from '@/components/layout/page';
import { DocumentsPanel } from '@/features/documents';

/** The patient's documents: their own uploads and what their care team shared onto their record. */
export function Component() {
  const me = useQuery(userQueries.me());
  return (
    <Page title={t`Documents`}>
      <QueryState query={me}>
        {(user) => <DocumentsPanel patientId={user.id} viewerId={user.id} heading={t`Your documents`} />}
      </QueryState>
    </Page>
  );
}
