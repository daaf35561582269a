import { paths } from '@/config/paths';
import { NotificationBadge } from '@/features/notifications';

/**
 * Items other features add to the signed-in header (the notification badge, for one).
 * AreaLayout renders this beside the user menu.
 */
export function HeaderExtras({ area }: { area: 'patient' | 'provider' | 'admin' }) {
  if (area === 'admin') return null;
  return (
    <NotificationBadge
      to={area === 'patient' ? paths.patient.notifications() : paths.provider.notifications()}
    />
  );
}
