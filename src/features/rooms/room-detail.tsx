import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { useServerExtension } from '@/api/accounts/extensions';
import { formatPrice, patientConsultations, roomCurrency } from '@/api/rooms/consultations';
import { roomQueries } from '@/api/rooms/queries';
import type { Room, RoomProvider } from '@/api/rooms/schemas';
import { QueryError } from '@/components/feedback/query-state';
import { EmptyState, Spinner } from '@/components/feedback/status';
import { Button } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { formatLocale } from '@/lib/locale';
import { ClosedNotice } from './closed-notice';
import { ProviderDialog } from './provider-dialog';
import { providerName, ProviderPhoto } from './provider-photo';
import { availableVisitKinds, isRoomClosed, roomVisitKinds } from '@/api/rooms/visit-settings';
import { VISIT_KIND_LABEL, type VisitKind } from '@/api/visits/kinds';

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
        <span className={`tag ${closed ? 'tag-closed' : 'tag-open'}`}>{closed ? 'Closed' : 'Open now'}</span>
      </p>
      {closed ? <ClosedNotice room={room} /> : null}
      <StartVisit roomCode={room.code} closed={closed} possible={possible} />
      {room.description ? <p className="wrap-anywhere">{room.description}</p> : null}

      <section aria-labelledby="room-kinds">
        <h2 id="room-kinds">Ways to be seen</h2>
        {kinds.length ? (
          <ul>
            {kinds.map((kind) => (
              <li key={kind}>
                {VISIT_KIND_LABEL[kind]}
                {closed && kind === 'walkin' ? ' — not while the room is closed' : ''}
              </li>
            ))}
          </ul>
        ) : (
          <p>This room does not take visits online.</p>
        )}
      </section>

      {room.specialties?.length ? (
        <section aria-labelledby="room-specialties">
          <h2 id="room-specialties">Specialties</h2>
          <ul>
            {room.specialties.map((s) => (
              <li key={s.code}>
                {s.name}
                {s.duration ? ` · about ${s.duration} minutes` : ''}
              </li>
            ))}
          </ul>
        </section>
      ) : null}

      <Consultations room={room} />
      <Providers roomCode={room.code} />
    </div>
  );
}

/** What the start button of each kind says. */
const START_LABEL: Record<VisitKind, string> = {
  walkin: 'Start a walk-in visit',
  appointment: 'Book an appointment',
  econsult: 'Start an e-consult',
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
        {closed ? 'Please come back when the room is open.' : 'This room does not take visits online.'}
      </p>
    );
  }
  const still = closed
    ? possible.map((k) =>
        k === 'econsult'
          ? 'send an e-consult (a clinician answers in writing when the room opens)'
          : 'book an appointment',
      )
    : [];
  return (
    <div className="room-cta">
      {closed ? (
        <p>You can still {new Intl.ListFormat(formatLocale(), { type: 'disjunction' }).format(still)}.</p>
      ) : null}
      {possible.map((kind, i) => (
        <Link
          key={kind}
          className={`btn ${i === 0 ? 'btn-primary' : 'btn-secondary'}`}
          to={paths.patient.intakeStart(roomCode, kind)}
        >
          {START_LABEL[kind]}
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
      <h2 id="room-consultations">Consultations and prices</h2>
      <ul>
        {list.map((c) => (
          <li key={c.id}>
            {c.description ?? 'Consultation'}
            {c.duration ? ` · ${c.duration} minutes` : ''} · {formatPrice(c, currency)}
          </li>
        ))}
      </ul>
    </section>
  );
}

function Providers({ roomCode }: { roomCode: string }) {
  const providers = useQuery(roomQueries.providers(roomCode));
  const [open, setOpen] = useState<RoomProvider | null>(null);
  return (
    <section aria-labelledby="room-providers">
      <h2 id="room-providers">Providers</h2>
      {providers.isPending ? <Spinner label="Loading providers…" /> : null}
      <QueryError query={providers} title="We couldn’t load the providers" />
      {providers.data?.length === 0 ? <EmptyState title="No providers listed yet" /> : null}
      {providers.data?.length ? (
        <ul className="provider-list">
          {providers.data.map((p) => (
            <li key={p.id} className="provider-item">
              <ProviderPhoto provider={p} />
              <div>
                <p className="provider-name">{providerName(p)}</p>
                {p.short_bio ? <p className="provider-bio wrap-anywhere">{p.short_bio}</p> : null}
                <Button variant="link" onClick={() => setOpen(p)}>
                  More about <span className="visually-hidden">{providerName(p)}</span>
                </Button>
              </div>
            </li>
          ))}
        </ul>
      ) : null}
      {open ? <ProviderDialog roomCode={roomCode} provider={open} onClose={() => setOpen(null)} /> : null}
    </section>
  );
}
