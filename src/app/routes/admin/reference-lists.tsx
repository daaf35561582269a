import { t } from '@lingui/core/macro';
import { Page } from '@/components/layout/page';
import { ReferenceLists } from '@/features/insurance';

/** Billing reference lists (diagnoses, procedures, modifiers, insurers, carriers), browsable and searchable. */
export function Component() {
  return (
    <Page title={t`Billing codes`}>
      <ReferenceLists />
    </Page>
  );
}
