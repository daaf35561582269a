import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { notificationQueries } from '@/api/push/queries';

/** How often the header badge is re-read while the page is visible (TanStack pauses it when hidden). */
export const BADGE_POLL_MS = 30_000;

/** The header link to the notifications page, with the number of new ones. */
export function NotificationBadge({ to }: { to: string }) {
  const badge = useQuery({
    ...notificationQueries.badge(),
    refetchInterval: BADGE_POLL_MS,
    refetchIntervalInBackground: false,
  });
  const count = badge.data ?? 0;
  const label = count === 0 ? 'Notifications' : `Notifications, ${count} new`;
  return (
    <Link to={to} className="notification-badge" aria-label={label}>
      <span aria-hidden="true">Notifications</span>
      {count > 0 ? (
        <span className="badge-count" aria-hidden="true">
          {count > 99 ? '99+' : count}
        </span>
      ) : null}
    </Link>
  );
}
