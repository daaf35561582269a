import { Page } from '@/components/layout/page';
import { paths } from '@/config/paths';
import { ProviderVisitList } from '@/features/visits';

export function Component() {
  return (
    <Page title="Visits">
      <ProviderVisitList hrefFor={paths.provider.visit} />
    </Page>
  );
}
