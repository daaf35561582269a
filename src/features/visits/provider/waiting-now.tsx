import { t } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useId, useState } from 'react';
import { Link } from 'react-router';
import { roomQueries } from '@/api/rooms/queries';
import { displayName } from '@telehealth/client/users/display-name';
import { visitKindOf } from '@telehealth/client/visits/kinds';
import { visitQueries } from '@/api/visits/queries';
import type { Visit } from '@telehealth/client/visits/schemas';
import { QueryState } from '@/components/feedback/query-state';
import { Button } from '@/components/ui/button';
import { useDocumentVisible } from '../use-document-visible';
import { DASHBOARD_POLL_MS, minutesBetween, roomLineFilter, waitedWords } from './use-polled-visits';

/** Rows shown at first and added per "Show more": a room with 500 waiting stays a short page. */
export const QUEUE_PAGE_SIZE = 20;

export interface DashboardRoom {
  code: string;
  name?: string | undefined;
}

/**
 * Waiting now: per room of the provider, the walk-ins in line, oldest first, with the room's
 * queue figures. The provider area's watcher polls the lines (every 15 s while visible, once a
 * minute in a background tab, for the count in the tab title) and announces a new arrival by
 * count and room only; it shows here without a reload.
 */
export function WaitingNow({
  rooms,
  hrefFor,
  onWaitingCount,
}: {
  rooms: DashboardRoom[];
  hrefFor: (id: string) => string;
  /** Told the number of walk-ins waiting across the rooms (for the tab title; never who). */
  onWaitingCount?: ((count: number) => void) | undefined;
}) {
  const headingId = useId();
  const [counts, setCounts] = useState<Record<string, number>>({});
  const [reportCount] = useState(() => (code: string, count: number) => {
    setCounts((before) => (before[code] === count ? before : { ...before, [code]: count }));
  });
  const total = rooms.reduce((sum, room) => sum + (counts[room.code] ?? 0), 0);
  useEffect(() => {
    onWaitingCount?.(total);
  }, [onWaitingCount, total]);
  return (
    <section className="card dashboard-section" aria-labelledby={headingId}>
      <h2 id={headingId}>
        <Trans>Waiting now</Trans>
      </h2>
      {rooms.length ? (
        rooms.map((room) => <RoomQueue key={room.code} room={room} hrefFor={hrefFor} onCount={reportCount} />)
      ) : (
        <p className="empty-state">
          <Trans>You are not assigned to any room yet.</Trans>
        </p>
      )}
    </section>
  );
}

function RoomQueue({
  room,
  hrefFor,
  onCount,
}: {
  room: DashboardRoom;
  hrefFor: (id: string) => string;
  onCount: (code: string, count: number) => void;
}) {
  const headingId = useId();
  const visible = useDocumentVisible();
  const detail = useQuery(roomQueries.detail(room.code));
  const roomName = detail.data?.name ?? room.name ?? room.code;
  // A room that takes no walk-ins (an e-consult room) has no line to watch.
  const noWalkins = detail.data?.visits?.walkin?.enabled === false;
  // Polled by the provider area's watcher (arrivals-watcher.tsx), which also tells of arrivals.
  const visits = useQuery(visitQueries.list(roomLineFilter(room.code)));
  const queue = useQuery({
    ...roomQueries.queue(room.code),
    enabled: !noWalkins,
    refetchInterval: visible ? DASHBOARD_POLL_MS : false,
  });
  const [shown, setShown] = useState(QUEUE_PAGE_SIZE);
  const waiting = (visits.data ?? [])
    .filter((v) => visitKindOf(v) === 'walkin')
    .sort((a, b) => arrivedAt(a) - arrivedAt(b) || a.id.localeCompare(b.id));

  const count = noWalkins ? 0 : waiting.length;
  useEffect(() => {
    onCount(room.code, count);
  }, [onCount, room.code, count]);

  const now = Math.floor(visits.dataUpdatedAt / 1000);
  if (noWalkins) {
    return (
      <section className="room-queue" aria-labelledby={headingId}>
        <h3 id={headingId}>{roomName}</h3>
        <p className="queue-meta">
          <Trans>This room takes no walk-ins.</Trans>
        </p>
      </section>
    );
  }
  return (
    <section className="room-queue" aria-labelledby={headingId}>
      <h3 id={headingId}>{roomName}</h3>
      {queue.data ? (
        <p className="queue-figures">
          <QueueFigures
            inLine={queue.data.length}
            capacity={queue.data.capacity}
            minutes={Math.round(queue.data.average_visit_time / 60)}
          />
        </p>
      ) : null}
      <QueryState
        query={visits}
        label={t`Loading the queue of ${roomName}…`}
        errorTitle={t`We couldn’t load the queue of ${roomName}`}
        isEmpty={() => waiting.length === 0}
        empty={
          <p className="empty-state">
            <Trans>Nobody is waiting.</Trans>
          </p>
        }
      >
        {() => (
          <>
            <ol className="queue-list" aria-label={t`Patients waiting in ${roomName}`}>
              {waiting.slice(0, shown).map((visit, index) => (
                <QueueItem
                  key={visit.id}
                  visit={visit}
                  position={index + 1}
                  now={now}
                  href={hrefFor(visit.id)}
                  roomName={roomName}
                />
              ))}
            </ol>
            {waiting.length > shown ? (
              <Button variant="secondary" onClick={() => setShown((n) => n + QUEUE_PAGE_SIZE)}>
                <ShowMore
                  more={Math.min(QUEUE_PAGE_SIZE, waiting.length - shown)}
                  left={waiting.length - shown}
                />
              </Button>
            ) : null}
          </>
        )}
      </QueryState>
    </section>
  );
}

/** "3 in line · capacity 10 · average visit 15 min": the room's queue figures. */
function QueueFigures({
  inLine,
  capacity,
  minutes,
}: {
  inLine?: number | null | undefined;
  capacity?: number | null | undefined;
  minutes: number;
}) {
  return (
    <Trans>
      {inLine} in line · capacity {capacity} · average visit {minutes} min
    </Trans>
  );
}

/** "Show 20 more of 45 waiting" */
function ShowMore({ more, left }: { more: number; left: number }) {
  return (
    <Trans>
      Show {more} more of {left} waiting
    </Trans>
  );
}

const arrivedAt = (v: Visit) => v.created ?? v.start ?? 0;

function QueueItem({
  visit,
  position,
  now,
  href,
  roomName,
}: {
  visit: Visit;
  position: number;
  now: number;
  href: string;
  roomName: string;
}) {
  const name = displayName(visit.member, t`Patient`);
  const reason = visit.intake?.reason_for_visit?.trim();
  const takenBy = displayName(visit.provider);
  return (
    <li className="queue-item">
      <span className="queue-position" aria-hidden="true">
        {position}
      </span>
      <div>
        <p className="queue-name">
          <Link to={href}>
            <bdi>{name}</bdi>
          </Link>
          <span className="visually-hidden">
            <Trans>, number {position} in line</Trans>
          </span>
        </p>
        <p>{reason ? <bdi>{reason}</bdi> : <Trans>No reason given</Trans>}</p>
        <p className="queue-meta">
          {waitedWords(minutesBetween(arrivedAt(visit), now))} · {roomName}
          {takenBy ? ` · ${t`taken by ${takenBy}`}` : ''}
        </p>
      </div>
    </li>
  );
}
