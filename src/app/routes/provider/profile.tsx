import { ProfilePage } from '@/features/profile';
import { ProfileExtraPanels } from '../compose/profile-panels';

/** The provider's own profile: the same fields of POST /me as a patient's. */
export function Component() {
  return <ProfilePage extraPanels={<ProfileExtraPanels />} />;
}
