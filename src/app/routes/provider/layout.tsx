import { AreaLayout } from '../area-layout';
import { providerNav } from './nav';

export function Component() {
  return <AreaLayout nav={providerNav} area="provider" />;
}
