import { t } from '@lingui/core/macro';
import { Page } from '@/components/layout/page';
import { SavedCardsPanel } from '@/features/payments';

/** The patient's saved cards: one wallet across the rooms they can pay in. */
export function Component() {
  return (
    <Page title={t`Saved cards`}>
      <SavedCardsPanel />
    </Page>
  );
}
