import { t } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { roomQueries } from '@/api/rooms/queries';
import { DroppedRowsNotice } from '@/components/feedback/dropped-rows-notice';
import { QueryError, QueryStale } from '@/components/feedback/query-state';
import { EmptyState, Spinner } from '@/components/feedback/status';
import { paths } from '@/config/paths';

export const ROOMS_PAGE_SIZE = 10;

/**
 * One page of the clinic's rooms. `GET /rooms` returns no total, so a full page means there may
 * be another one; an empty later page says so and links back.
 */
export function RoomList({ page, pageHref }: { page: number; pageHref: (page: number) => string }) {
  const rooms = useQuery(roomQueries.list({ page, limit: ROOMS_PAGE_SIZE }));
  if (rooms.isPending) return <Spinner label={t`Loading rooms…`} />;
  if (rooms.isError && !rooms.data) return <QueryError query={rooms} title={t`We couldn’t load the rooms`} />;
  const list = rooms.data ?? [];
  const hasNext = list.length === ROOMS_PAGE_SIZE;
  return (
    <>
      <DroppedRowsNotice list={rooms.data} />
      <QueryStale query={rooms} />
      {list.length === 0 ? (
        <EmptyState title={page > 1 ? t`No more rooms` : t`No rooms yet`}>
          {page > 1 ? (
            <Link to={pageHref(1)}>
              <Trans>Back to the first page</Trans>
            </Link>
          ) : (
            <p>
              <Trans>The clinic has not opened any rooms.</Trans>
            </p>
          )}
        </EmptyState>
      ) : (
        <ul className="room-list" aria-label={t`Rooms`} aria-busy={rooms.isPlaceholderData || undefined}>
          {list.map((room) => (
            <li key={room.code} className="card">
              <h2 className="room-list-name">
                <Link to={paths.patient.room(room.code)}>{room.name}</Link>
              </h2>
            </li>
          ))}
        </ul>
      )}
      {page > 1 || hasNext ? (
        <nav className="pager" aria-label={t`Room pages`}>
          {page > 1 ? (
            <Link to={pageHref(page - 1)} rel="prev">
              <Trans>Previous page</Trans>
            </Link>
          ) : null}
          <span>
            <Trans>Page {page}</Trans>
          </span>
          {hasNext ? (
            <Link to={pageHref(page + 1)} rel="next">
              <Trans>Next page</Trans>
            </Link>
          ) : null}
        </nav>
      ) : null}
    </>
  );
}
