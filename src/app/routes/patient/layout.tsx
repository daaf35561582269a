import { AreaLayout } from '../area-layout';
import { patientNav } from './nav';

export function Component() {
  return <AreaLayout nav={patientNav} area="patient" />;
}
