import { Page } from '@/components/layout/page';
import { ClaimsReport } from '@/features/insurance';
import { AdminTokenGate } from './admin-token-gate';

/** Claims report (GET /reports/claims) for clinic admins. */
export function Component() {
  return (
    <Page title="Claims report">
      <AdminTokenGate what="The claims report">
        <ClaimsReport />
      </AdminTokenGate>
    </Page>
  );
}
