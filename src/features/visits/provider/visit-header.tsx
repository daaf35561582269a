import { t } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { roomQueries } from '@/api/rooms/queries';
import { displayName } from '@telehealth/client/users/display-name';
import { userQueries } from '@/api/users/queries';
import {
  VISIT_KIND_TITLE,
  visitKindOf,
  visitMedium,
  visitStatusWords,
} from '@telehealth/client/visits/kinds';
import { VISIT_STATUS, type Visit } from '@telehealth/client/visits/schemas';
import { env } from '@/config/env';
import { roomJoinUrl } from '@/config/paths';
import { formatDateTime } from '@/lib/dates';
import { Avatar } from '@/components/ui/avatar';

/** Whole years from a `YYYY-MM-DD` birth date to `nowMs`, or null when the date is unreadable. */
export function ageFrom(dob: string | null | undefined, nowMs: number): number | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(dob ?? '');
  if (!match) return null;
  const [, y, m, d] = match.map(Number) as [number, number, number, number];
  const now = new Date(nowMs);
  let age = now.getUTCFullYear() - y;
  if (now.getUTCMonth() + 1 < m || (now.getUTCMonth() + 1 === m && now.getUTCDate() < d)) age -= 1;
  return age >= 0 && age < 150 ? age : null;
}

/** The visit page's header for a provider: who, how old, what kind of visit, its status, room and times. */
export function ProviderVisitHeader({ visit, zone }: { visit: Visit; zone: string }) {
  const patient = useQuery({
    ...userQueries.detail(visit.member_id ?? ''),
    enabled: Boolean(visit.member_id),
  });
  const room = useQuery({ ...roomQueries.detail(visit.room_code ?? ''), enabled: Boolean(visit.room_code) });
  const [now] = useState(() => Date.now());
  const name = displayName(visit.member, '') || displayName(patient.data, t`Patient`);
  const age = ageFrom(patient.data?.dob, now);
  const kind = visitKindOf(visit);
  const times: [string, number | null | undefined][] = [
    [
      kind === 'econsult'
        ? t({ message: 'Sent', context: 'when an e-consult was sent' })
        : kind === 'walkin'
          ? t({ message: 'Arrived', context: 'when a walk-in patient arrived' })
          : t({ message: 'Booked', context: 'when an appointment was booked' }),
      visit.created,
    ],
    [t`Scheduled for`, kind === 'appointment' ? visit.start : null],
    [t({ message: 'Started', context: 'when a visit started' }), visit.actual_start],
    [t({ message: 'Ended', context: 'when a visit ended' }), visit.actual_end],
  ];
  return (
    <div className="visit-header card">
      <Avatar id={visit.member_id ?? visit.id} name={name} photo={patient.data?.photo} size={64} />
      <div>
        <p className="visit-header-name">
          <bdi>{name}</bdi>
          {age !== null ? (
            <span>
              {' · '}
              <Trans>{age} years old</Trans>
            </span>
          ) : null}
        </p>
        <dl className="detail-list visit-facts">
          <div>
            <dt>
              <Trans context="a visit's kind: video, phone, messages">Kind</Trans>
            </dt>
            <dd>
              {VISIT_KIND_TITLE[kind]} · {visitMedium(visit)}
            </dd>
          </div>
          <div>
            <dt>
              <Trans>Status</Trans>
            </dt>
            <dd>
              <span className="tag">{visitStatusWords(visit)}</span>
            </dd>
          </div>
          {visit.room_code ? (
            <div>
              <dt>
                <Trans context="a clinic's room">Room</Trans>
              </dt>
              <dd>{room.data?.name ?? visit.room_code}</dd>
            </div>
          ) : null}
          {times.map(([label, at]) =>
            typeof at === 'number' ? (
              <div key={label}>
                <dt>{label}</dt>
                <dd>{formatDateTime(at, zone)}</dd>
              </div>
            ) : null,
          )}
        </dl>
      </div>
    </div>
  );
}

/** Once a video visit is in progress, the provider's way in: the room's join link and dial-in details. */
export function ProviderJoinPanel({ visit }: { visit: Visit }) {
  if (visit.status !== VISIT_STATUS.inProgress || !visit.room_code || visitKindOf(visit) === 'econsult') {
    return null;
  }
  const url = roomJoinUrl(visit.account?.code ?? env.VITE_ACCOUNT_CODE, env.VITE_ROOM_HOST, visit.room_code);
  const meeting = visit.meeting;
  return (
    <section className="card join-panel" aria-label={t`The visit is in progress — join`}>
      <h2>
        <Trans>The visit is in progress</Trans>
      </h2>
      <p>
        <a className="btn btn-primary" href={url} target="_blank" rel="noopener noreferrer">
          <Trans>Join the video visit</Trans>
        </a>
      </p>
      {meeting?.meeting_id || meeting?.conference_pin ? (
        <dl className="detail-list">
          {meeting.meeting_id ? (
            <div>
              <dt>
                <Trans>Meeting ID</Trans>
              </dt>
              <dd>{meeting.meeting_id}</dd>
            </div>
          ) : null}
          {meeting.conference_pin ? (
            <div>
              <dt>
                <Trans>Conference PIN</Trans>
              </dt>
              <dd>{meeting.conference_pin}</dd>
            </div>
          ) : null}
        </dl>
      ) : null}
    </section>
  );
}
