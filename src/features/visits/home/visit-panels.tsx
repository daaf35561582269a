import { plural, t } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import { useQueries, useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { messageQueries } from '@/api/messages/queries';
import { roomQueries } from '@/api/rooms/queries';
import type { RoomSummary } from '@telehealth/client/rooms/schemas';
import { USER_TYPE } from '@telehealth/client/users/schemas';
import { isWaiting, visitKindOf } from '@telehealth/client/visits/kinds';
import { visitQueries } from '@/api/visits/queries';
import { VISIT_STATUS, type Visit } from '@telehealth/client/visits/schemas';
import { QueryError } from '@/components/feedback/query-state';
import { HomeCard } from '@/components/layout/home-card';
import { paths } from '@/config/paths';
import { formatDateTime } from '@/lib/dates';
import { useViewerTimeZone } from '@/lib/use-time-zone';

function placeInLine(beforeMe: number): string {
  if (beforeMe === 0) return t`You are next in line.`;
  return t`${plural(beforeMe, { one: '# person is ahead of you.', other: '# people are ahead of you.' })}`;
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
  const roomName = room?.name;
  return (
    <li>
      <p className="home-lead">
        <Link to={paths.patient.visit(visit.id)}>
          {isReady ? (
            <Trans>Your provider is ready — join</Trans>
          ) : roomName ? (
            <Trans>Waiting in {roomName}</Trans>
          ) : (
            <Trans>Waiting in your clinic</Trans>
          )}
        </Link>
      </p>
      {!isReady && queue.data ? <p className="queue-place">{placeInLine(queue.data.before_me)}</p> : null}
      {isReady ? null : <QueryError query={queue} title={t`We couldn’t check your place in line just now`} />}
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
      title={t`In the waiting room`}
      queries={[visits]}
      isPending={waiting.length > 0 && rooms.isPending}
    >
      <ul className="home-list">
        {waiting.map((v) => (
          <WaitingItem key={v.id} visit={v} room={roomOf(v)} />
        ))}
      </ul>
      {/* Without the rooms no place in line can be checked: said once for the panel. */}
      <QueryError query={rooms} title={t`We couldn’t check your place in line just now`} />
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
    <HomeCard title={t`Your e-consults`} queries={[visits]}>
      <ul className="home-list">
        {open.map((v, i) => {
          const last = latest[i]?.data?.data[0];
          const isReply = last ? Number(last.actor.type) !== USER_TYPE.member : false;
          const reason = v.intake?.reason_for_visit;
          const sent = last ? formatDateTime(Math.floor(last.created), zone) : '';
          const from = <bdi>{last?.actor.display_name}</bdi>;
          return (
            <li key={v.id}>
              <p className="home-lead">
                <Link to={paths.patient.visit(v.id)}>
                  {reason ? <Trans>E-consult: {reason}</Trans> : <Trans>E-consult</Trans>}
                </Link>{' '}
                {isReply ? (
                  <span className="tag tag-unread">
                    <Trans>New reply</Trans>
                  </span>
                ) : null}
              </p>
              {last ? (
                <p className="muted">
                  {isReply ? (
                    <Trans>
                      Last message {sent} from {from}
                    </Trans>
                  ) : (
                    <Trans>
                      Last message {sent} from <bdi>you</bdi>
                    </Trans>
                  )}
                </p>
              ) : (
                <p className="muted">
                  <Trans>Waiting for a provider to answer.</Trans>
                </p>
              )}
            </li>
          );
        })}
      </ul>
    </HomeCard>
  );
}
