import { t } from '@lingui/core/macro';
import { Page } from '@/components/layout/page';
import { NotificationList } from '@/features/notifications';

export function Component() {
  return (
    <Page title={t`Notifications`}>
      <NotificationList area="provider" />
    </Page>
  );
}
