import { useAdminAccess } from '@/features/auth';
import { AreaLayout } from '../area-layout';
import { adminNav, adminNavBeforeToken } from './nav';

/**
 * A provider the server cannot tell apart from an administrator (`ask`) sees only the admin home,
 * which asks for the clinic admin token, until the server has accepted one in this tab.
 */
export function Component() {
  const adminAccess = useAdminAccess();
  return <AreaLayout nav={adminAccess === 'ask' ? adminNavBeforeToken : adminNav} area="admin" />;
}
