import { plural, t } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { DroppedRowsNotice } from '@/components/feedback/dropped-rows-notice';
import { useEffect, useRef } from 'react';
import { Link } from 'react-router';
import { useMarkNotificationRead, useResetNotificationBadge } from '@/api/push/mutations';
import { notificationQueries } from '@/api/push/queries';
import type { Notification } from '@telehealth/client/push/schemas';
import { QueryError, QueryStale } from '@/components/feedback/query-state';
import { Spinner } from '@/components/feedback/status';
import { useSingleFlight } from '@/components/form';
import { Button } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { formatDateTime } from '@/lib/dates';
import { useViewerTimeZone } from '@/lib/use-time-zone';

/** Titles come from the server: shown as text, cut on a grapheme boundary so no emoji or accent is split. */
export function truncateText(text: string, max = 160): string {
  const Segmenter = (Intl as typeof Intl & { Segmenter?: typeof Intl.Segmenter }).Segmenter;
  const parts = Segmenter
    ? [...new Segmenter(undefined, { granularity: 'grapheme' }).segment(text)].map((s) => s.segment)
    : Array.from(text);
  return parts.length <= max ? text : `${parts.slice(0, max - 1).join('')}…`;
}

/** The visit page's survey section (features/visits `VISIT_SURVEY_HASH`; features do not import each other). */
const SURVEY_SECTION = '#survey';

/**
 * Whether a notification asks for a survey. The spec's notification has no kind for it: a server
 * may say so in `type` (`survey`); the clinic's own ("Please complete a short survey") says so in
 * its title.
 */
export function isAboutSurvey(n: Pick<Notification, 'type' | 'title'>): boolean {
  return n.type?.trim().toLowerCase() === 'survey' || /\bsurveys?\b/i.test(n.title ?? '');
}

/**
 * Where a notification leads, when it names what it is about (a visit and its thread, or a file):
 * `visit_id` and `file_id` are a server extension (`notification-targets`), so a row links only
 * when its own answer carries one, in the reader's area. Providers have no documents page: a
 * file notification only marks itself read there.
 */
function targetOf(n: Notification, area: 'patient' | 'provider'): string | null {
  if (n.visit_id) {
    if (area === 'provider') return paths.provider.visit(n.visit_id);
    // A survey about a visit opens that visit's page at its survey (the page focuses it); the
    // fragment names a section of the page, never anything about the patient.
    return `${paths.patient.visit(n.visit_id)}${isAboutSurvey(n) ? SURVEY_SECTION : ''}`;
  }
  if (n.file_id && area === 'patient') return paths.patient.documents();
  return null;
}

/**
 * The user's notifications, newest first, with more loaded on scroll (`last` = the oldest
 * `mtime` held). One rule: a notification is new until it is read. Opening one marks it read
 * and, where it names its visit or file, goes there; "Mark all as seen" resets the badge and
 * marks every unread one held read. After every action the list and the badge are read again.
 */
export function NotificationList({ area }: { area: 'patient' | 'provider' }) {
  const zone = useViewerTimeZone();
  const list = useInfiniteQuery(notificationQueries.list());
  const badge = useQuery(notificationQueries.badge());
  const markRead = useMarkNotificationRead();
  const resetBadge = useResetNotificationBadge();
  // Failures of both are shown from the mutation's error below the toolbar.
  const marking = useSingleFlight(async (id: string) => {
    await markRead.mutateAsync(id).catch(() => undefined);
  });
  const resetting = useSingleFlight(async (ids: string[]) => {
    await resetBadge.mutateAsync(ids).catch(() => undefined);
  });
  const sentinel = useRef<HTMLDivElement>(null);
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = list;

  useEffect(() => {
    const node = sentinel.current;
    if (!node || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((e) => e.isIntersecting) && hasNextPage && !isFetchingNextPage) void fetchNextPage();
    });
    observer.observe(node);
    return () => observer.disconnect();
  }, [hasNextPage, isFetchingNextPage, fetchNextPage]);

  if (list.isPending) return <Spinner label={t`Loading notifications…`} />;
  if (list.isError && !list.data) {
    return <QueryError query={list} title={t`Notifications could not be loaded`} />;
  }
  // Pages are cut by time, so the same notification cannot appear twice; this guards a server that repeats one.
  const seen = new Set<string>();
  const items: Notification[] = [];
  for (const page of list.data.pages) {
    for (const n of page) {
      if (seen.has(n.id)) continue;
      seen.add(n.id);
      items.push(n);
    }
  }
  const newCount = badge.data ?? 0;
  const markReason = markRead.error?.userMessage ?? '';
  const olderReason = list.error?.userMessage ?? '';

  return (
    <div className="notifications">
      <QueryStale query={list} />
      <DroppedRowsNotice lists={list.data.pages} />
      <div className="notifications-toolbar">
        <p role="status" aria-live="polite">
          {newCount === 0
            ? t`No new notifications`
            : t`${plural(newCount, { one: '# new notification', other: '# new notifications' })}`}
        </p>
        <Button
          variant="secondary"
          onClick={() => void resetting.run(items.filter((n) => n.read !== true).map((n) => n.id))}
          isBusy={resetting.isBusy}
          busyLabel={t`Marking…`}
          disabled={newCount === 0}
        >
          <Trans>Mark all as seen</Trans>
        </Button>
      </div>
      {resetBadge.isError ? (
        <p className="field-error" role="alert">
          {resetBadge.error.userMessage}
        </p>
      ) : null}
      {markRead.isError ? (
        <p className="field-error" role="alert">
          <Trans>That notification could not be marked as read. {markReason}</Trans>
        </p>
      ) : null}
      {items.length === 0 ? (
        <p className="empty-state">
          <Trans>You have no notifications.</Trans>
        </p>
      ) : (
        <ul className="notification-list">
          {items.map((n) => {
            const isUnread = n.read !== true;
            const isBusy = marking.isBusy && markRead.variables === n.id;
            const target = targetOf(n, area);
            const markIfUnread = () => {
              if (isUnread) void marking.run(n.id);
            };
            const content = (
              <>
                <span className="notification-state">
                  {isUnread
                    ? t({ message: 'Unread', context: 'state of a notification' })
                    : t({ message: 'Read', context: 'state of a notification' })}
                </span>
                <bdi className="notification-title" dir="auto">
                  {truncateText(
                    n.title?.trim() ||
                      t({ message: 'Notification', context: 'a notification sent without a title' }),
                  )}
                </bdi>
              </>
            );
            return (
              <li
                key={n.id}
                className={`notification${isUnread ? ' notification-unread' : ''}${n.is_new ? ' notification-new' : ''}`}
              >
                {target ? (
                  <Link to={target} className="notification-open" onClick={markIfUnread}>
                    {content}
                  </Link>
                ) : (
                  <button
                    type="button"
                    className="notification-open"
                    aria-busy={isBusy || undefined}
                    onClick={markIfUnread}
                  >
                    {content}
                  </button>
                )}
                <span className="notification-time">{formatDateTime(n.mtime / 1000, zone)}</span>
              </li>
            );
          })}
        </ul>
      )}
      <div ref={sentinel} />
      {list.hasNextPage ? (
        <Button
          variant="secondary"
          onClick={() => void list.fetchNextPage()}
          isBusy={list.isFetchingNextPage}
          busyLabel={t`Loading more…`}
        >
          <Trans>Show older notifications</Trans>
        </Button>
      ) : items.length ? (
        <p className="field-hint">
          <Trans>That is everything.</Trans>
        </p>
      ) : null}
      {list.isFetchNextPageError ? (
        <p className="field-error" role="alert">
          <Trans>Older notifications could not be loaded. {olderReason}</Trans>
        </p>
      ) : null}
    </div>
  );
}
