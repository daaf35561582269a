import { t } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import { visitStatusWords } from '@telehealth/client/visits/kinds';
import { displayName } from '@telehealth/client/users/display-name';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { roomQueries } from '@/api/rooms/queries';
import { visitQueries } from '@/api/visits/queries';
import { VISIT_STATUS, type Visit } from '@telehealth/client/visits/schemas';
import { DroppedRowsNotice } from '@/components/feedback/dropped-rows-notice';
import { QueryError } from '@/components/feedback/query-state';
import { EmptyState, Spinner } from '@/components/feedback/status';
import { paths } from '@/config/paths';
import { formatRange } from '@/lib/dates';
import { isAppointment } from './appointment-words';

function RoomName({ code }: { code: string }) {
  const room = useQuery(roomQueries.detail(code));
  return <>{room.data?.name ?? code}</>;
}

function AppointmentItem({ visit, zone }: { visit: Visit; zone: string }) {
  const provider = displayName(visit.provider);
  const status = visitStatusWords(visit);
  return (
    <li className="card appointment-item">
      <p>
        <Link to={paths.patient.appointment(visit.id)}>
          {formatRange(visit.start ?? 0, visit.end ?? visit.start ?? 0, zone)}
        </Link>
      </p>
      <p>
        {provider ? t`With ${provider}` : t`Provider to be assigned`}
        {visit.room_code ? (
          <>
            {' · '}
            <RoomName code={visit.room_code} />
          </>
        ) : null}
      </p>
      <p>
        <Trans>
          Status: <strong>{status}</strong>
        </Trans>
      </p>
    </li>
  );
}

/** Upcoming and past appointments of the signed-in patient, in their zone. */
export function AppointmentsList({ zone }: { zone: string }) {
  // One "now" per visit of the page, so the query keys stay put while it is open.
  const [now] = useState(() => Math.floor(Date.now() / 60_000) * 60);
  const upcoming = useQuery(visitQueries.list({ start_time: now }));
  const past = useQuery(visitQueries.list({ end_time: now }));
  const upcomingList = (upcoming.data ?? [])
    .filter(isAppointment)
    .filter((v) => v.status !== VISIT_STATUS.cancelled)
    .sort((a, b) => (a.start ?? 0) - (b.start ?? 0));
  const cancelledAhead = (upcoming.data ?? [])
    .filter(isAppointment)
    .filter((v) => v.status === VISIT_STATUS.cancelled);
  const pastList = [...(past.data ?? []).filter(isAppointment), ...cancelledAhead].sort(
    (a, b) => (b.start ?? 0) - (a.start ?? 0),
  );
  return (
    <>
      <DroppedRowsNotice lists={[upcoming.data, past.data]} />
      <section aria-labelledby="upcoming-title">
        <h2 id="upcoming-title">
          <Trans>Upcoming</Trans>
        </h2>
        {upcoming.isPending ? <Spinner label={t`Loading your appointments…`} /> : null}
        <QueryError query={upcoming} />
        {upcoming.data && upcomingList.length === 0 ? (
          <EmptyState title={t`No upcoming appointments`}>
            <p>
              <Trans>
                Book one from a room: <Link to={paths.patient.rooms()}>see rooms</Link>.
              </Trans>
            </p>
          </EmptyState>
        ) : null}
        <ul className="appointment-list">
          {upcomingList.map((v) => (
            <AppointmentItem key={v.id} visit={v} zone={zone} />
          ))}
        </ul>
      </section>
      <section aria-labelledby="past-title">
        <h2 id="past-title">
          <Trans>Past and cancelled</Trans>
        </h2>
        {past.isPending ? <Spinner label={t`Loading past appointments…`} /> : null}
        <QueryError query={past} />
        {past.data && pastList.length === 0 ? (
          <p>
            <Trans>No past appointments.</Trans>
          </p>
        ) : null}
        <ul className="appointment-list">
          {pastList.map((v) => (
            <AppointmentItem key={v.id} visit={v} zone={zone} />
          ))}
        </ul>
      </section>
    </>
  );
}
