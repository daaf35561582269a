import { AreaLayout } from '../area-layout';
import { adminNav } from './nav';

export function Component() {
  return <AreaLayout nav={adminNav} area="admin" />;
}
