import { useQuery } from '@tanstack/react-query';
import { Link, useParams } from 'react-router';
import { roomQueries } from '@/api/rooms/queries';
import { isApiError } from '@/api/errors';
import { ErrorState, Spinner } from '@/components/feedback/status';
import { Page } from '@/components/layout/page';
import { paths } from '@/config/paths';
import { RoomDetail } from '@/features/rooms';

export function Component() {
  const code = useParams().code ?? '';
  const room = useQuery(roomQueries.detail(code));
  if (room.isPending) return <Spinner label="Loading the room…" />;
  if (room.isError) {
    const missing = isApiError(room.error) && room.error.status === 404;
    return (
      <Page title={missing ? 'Room not found' : 'Room'}>
        <ErrorState
          error={room.error}
          title={missing ? 'This room does not exist' : 'We couldn’t load this room'}
          onRetry={missing ? undefined : () => void room.refetch()}
        >
          <p>
            <Link to={paths.patient.rooms()}>See all rooms</Link>
          </p>
        </ErrorState>
      </Page>
    );
  }
  return (
    <Page title={room.data.name}>
      <RoomDetail room={room.data} />
      <p>
        <Link to={paths.patient.rooms()}>All rooms</Link>
      </p>
    </Page>
  );
}
