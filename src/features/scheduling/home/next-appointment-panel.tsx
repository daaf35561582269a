import { plural, t } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { displayName } from '@telehealth/client/users/display-name';
import { visitQueries } from '@/api/visits/queries';
import { VISIT_STATUS } from '@telehealth/client/visits/schemas';
import { EmptyState } from '@/components/feedback/status';
import { HomeCard } from '@/components/layout/home-card';
import { env } from '@/config/env';
import { paths } from '@/config/paths';
import { formatDateTime, formatRange } from '@/lib/dates';
import { useViewerTimeZone } from '@/lib/use-time-zone';
import { isAppointment } from '../appointments/appointment-words';

/** Home panel: the patient's next appointment and when its join window opens. */
export function NextAppointmentPanel() {
  const zone = useViewerTimeZone();
  const [now] = useState(() => Math.floor(Date.now() / 60_000) * 60);
  const upcoming = useQuery(visitQueries.list({ start_time: now }));
  const next = (upcoming.data ?? [])
    .filter(isAppointment)
    .filter((v) => v.status !== VISIT_STATUS.cancelled && v.status !== VISIT_STATUS.completed)
    .sort((a, b) => (a.start ?? 0) - (b.start ?? 0))[0];
  const opensAt = next?.start ? next.start - env.VITE_JOIN_OPENS_MINUTES * 60 : null;
  const isJoinOpen = opensAt !== null && now >= opensAt;
  const providerName = next ? displayName(next.provider) : undefined;
  const opensAtText = opensAt !== null ? formatDateTime(opensAt, zone) : '';
  const minutes = env.VITE_JOIN_OPENS_MINUTES;
  return (
    <HomeCard title={t`Your next appointment`} queries={[upcoming]}>
      {next ? (
        <>
          <p className="home-lead">
            <Link to={paths.patient.appointment(next.id)}>
              {formatRange(next.start ?? 0, next.end ?? next.start ?? 0, zone)}
            </Link>
          </p>
          <p>{providerName ? t`With ${providerName}` : t`Provider to be assigned`}</p>
          {opensAt !== null ? (
            <p className="muted">
              {isJoinOpen
                ? t`You can join now from the appointment page.`
                : t`You can join from ${opensAtText}, ${plural(minutes, {
                    one: '# minute before the start.',
                    other: '# minutes before the start.',
                  })}`}
            </p>
          ) : null}
        </>
      ) : (
        <EmptyState
          title={t`No upcoming appointments`}
          action={
            <Link className="btn btn-secondary" to={paths.patient.rooms()}>
              <Trans>Book an appointment</Trans>
            </Link>
          }
        />
      )}
    </HomeCard>
  );
}
