import { t } from '@lingui/core/macro';
import { useQueries } from '@tanstack/react-query';
import { useState, type ComponentProps } from 'react';
import { Link } from 'react-router';
import { visitQueries } from '@/api/visits/queries';
import { VISIT_STATUS, type Visit, type VisitFilter } from '@telehealth/client/visits/schemas';
import { DroppedRowsNotice } from '@/components/feedback/dropped-rows-notice';
import { QueryError } from '@/components/feedback/query-state';
import { Spinner } from '@/components/feedback/status';
import { formatDateTime } from '@/lib/dates';
import { useViewerTimeZone } from '@/lib/use-time-zone';
import {
  visitKindOf,
  VISIT_KIND_TITLE,
  visitMedium,
  visitStatusWords,
} from '@telehealth/client/visits/kinds';
import { displayName } from '@telehealth/client/users/display-name';
import { useRoomName } from '@/api/rooms/room-names';
import { ProviderWorkList } from './provider/work-list';

/** A visit's place on a timeline: its start, else when it was sent (e-consults have no start). */
const timeOf = (v: Visit) => (typeof v.start === 'number' ? v.start : (v.created ?? 0));

function VisitItem({ visit, href }: { visit: Visit; href: string }) {
  const zone = useViewerTimeZone();
  const provider = displayName(visit.provider);
  const roomName = useRoomName(visit.room_code);
  const when = timeOf(visit);
  const date = when ? formatDateTime(when, zone) : null;
  return (
    <li className="card visit-item">
      <h3 className="visit-item-title">
        <Link to={href}>
          {VISIT_KIND_TITLE[visitKindOf(visit)]}
          {date ? ` · ${date}` : ''}
        </Link>
      </h3>
      <p>
        <span className="tag">{visitStatusWords(visit)}</span> {visitMedium(visit)}
        {provider ? ` · ${t`with ${provider}`}` : ''}
        {roomName ? ` · ${roomName}` : ''}
      </p>
    </li>
  );
}

function Group({
  name,
  title,
  visits,
  hrefFor,
  empty,
}: {
  /** The group's key, for its heading's id. */
  name: string;
  title: string;
  visits: Visit[];
  hrefFor: (id: string) => string;
  empty: string;
}) {
  const id = `visits-${name}`;
  return (
    <section aria-labelledby={id}>
      <h2 id={id}>{title}</h2>
      {visits.length ? (
        <ul className="visit-list">
          {visits.map((v) => (
            <VisitItem key={v.id} visit={v} href={hrefFor(v.id)} />
          ))}
        </ul>
      ) : (
        <p className="empty-state">{empty}</p>
      )}
    </section>
  );
}

/**
 * A patient's visits, as three `GET /visits` reads: now (open visits by status), upcoming
 * (starting after now) and past (ended before now). A visit appears in one group only.
 */
export function PatientVisitList({ hrefFor }: { hrefFor: (id: string) => string }) {
  // Pinned per mount, so the query keys (and the boundary between the groups) stay stable.
  const [now] = useState(() => Math.floor(Date.now() / 1000));
  const filters: VisitFilter[] = [
    { status: VISIT_STATUS.inProgress },
    { status: VISIT_STATUS.pending },
    { status: VISIT_STATUS.confirmed },
    { start_time: now },
    { end_time: now },
  ];
  const results = useQueries({ queries: filters.map((f) => visitQueries.list(f)) });
  if (results.some((r) => r.isPending)) return <Spinner label={t`Loading your visits…`} />;
  if (results.some((r) => r.isError))
    return <QueryError query={results} title={t`We couldn’t load your visits`} />;
  const [inProgress, pending, confirmed, upcoming, past] = results.map((r) => r.data ?? []);
  const seen = new Set<string>();
  const take = (list: Visit[]) => list.filter((v) => (seen.has(v.id) ? false : (seen.add(v.id), true)));
  const upcomingIds = new Set((upcoming ?? []).map((v) => v.id));
  const current = take(
    [...(inProgress ?? []), ...(pending ?? []), ...(confirmed ?? [])].filter((v) => !upcomingIds.has(v.id)),
  ).sort((a, b) => timeOf(b) - timeOf(a));
  const next = take(upcoming ?? []).sort((a, b) => timeOf(a) - timeOf(b));
  const done = take(past ?? []).sort((a, b) => timeOf(b) - timeOf(a));
  return (
    <>
      <DroppedRowsNotice lists={results.map((r) => r.data)} />
      <Group
        name="happening-now"
        title={t`Happening now`}
        visits={current}
        hrefFor={hrefFor}
        empty={t`Nothing in progress or waiting.`}
      />
      <Group
        name="upcoming"
        title={t({ message: 'Upcoming', context: 'heading: visits still to come' })}
        visits={next}
        hrefFor={hrefFor}
        empty={t`No upcoming visits.`}
      />
      <Group
        name="past"
        title={t({ message: 'Past', context: 'heading: visits that are over' })}
        visits={done}
        hrefFor={hrefFor}
        empty={t`No past visits yet.`}
      />
    </>
  );
}

/**
 * Every visit the signed-in provider may see (assigned, hosted, or waiting in their rooms), as one
 * work list with filters. `filters` and `onFiltersChange` let the route keep the filters (never the
 * patient-name search) in the URL; without them the list keeps its filters itself.
 */
export function ProviderVisitList(props: ComponentProps<typeof ProviderWorkList>) {
  return <ProviderWorkList {...props} />;
}
