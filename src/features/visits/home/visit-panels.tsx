import { useQueries, useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { messageQueries } from '@/api/messages/queries';
import { roomQueries } from '@/api/rooms/queries';
import type { RoomSummary } from '@/api/rooms/schemas';
import { USER_TYPE } from '@/api/users/schemas';
import { isWaiting, visitKindOf } from '@/api/visits/kinds';
import { visitQueries } from '@/api/visits/queries';
import { VISIT_STATUS, type Visit } from '@/api/visits/schemas';
import { QueryError } from '@/components/feedback/query-state';
import { HomeCard } from '@/components/layout/home-card';
import { paths } from '@/config/paths';
import { formatDateTime } from '@/lib/dates';
import { useViewerTimeZone } from '@/lib/use-time-zone';

function placeInLine(beforeMe: number): string {
  if (beforeMe === 0) return 'You are next in line.';
  return `${beforeMe} ${beforeMe === 1 ? 'person is' : 'people are'} ahead of you.`;
}

/**
 * The clinic's rooms, read once (the read `useRoomName` shares). `GET /rooms` answers only this
 * account's rooms, so a visit in a room it does not list (another account's) is never looked up:
 * its room and queue would answer 404.
 */
const ACCOUNT_ROOMS = roomQueries.list({ page: 1, limit: 100 });

function WaitingItem({ visit, room }: { visit: Visit; room: RoomSummary | undefined }) {
  const isReady = visit.status === VISIT_STATUS.inProgress;
  // The place in line matters only while waiting, and only a room of this account can say it.
  const queue = useQuery({ ...roomQueries.queue(room?.code ?? ''), enabled: Boolean(room) && !isReady });
  return (
    <li>
      <p className="home-lead">
        <Link to={paths.patient.visit(visit.id)}>
          {isReady ? 'Your provider is ready — join' : `Waiting in ${room?.name || 'your clinic'}`}
        </Link>
      </p>
      {!isReady && queue.data ? <p className="queue-place">{placeInLine(queue.data.before_me)}</p> : null}
      {isReady ? null : <QueryError query={queue} title="We couldn’t check your place in line just now" />}
    </li>
  );
}

/** Home panel: a walk-in in a waiting room (with the place in line); absent when there is none. */
export function WaitingVisitPanel() {
  const visits = useQuery(visitQueries.list({}));
  const waiting = (visits.data ?? []).filter(
    (v) => visitKindOf(v) === 'walkin' && (isWaiting(v) || v.status === VISIT_STATUS.inProgress),
  );
  const rooms = useQuery({ ...ACCOUNT_ROOMS, enabled: waiting.length > 0 });
  if (visits.isSuccess && waiting.length === 0) return null;
  const roomOf = (v: Visit) => rooms.data?.find((r) => r.code === v.room_code);
  return (
    <HomeCard
      title="In the waiting room"
      queries={[visits]}
      isPending={waiting.length > 0 && rooms.isPending}
    >
      <ul className="home-list">
        {waiting.map((v) => (
          <WaitingItem key={v.id} visit={v} room={roomOf(v)} />
        ))}
      </ul>
      {/* Without the rooms no place in line can be checked: said once for the panel. */}
      <QueryError query={rooms} title="We couldn’t check your place in line just now" />
    </HomeCard>
  );
}

/** Home panel: open e-consults, each saying whether the clinic's last word awaits the patient. */
export function OpenEconsultsPanel() {
  const zone = useViewerTimeZone();
  const visits = useQuery(visitQueries.list({}));
  const open = (visits.data ?? []).filter(
    (v) =>
      visitKindOf(v) === 'econsult' &&
      v.status !== VISIT_STATUS.completed &&
      v.status !== VISIT_STATUS.cancelled,
  );
  const latest = useQueries({ queries: open.map((v) => messageQueries.latest(v.id)) });
  if (visits.isSuccess && open.length === 0) return null;
  return (
    <HomeCard title="Your e-consults" queries={[visits]}>
      <ul className="home-list">
        {open.map((v, i) => {
          const last = latest[i]?.data?.data[0];
          const isReply = last ? Number(last.actor.type) !== USER_TYPE.member : false;
          return (
            <li key={v.id}>
              <p className="home-lead">
                <Link to={paths.patient.visit(v.id)}>
                  {v.intake?.reason_for_visit ? `E-consult: ${v.intake.reason_for_visit}` : 'E-consult'}
                </Link>{' '}
                {isReply ? <span className="tag tag-unread">New reply</span> : null}
              </p>
              {last ? (
                <p className="muted">
                  Last message {formatDateTime(Math.floor(last.created), zone)} from{' '}
                  <bdi>{isReply ? last.actor.display_name : 'you'}</bdi>
                </p>
              ) : (
                <p className="muted">Waiting for a provider to answer.</p>
              )}
            </li>
          );
        })}
      </ul>
    </HomeCard>
  );
}
