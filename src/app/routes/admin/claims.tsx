import { t } from '@lingui/core/macro';
import { Page } from '@/components/layout/page';
import { ClaimsReport } from '@/features/insurance';
import { AdminTokenGate } from './admin-token-gate';

/** Claims report (GET /reports/claims) for clinic admins. */
export function Component() {
  return (
    <Page title={t`Claims report`}>
      <AdminTokenGate what={t`The claims report`}>
        <ClaimsReport />
      </AdminTokenGate>
    </Page>
  );
}
