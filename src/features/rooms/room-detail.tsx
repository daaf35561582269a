import { msg, plural, t } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import type { MessageDescriptor } from '@lingui/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { useServerExtension } from '@/api/accounts/extensions';
import { formatPrice, patientConsultations, roomCurrency } from '@/api/rooms/consultations';
import { roomQueries } from '@/api/rooms/queries';
import type { Room, RoomProvider } from '@telehealth/client/rooms/schemas';
import { QueryError } from '@/components/feedback/query-state';
import { EmptyState, Spinner } from '@/components/feedback/status';
import { Button } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { i18n } from '@/lib/i18n';
import { formatLocale } from '@/lib/locale';
import { ClosedNotice } from './closed-notice';
import { ProviderDialog } from './provider-dialog';
import { providerName, ProviderPhoto } from './provider-photo';
import { availableVisitKinds, isRoomClosed, roomVisitKinds } from '@telehealth/client/rooms/visit-settings';
import { VISIT_KIND_LABEL, type VisitKind } from '@telehealth/client/visits/kinds';

/**
 * Everything a patient needs to choose a room: what it offers, who works there, whether it is open.
 * E-consults are offered only where the server offers them (`econsult-rooms`).
 */
export function RoomDetail({ room }: { room: Room }) {
  const econsultRooms = useServerExtension('econsult-rooms');
  const closed = isRoomClosed(room);
  const kinds = roomVisitKinds(room, econsultRooms);
  const possible = availableVisitKinds(room, econsultRooms);
  return (
    <div className="room-detail">
      {room.subtitle ? <p className="room-subtitle">{room.subtitle}</p> : null}
      <p>
        <span className={`tag ${closed ? 'tag-closed' : 'tag-open'}`}>
          {closed ? t({ message: 'Closed', context: 'a room’s state' }) : t`Open now`}
        </span>
      </p>
      {closed ? <ClosedNotice room={room} /> : null}
      <StartVisit roomCode={room.code} closed={closed} possible={possible} />
      {room.description ? <p className="wrap-anywhere">{room.description}</p> : null}

      <section aria-labelledby="room-kinds">
        <h2 id="room-kinds">
          <Trans>Ways to be seen</Trans>
        </h2>
        {kinds.length ? (
          <ul>
            {kinds.map((kind) => {
              const label = VISIT_KIND_LABEL[kind];
              return (
                <li key={kind}>
                  {closed && kind === 'walkin' ? t`${label} — not while the room is closed` : label}
                </li>
              );
            })}
          </ul>
        ) : (
          <p>
            <Trans>This room does not take visits online.</Trans>
          </p>
        )}
      </section>

      {room.specialties?.length ? (
        <section aria-labelledby="room-specialties">
          <h2 id="room-specialties">
            <Trans>Specialties</Trans>
          </h2>
          <ul>
            {room.specialties.map((s) => {
              const name = s.name;
              const minutes = s.duration;
              return (
                <li key={s.code}>
                  {minutes
                    ? t`${name} · about ${plural(minutes, { one: '# minute', other: '# minutes' })}`
                    : name}
                </li>
              );
            })}
          </ul>
        </section>
      ) : null}

      <Consultations room={room} />
      <Providers roomCode={room.code} />
    </div>
  );
}

/** What the start button of each kind says. */
const START_LABEL: Record<VisitKind, MessageDescriptor> = {
  walkin: msg`Start a walk-in visit`,
  appointment: msg`Book an appointment`,
  econsult: msg`Start an e-consult`,
};

function StartVisit({
  roomCode,
  closed,
  possible,
}: {
  roomCode: string;
  closed: boolean;
  possible: VisitKind[];
}) {
  if (possible.length === 0) {
    return (
      <p className="room-cta">
        {closed ? t`Please come back when the room is open.` : t`This room does not take visits online.`}
      </p>
    );
  }
  const still = closed
    ? possible.map((k) =>
        k === 'econsult'
          ? t({
              message: 'send an e-consult (a clinician answers in writing when the room opens)',
              context: 'completes “You can still …”',
            })
          : t({ message: 'book an appointment', context: 'completes “You can still …”' }),
      )
    : [];
  const actions = new Intl.ListFormat(formatLocale(), { type: 'disjunction' }).format(still);
  return (
    <div className="room-cta">
      {closed ? (
        <p>
          <Trans>You can still {actions}.</Trans>
        </p>
      ) : null}
      {possible.map((kind, i) => (
        <Link
          key={kind}
          className={`btn ${i === 0 ? 'btn-primary' : 'btn-secondary'}`}
          to={paths.patient.intakeStart(roomCode, kind)}
        >
          {i18n._(START_LABEL[kind])}
        </Link>
      ))}
    </div>
  );
}

function Consultations({ room }: { room: Room }) {
  const currency = roomCurrency(room);
  const list = patientConsultations(room);
  if (!list.length) return null;
  return (
    <section aria-labelledby="room-consultations">
      <h2 id="room-consultations">
        <Trans>Consultations and prices</Trans>
      </h2>
      <ul>
        {list.map((c) => {
          const minutes = c.duration;
          return (
            <li key={c.id}>
              {c.description ?? t`Consultation`}
              {minutes ? ` · ${t`${plural(minutes, { one: '# minute', other: '# minutes' })}`}` : ''} ·{' '}
              {formatPrice(c, currency)}
            </li>
          );
        })}
      </ul>
    </section>
  );
}

function Providers({ roomCode }: { roomCode: string }) {
  const providers = useQuery(roomQueries.providers(roomCode));
  const [open, setOpen] = useState<RoomProvider | null>(null);
  return (
    <section aria-labelledby="room-providers">
      <h2 id="room-providers">
        <Trans>Providers</Trans>
      </h2>
      {providers.isPending ? <Spinner label={t`Loading providers…`} /> : null}
      <QueryError query={providers} title={t`We couldn’t load the providers`} />
      {providers.data?.length === 0 ? <EmptyState title={t`No providers listed yet`} /> : null}
      {providers.data?.length ? (
        <ul className="provider-list">
          {providers.data.map((p) => {
            const name = providerName(p);
            return (
              <li key={p.id} className="provider-item">
                <ProviderPhoto provider={p} />
                <div>
                  <p className="provider-name">{name}</p>
                  {p.short_bio ? <p className="provider-bio wrap-anywhere">{p.short_bio}</p> : null}
                  <Button variant="link" onClick={() => setOpen(p)}>
                    <Trans>
                      More about <span className="visually-hidden">{name}</span>
                    </Trans>
                  </Button>
                </div>
              </li>
            );
          })}
        </ul>
      ) : null}
      {open ? <ProviderDialog roomCode={roomCode} provider={open} onClose={() => setOpen(null)} /> : null}
    </section>
  );
}
