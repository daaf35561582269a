import { useState } from 'react';
import { Page } from '@/components/layout/page';
import { paths } from '@/config/paths';
import { ProviderDashboard } from '@/features/visits';

/**
 * The provider's workspace: who is waiting, the e-consult inbox, today's appointments. The tab
 * title counts the walk-ins waiting ("(2) Dashboard"), so a provider in another tab sees one arrive.
 */
export function Component() {
  const [waiting, setWaiting] = useState(0);
  return (
    <Page title="Dashboard" count={waiting}>
      <ProviderDashboard hrefFor={paths.provider.visit} onWaitingCount={setWaiting} />
    </Page>
  );
}
