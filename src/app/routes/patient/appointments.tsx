import { t } from '@lingui/core/macro';
import { Page } from '@/components/layout/page';
import { AppointmentsList } from '@/features/scheduling';
import { useViewerTimeZone } from '@/lib/use-time-zone';

/** The patient's upcoming and past appointments. */
export function Component() {
  const zone = useViewerTimeZone();
  return (
    <Page title={t`Appointments`}>
      <AppointmentsList zone={zone} />
    </Page>
  );
}
