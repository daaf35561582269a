import { ProfilePage } from '@/features/profile';
import { ProfileExtraPanels } from '../compose/profile-panels';

/** The patient's profile, with the sections other features add at the bottom. */
export function Component() {
  return <ProfilePage extraPanels={<ProfileExtraPanels />} />;
}
