import { paths } from '@/config/paths';
import { useAdminAccess } from '@/features/auth';
import { ArrivalsWatcher } from '@/features/visits';
import { AreaLayout } from '../area-layout';
import { providerNav } from './nav';

/** The entry to the admin area, for administrators and, where the server cannot say, for every provider. */
const ADMIN_ENTRY = { to: paths.admin.home(), label: 'Clinic administration' };

export function Component() {
  const adminAccess = useAdminAccess();
  return (
    <>
      <AreaLayout nav={adminAccess === 'no' ? providerNav : [...providerNav, ADMIN_ENTRY]} area="provider" />
      {/* On every provider page: new walk-ins and messages are told wherever the provider is. */}
      <ArrivalsWatcher />
    </>
  );
}
