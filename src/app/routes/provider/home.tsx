import { t } from '@lingui/core/macro';
import { useState } from 'react';
import { AttentionPrompt } from '@/components/attention';
import { Page } from '@/components/layout/page';
import { paths } from '@/config/paths';
import { ProviderDashboard } from '@/features/visits';

/**
 * The provider's workspace: who is waiting, the e-consult inbox, today's appointments. The tab
 * title counts the walk-ins waiting ("(2) Dashboard"), so a provider in another tab sees one arrive;
 * the prompt offers system notifications of new walk-ins and messages (asked only on its press).
 */
export function Component() {
  const [waiting, setWaiting] = useState(0);
  return (
    <Page title={t`Dashboard`} count={waiting}>
      <AttentionPrompt reason="provider-work" />
      <ProviderDashboard hrefFor={paths.provider.visit} onWaitingCount={setWaiting} />
    </Page>
  );
}
