import { Page } from '@/components/layout/page';
import { NotificationList } from '@/features/notifications';

export function Component() {
  return (
    <Page title="Notifications">
      <NotificationList area="patient" />
    </Page>
  );
}
