import { t } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import { useQueries } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { Link } from 'react-router';
import { useRoomName } from '@/api/rooms/room-names';
import { messageQueries } from '@/api/messages/queries';
import { displayName } from '@telehealth/client/users/display-name';
import { visitKindOf } from '@telehealth/client/visits/kinds';
import { visitQueries } from '@/api/visits/queries';
import { VISIT_STATUS, type Visit } from '@telehealth/client/visits/schemas';
import { QueryError } from '@/components/feedback/query-state';
import { Spinner } from '@/components/feedback/status';
import { Button } from '@/components/ui/button';
import { formatDateTime } from '@/lib/dates';
import { useViewerTimeZone } from '@/lib/use-time-zone';
import { roomLineFilter, usePolledVisits } from './use-polled-visits';
import { QUEUE_PAGE_SIZE, type DashboardRoom } from './waiting-now';

const byCreated = (a: Visit, b: Visit) => (a.created ?? 0) - (b.created ?? 0) || a.id.localeCompare(b.id);

/**
 * The e-consult inbox: e-consults of the provider's rooms waiting to be accepted (oldest first),
 * then those assigned to the provider, unread first. "Unread" has no marker in the spec: here it
 * means the thread's newest message is the patient's (docs/spec-decisions.md).
 */
export function EconsultInbox({
  rooms,
  providerId,
  hrefFor,
}: {
  rooms: DashboardRoom[];
  providerId: string;
  hrefFor: (id: string) => string;
}) {
  const headingId = useId();
  const waitingId = useId();
  const mineId = useId();
  const zone = useViewerTimeZone();
  const [shown, setShown] = useState(QUEUE_PAGE_SIZE);
  // The same reads as the queue (same keys), polled once per room by the provider area's watcher.
  const pending = useQueries({
    queries: rooms.map((room) => visitQueries.list(roomLineFilter(room.code))),
  });
  const confirmed = usePolledVisits({ status: VISIT_STATUS.confirmed });
  const all = pending
    .flatMap((r) => r.data ?? [])
    .concat(confirmed.data ?? [])
    .filter((v) => visitKindOf(v) === 'econsult');
  const unique = [...new Map(all.map((v) => [v.id, v])).values()];
  const toAccept = unique.filter((v) => !v.provider_id).sort(byCreated);
  const mine = unique.filter((v) => v.provider_id === providerId).sort(byCreated);
  const latest = useQueries({ queries: mine.map((v) => messageQueries.latest(v.id)) });
  const unreadIds = new Set(
    mine
      .filter((v, i) => {
        const newest = latest[i]?.data?.data[0];
        return newest !== undefined && newest.actor.id === v.member_id;
      })
      .map((v) => v.id),
  );
  const mineSorted = [...mine].sort(
    (a, b) => Number(unreadIds.has(b.id)) - Number(unreadIds.has(a.id)) || byCreated(a, b),
  );
  const reads = pending.concat(confirmed);
  const loading = reads.some((r) => r.isPending);

  const item = (visit: Visit, unread: boolean) => (
    <li key={visit.id} className="inbox-item">
      <p className="queue-name">
        <Link to={hrefFor(visit.id)}>
          <bdi>{displayName(visit.member, t`Patient`)}</bdi>
        </Link>
        {unread ? (
          <span className="tag tag-unread">
            <Trans>New reply</Trans>
          </span>
        ) : null}
      </p>
      <p>
        {visit.intake?.reason_for_visit ? (
          <bdi>{visit.intake.reason_for_visit}</bdi>
        ) : (
          <Trans>No reason given</Trans>
        )}
      </p>
      <p className="queue-meta">
        <SentWhen at={visit.created} zone={zone} />
        <RoomNameSuffix code={visit.room_code} />
      </p>
    </li>
  );

  return (
    <section className="card dashboard-section" aria-labelledby={headingId}>
      <h2 id={headingId}>
        <Trans>E-consult inbox</Trans>
      </h2>
      {loading ? <Spinner label={t`Loading e-consults…`} /> : null}
      {/* A list still on screen keeps showing; only a read with nothing to show is a failure here. */}
      <QueryError
        query={reads.filter((r) => r.data === undefined)}
        title={t`We couldn’t load the e-consults`}
      />
      <section aria-labelledby={waitingId}>
        <h3 id={waitingId}>
          <Trans>Waiting to be accepted</Trans>
        </h3>
        {toAccept.length ? (
          <ul className="queue-list">{toAccept.slice(0, shown).map((v) => item(v, false))}</ul>
        ) : (
          <p className="empty-state">
            <Trans>No e-consults are waiting.</Trans>
          </p>
        )}
        {toAccept.length > shown ? (
          <Button variant="secondary" onClick={() => setShown((n) => n + QUEUE_PAGE_SIZE)}>
            <Trans>Show more e-consults</Trans>
          </Button>
        ) : null}
      </section>
      <section aria-labelledby={mineId}>
        <h3 id={mineId}>
          <Trans>Assigned to you</Trans>
        </h3>
        {mineSorted.length ? (
          <ul className="queue-list">{mineSorted.map((v) => item(v, unreadIds.has(v.id)))}</ul>
        ) : (
          <p className="empty-state">
            <Trans>No open e-consults are assigned to you.</Trans>
          </p>
        )}
      </section>
    </section>
  );
}

/** "Sent Nov 20, 2026, 9:05 AM": when the patient sent the e-consult. */
function SentWhen({ at, zone }: { at?: number | null | undefined; zone: string }) {
  if (!at) return <Trans>Sent at an unknown time</Trans>;
  const when = formatDateTime(at, zone);
  return <Trans>Sent {when}</Trans>;
}

/** " · Dermatology": the room by its name, or nothing while unknown (never its code). */
function RoomNameSuffix({ code }: { code?: string | null }) {
  const name = useRoomName(code);
  return name ? <> · {name}</> : null;
}
