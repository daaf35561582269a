import { DevicesSection } from '@/features/notifications';

/**
 * Sections other features add to the profile page (registered push devices, for one). The
 * profile page renders this; features fill it in here so they never import each other.
 */
export function ProfileExtraPanels() {
  return <DevicesSection />;
}
