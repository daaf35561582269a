import { ProfilePage } from '@/features/profile';

/**
 * The provider's own profile: the fields of POST /me that concern staff. The patient-only parts
 * (their own primary-care provider; the devices a patient registers for reminders) are not shown.
 */
export function Component() {
  return <ProfilePage audience="staff" />;
}
