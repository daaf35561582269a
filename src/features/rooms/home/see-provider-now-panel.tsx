import { t } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import { useQueries, useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { useServerExtension } from '@/api/accounts/extensions';
import {
  formatMoney,
  isFreeConsultation,
  patientConsultations,
  roomCurrency,
} from '@/api/rooms/consultations';
import { roomQueries } from '@/api/rooms/queries';
import type { Room } from '@telehealth/client/rooms/schemas';
import { availableVisitKinds, isRoomClosed } from '@telehealth/client/rooms/visit-settings';
import { HomeCard } from '@/components/layout/home-card';
import { paths } from '@/config/paths';

/** Rooms looked at on the home page (the first page of `GET /rooms`). */
const ROOMS_LOOKED_AT = 10;

/**
 * What an e-consult costs: its price, or "from" the lowest of several. Nothing when the room lists
 * no consultation or one that is free (the patient may pay nothing).
 */
function econsultPrice(room: Room): string | null {
  const consultations = patientConsultations(room);
  if (consultations.length === 0 || consultations.some(isFreeConsultation)) return null;
  const amounts = consultations.map((c) => Number(c.amount));
  const lowest = formatMoney(Math.min(...amounts), roomCurrency(room));
  return new Set(amounts).size > 1
    ? t({ message: `From ${lowest}`, context: 'the lowest of several prices' })
    : lowest;
}

/**
 * Home panels: what a patient can start from the home. Rooms open for a walk-in right now ("See a
 * provider now"), and rooms that take an e-consult, a question answered in writing, open or not
 * ("Ask a clinician in writing"). Each card is absent when no room offers its kind; both come from
 * the same reads of this account's rooms. E-consults count only where the server offers them
 * (`econsult-rooms`).
 */
export function SeeProviderNowPanel() {
  const econsultRooms = useServerExtension('econsult-rooms');
  const list = useQuery(roomQueries.list({ page: 1, limit: ROOMS_LOOKED_AT }));
  const details = useQueries({ queries: (list.data ?? []).map((r) => roomQueries.detail(r.code)) });
  const rooms = details.flatMap((d) => (d.data ? [d.data] : []));
  const open = rooms.filter((room) => availableVisitKinds(room, false).includes('walkin'));
  const writing = rooms.filter((room) => availableVisitKinds(room, econsultRooms).includes('econsult'));
  const isChecking = list.isPending || details.some((d) => d.isPending);
  if (list.isSuccess && !isChecking && open.length === 0 && writing.length === 0) return null;
  // The e-consult card waits for every room; until then (or when the rooms cannot be listed) the
  // walk-in card stands for the panel, with its loading state or its failure.
  const showWriting = !isChecking && writing.length > 0;
  const showOpen = open.length > 0 || !showWriting;
  return (
    <>
      {showOpen ? (
        <HomeCard title={t`See a provider now`} queries={[list]} isPending={isChecking && open.length === 0}>
          <ul className="home-list">
            {open.map((room) => {
              const roomName = room.name;
              return (
                <li key={room.code} className="home-room">
                  <div>
                    <p className="home-lead">{room.name}</p>
                    {room.subtitle ? <p className="muted">{room.subtitle}</p> : null}
                  </div>
                  <Link
                    className="btn btn-primary"
                    to={paths.patient.intakeStart(room.code, 'walkin')}
                    aria-label={t`Start a walk-in visit in ${roomName}`}
                  >
                    <Trans>Start a walk-in visit</Trans>
                  </Link>
                </li>
              );
            })}
          </ul>
        </HomeCard>
      ) : null}
      {showWriting ? (
        <HomeCard title={t`Ask a clinician in writing`}>
          <p className="muted">
            <Trans>Send your question, with photos if they help. A clinician answers in writing.</Trans>
          </p>
          <ul className="home-list">
            {writing.map((room) => {
              const price = econsultPrice(room);
              const roomName = room.name;
              return (
                <li key={room.code} className="home-room">
                  <div>
                    <p className="home-lead">{room.name}</p>
                    {room.subtitle ? <p className="muted">{room.subtitle}</p> : null}
                    {price ? (
                      <p className="muted">
                        <Trans>{price}, paid when you send it</Trans>
                      </p>
                    ) : null}
                    {isRoomClosed(room) ? (
                      <p className="muted">
                        <Trans>Closed now: a clinician answers when it opens.</Trans>
                      </p>
                    ) : null}
                  </div>
                  <Link
                    className={`btn ${open.length > 0 ? 'btn-secondary' : 'btn-primary'}`}
                    to={paths.patient.intakeStart(room.code, 'econsult')}
                    aria-label={t`Send a question to ${roomName}`}
                  >
                    <Trans>Send a question</Trans>
                  </Link>
                </li>
              );
            })}
          </ul>
        </HomeCard>
      ) : null}
    </>
  );
}
