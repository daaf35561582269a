import { Page } from '@/components/layout/page';
import { paths } from '@/config/paths';
import { ProviderDashboard } from '@/features/visits';

/** The provider's workspace: who is waiting, the e-consult inbox, today's appointments. */
export function Component() {
  return (
    <Page title="Dashboard">
      <ProviderDashboard hrefFor={paths.provider.visit} />
    </Page>
  );
}
