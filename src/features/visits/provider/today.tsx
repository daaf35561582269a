import { plural, t } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import { TZDate } from '@date-fns/tz';
import { addDays, startOfDay } from 'date-fns';
import { useId, useState } from 'react';
import { Link } from 'react-router';
import { displayName } from '@telehealth/client/users/display-name';
import { visitKindOf, visitMedium, visitStatusWords } from '@telehealth/client/visits/kinds';
import { VISIT_STATUS, type Visit } from '@telehealth/client/visits/schemas';
import { QueryState } from '@/components/feedback/query-state';
import { formatDate, formatTime, zoneLabel } from '@/lib/dates';
import { usePolledVisits } from './use-polled-visits';
import { buildRows } from './work-list-model';

/** The bounds of today in `zone`, as UNIX seconds. */
export function todayBounds(nowMs: number, zone: string): { start: number; end: number } {
  const start = startOfDay(new TZDate(nowMs, zone));
  return { start: Math.floor(start.getTime() / 1000), end: Math.floor(addDays(start, 1).getTime() / 1000) };
}

/** The provider's appointments today in their own zone, from `GET /visits` (start and end filters). */
export function TodayList({
  providerId,
  zone,
  hrefFor,
}: {
  providerId: string;
  zone: string;
  hrefFor: (id: string) => string;
}) {
  const headingId = useId();
  const dayId = useId();
  // Pinned per mount so the query key stays stable; the filters are exclusive, hence the second either side.
  const [bounds] = useState(() => todayBounds(Date.now(), zone));
  const visits = usePolledVisits({ start_time: bounds.start - 1, end_time: bounds.end + 1 });
  const today = (visits.data ?? [])
    .filter(
      (v) =>
        v.provider_id === providerId &&
        visitKindOf(v) === 'appointment' &&
        v.status !== VISIT_STATUS.cancelled &&
        typeof v.start === 'number',
    )
    .sort((a, b) => Number(a.start) - Number(b.start));
  // Group sessions (one provider, room and start) fold into one row by the work list's rule; the
  // rows here keep time order (the work status `buildRows` also works out is not shown here).
  const rows = buildRows(today, bounds.start).sort((a, b) => (a.time ?? 0) - (b.time ?? 0));
  return (
    <section className="card dashboard-section" aria-labelledby={headingId}>
      <h2 id={headingId}>
        <Trans>Today</Trans>
      </h2>
      <QueryState
        query={visits}
        label={t`Loading today’s appointments…`}
        errorTitle={t`We couldn’t load today’s appointments`}
        isEmpty={() => today.length === 0}
        empty={
          <p className="empty-state">
            <Trans>No appointments left today.</Trans>
          </p>
        }
      >
        {() => (
          <>
            {/* One day: its date once as a heading, the rows show times only. */}
            <h3 id={dayId}>{formatDate(bounds.start, zone)}</h3>
            <p className="queue-meta">
              <TimesIn at={bounds.start} zone={zone} />
            </p>
            <ul className="queue-list" aria-labelledby={dayId}>
              {rows.map((row) =>
                row.isGroup ? (
                  <GroupRow key={row.key} visits={row.visits} zone={zone} hrefFor={hrefFor} />
                ) : (
                  <VisitRow key={row.key} visit={row.visits[0]} zone={zone} hrefFor={hrefFor} />
                ),
              )}
            </ul>
          </>
        )}
      </QueryState>
    </section>
  );
}

/** "Times in Eastern Time.": the zone the times are shown in. */
function TimesIn({ at, zone }: { at: number; zone: string }) {
  const zoneName = zoneLabel(at, zone);
  return <Trans>Times in {zoneName}.</Trans>;
}

interface RowProps {
  zone: string;
  hrefFor: (id: string) => string;
}

function VisitRow({ visit: v, zone, hrefFor }: RowProps & { visit: Visit }) {
  return (
    <li className="inbox-item">
      <p className="queue-name">
        <Link to={hrefFor(v.id)}>
          {formatTime(Number(v.start), zone)} · <bdi>{displayName(v.member, t`Patient`)}</bdi>
        </Link>
      </p>
      <p>
        <span className="tag">{visitStatusWords(v)}</span> {visitMedium(v)}
        {v.intake?.reason_for_visit ? (
          <>
            {' · '}
            <bdi>{v.intake.reason_for_visit}</bdi>
          </>
        ) : null}
      </p>
    </li>
  );
}

/** A group session: one row with its time and the booked patients, each opening their own visit. */
function GroupRow({ visits, zone, hrefFor }: RowProps & { visits: readonly [Visit, ...Visit[]] }) {
  const first = visits[0];
  const time = formatTime(Number(first.start), zone);
  const count = visits.length;
  return (
    <li className="inbox-item">
      <p className="queue-name">
        {time} · {t`Group session, ${plural(count, { one: '# patient', other: '# patients' })}`}
      </p>
      <p>
        <span className="tag">{visitStatusWords(first)}</span> {visitMedium(first)}
        {' · '}
        {visits.map((v, i) => (
          <span key={v.id}>
            {i > 0 ? ', ' : null}
            <Link to={hrefFor(v.id)}>
              <bdi>{displayName(v.member, t`Patient`)}</bdi>
            </Link>
          </span>
        ))}
      </p>
    </li>
  );
}
