import { plural, t } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
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
  const label =
    count === 0 ? t`Notifications` : t`Notifications, ${plural(count, { one: '# new', other: '# new' })}`;
  return (
    <Link to={to} className="notification-badge" aria-label={label}>
      <svg aria-hidden="true" focusable="false" width="22" height="22" viewBox="0 0 24 24">
        <path
          d="M12 3a6 6 0 0 0-6 6v4l-2 3h16l-2-3V9a6 6 0 0 0-6-6zm-2 15a2 2 0 0 0 4 0"
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
          strokeLinejoin="round"
        />
      </svg>
      <span className="badge-text" aria-hidden="true">
        <Trans>Notifications</Trans>
      </span>
      {count > 0 ? (
        <span className="badge-count" aria-hidden="true">
          {count > 99 ? '99+' : count}
        </span>
      ) : null}
    </Link>
  );
}
