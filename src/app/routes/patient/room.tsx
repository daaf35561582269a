import { t } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { Link, useParams } from 'react-router';
import { roomQueries } from '@/api/rooms/queries';
import { isApiError } from '@telehealth/client/errors';
import { QueryError } from '@/components/feedback/query-state';
import { ErrorState, Spinner } from '@/components/feedback/status';
import { Page } from '@/components/layout/page';
import { paths } from '@/config/paths';
import { RoomDetail } from '@/features/rooms';

export function Component() {
  const code = useParams().code ?? '';
  const room = useQuery(roomQueries.detail(code));
  if (room.isPending) return <Spinner label={t`Loading the room…`} />;
  if (room.isError) {
    const missing = isApiError(room.error) && room.error.status === 404;
    const allRooms = (
      <p>
        <Link to={paths.patient.rooms()}>
          <Trans>See all rooms</Trans>
        </Link>
      </p>
    );
    return (
      <Page title={missing ? t`Room not found` : t`Room`}>
        {missing ? (
          <ErrorState error={room.error} title={t`This room does not exist`}>
            {allRooms}
          </ErrorState>
        ) : (
          <QueryError query={room} title={t`We couldn’t load this room`}>
            {allRooms}
          </QueryError>
        )}
      </Page>
    );
  }
  return (
    <Page title={room.data.name}>
      <RoomDetail room={room.data} />
      <p>
        <Link to={paths.patient.rooms()}>
          <Trans>All rooms</Trans>
        </Link>
      </p>
    </Page>
  );
}
