import { t } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { Link } from 'react-router';
import { displayName } from '@telehealth/client/users/display-name';
import { userQueries } from '@/api/users/queries';
import { VISIT_KIND_TITLE, visitKindOf, visitStatusWords } from '@telehealth/client/visits/kinds';
import { visitQueries } from '@/api/visits/queries';
import type { Visit } from '@telehealth/client/visits/schemas';
import { QueryError, QueryState } from '@/components/feedback/query-state';
import { EmptyState, Spinner } from '@/components/feedback/status';
import { Button } from '@/components/ui/button';
import { formatDateTime } from '@/lib/dates';
import { ageFrom } from './visit-header';
import { QUEUE_PAGE_SIZE } from './waiting-now';

const timeOf = (v: Visit) => (typeof v.start === 'number' ? v.start : (v.created ?? 0));

/**
 * "My patients": everyone the provider has had a visit with, newest visit first, built from
 * `GET /visits` (`GET /users` is for clinic admins only). Names never enter the URL: links carry ids.
 */
export function MyPatients({
  providerId,
  zone,
  hrefFor,
}: {
  providerId: string;
  zone: string;
  hrefFor: (patientId: string) => string;
}) {
  const visits = useQuery(visitQueries.list({}));
  const [shown, setShown] = useState(QUEUE_PAGE_SIZE);
  return (
    <QueryState
      query={visits}
      label={t`Loading your patients…`}
      errorTitle={t`We couldn’t load your patients`}
    >
      {(data) => {
        const latest = new Map<string, Visit>();
        for (const v of data) {
          if (v.provider_id !== providerId || !v.member_id) continue;
          const seen = latest.get(v.member_id);
          if (!seen || timeOf(v) > timeOf(seen)) latest.set(v.member_id, v);
        }
        const patients = [...latest.values()].sort((a, b) => timeOf(b) - timeOf(a));
        if (!patients.length)
          return (
            <EmptyState title={t`No patients yet`}>
              <Trans>Visits assigned to you list their patients here.</Trans>
            </EmptyState>
          );
        return (
          <>
            <ul className="queue-list">
              {patients.slice(0, shown).map((v) => (
                <li key={v.member_id} className="inbox-item">
                  <p className="queue-name">
                    <Link to={hrefFor(v.member_id ?? '')}>
                      <bdi>{displayName(v.member, t`Patient`)}</bdi>
                    </Link>
                  </p>
                  <p className="queue-meta">
                    <LastVisit visit={v} zone={zone} />
                  </p>
                </li>
              ))}
            </ul>
            {patients.length > shown ? (
              <Button variant="secondary" onClick={() => setShown((n) => n + QUEUE_PAGE_SIZE)}>
                <Trans>Show more patients</Trans>
              </Button>
            ) : null}
          </>
        );
      }}
    </QueryState>
  );
}

/** "Last visit: Walk-in visit, Nov 20, 2026, 9:05 AM" */
function LastVisit({ visit, zone }: { visit: Visit; zone: string }) {
  const kind = VISIT_KIND_TITLE[visitKindOf(visit)];
  const when = formatDateTime(timeOf(visit), zone);
  return (
    <Trans>
      Last visit: {kind}, {when}
    </Trans>
  );
}

/** The chart's profile summary: name, age, contact details. */
export function PatientProfileSummary({ patientId }: { patientId: string }) {
  const headingId = useId();
  const patient = useQuery(userQueries.detail(patientId));
  const [now] = useState(() => Date.now());
  return (
    <QueryState
      query={patient}
      label={t`Loading the profile…`}
      errorTitle={t`We couldn’t load this patient’s profile`}
    >
      {(p) => {
        const age = ageFrom(p.dob, now);
        const dob = p.dob;
        const rows: [string, string | null | undefined][] = [
          [t`Name`, displayName(p, t`Not given`)],
          [t`Date of birth`, dob ? (age !== null ? t`${dob} (${age} years old)` : dob) : null],
          [t`Email`, p.email],
          [t`Phone`, typeof p.phone === 'string' ? p.phone : null],
          [t({ message: 'State', context: 'a US state' }), typeof p.state === 'string' ? p.state : null],
        ];
        return (
          <section className="card" aria-labelledby={headingId}>
            <h2 id={headingId}>
              <Trans>Profile</Trans>
            </h2>
            <dl className="detail-list">
              {rows
                .filter((r): r is [string, string] => typeof r[1] === 'string' && r[1] !== '')
                .map(([label, value]) => (
                  <div key={label}>
                    <dt>{label}</dt>
                    <dd>
                      <bdi>{value}</bdi>
                    </dd>
                  </div>
                ))}
            </dl>
          </section>
        );
      }}
    </QueryState>
  );
}

/** The patient's visits that the provider may see, newest first, each linking to its visit page. */
export function PatientVisitHistory({
  patientId,
  zone,
  hrefFor,
}: {
  patientId: string;
  zone: string;
  hrefFor: (visitId: string) => string;
}) {
  const headingId = useId();
  const visits = useQuery(visitQueries.list({}));
  const mine = (visits.data ?? [])
    .filter((v) => v.member_id === patientId)
    .sort((a, b) => timeOf(b) - timeOf(a));
  return (
    <section className="card" aria-labelledby={headingId}>
      <h2 id={headingId}>
        <Trans>Visits</Trans>
      </h2>
      {visits.isPending ? <Spinner label={t`Loading visits…`} /> : null}
      <QueryError query={visits} title={t`We couldn’t load the visits`} />
      {visits.data && !mine.length ? (
        <p className="empty-state">
          <Trans>No visits you can see.</Trans>
        </p>
      ) : null}
      {mine.length ? (
        <ul className="queue-list">
          {mine.map((v) => (
            <li key={v.id} className="inbox-item">
              <p className="queue-name">
                <Link to={hrefFor(v.id)}>
                  {VISIT_KIND_TITLE[visitKindOf(v)]} · {formatDateTime(timeOf(v), zone)}
                </Link>
              </p>
              <p>
                <span className="tag">{visitStatusWords(v)}</span>
                {v.intake?.reason_for_visit ? (
                  <>
                    {' '}
                    <bdi>{v.intake.reason_for_visit}</bdi>
                  </>
                ) : null}
              </p>
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}
