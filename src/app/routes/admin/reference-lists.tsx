import { Page } from '@/components/layout/page';
import { ReferenceLists } from '@/features/insurance';

/** Billing reference lists (diagnoses, procedures, modifiers, insurers, carriers), browsable and searchable. */
export function Component() {
  return (
    <Page title="Billing codes">
      <ReferenceLists />
    </Page>
  );
}
