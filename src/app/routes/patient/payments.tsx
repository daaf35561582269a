import { Page } from '@/components/layout/page';
import { SavedCardsPanel } from '@/features/payments';

/** The patient's saved cards, per room. */
export function Component() {
  return (
    <Page title="Saved cards">
      <SavedCardsPanel />
    </Page>
  );
}
