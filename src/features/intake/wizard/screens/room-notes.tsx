import { t } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import { Link } from 'react-router';
import type { Room } from '@telehealth/client/rooms/schemas';
import { isRoomClosed } from '@telehealth/client/rooms/visit-settings';
import type { VisitKind } from '@telehealth/client/visits/kinds';
import { Page } from '@/components/layout/page';
import { paths } from '@/config/paths';

/**
 * Before anything starts in a closed room, the patient learns that nobody sees them live now and
 * when an answer comes: an e-consult is read and answered in writing once the room opens.
 */
export function ClosedRoomNote({ room, kinds }: { room: Room; kinds: readonly VisitKind[] }) {
  if (!isRoomClosed(room)) return null;
  const roomName = room.name;
  return (
    <section className="banner banner-info" role="note" aria-labelledby="closed-room-note">
      <h2 id="closed-room-note">
        <Trans>This room is closed right now</Trans>
      </h2>
      <p>
        <Trans>Nobody at {roomName} can see you by video until it opens again.</Trans>
      </p>
      {kinds.includes('econsult') ? (
        <p>
          <Trans>
            You can still send an e-consult: a clinician reads it and answers in writing when the room opens,
            so your answer comes later, not right away.
          </Trans>
        </p>
      ) : null}
      {kinds.includes('appointment') ? (
        <p>
          <Trans>You can still book an appointment for a time when it is open.</Trans>
        </p>
      ) : null}
      <p>
        <Trans>If this is an emergency, call 911 or go to the nearest emergency room.</Trans>
      </p>
    </section>
  );
}

/** The same room's queue already holds this patient: no second walk-in, the way back to the first. */
export function AlreadyWaiting({ room, visitId }: { room: Room; visitId: string }) {
  const roomName = room.name;
  return (
    <Page title={t`Your visit`}>
      <section className="banner banner-info" role="note" aria-labelledby="already-waiting">
        <h2 id="already-waiting">
          <Trans>You are already waiting in line</Trans>
        </h2>
        <p>
          <Trans>
            You joined the waiting room of {roomName} earlier and still have your place there, so there is no
            need to start again.
          </Trans>
        </p>
        <p>
          <Link to={paths.patient.visit(visitId)}>
            <Trans>Go back to your place in line</Trans>
          </Link>
        </p>
      </section>
    </Page>
  );
}

/** The room takes no kind of visit now (the page's content; the page is the room's). */
export function NotTakingVisits({ roomCode }: { roomCode: string }) {
  return (
    <>
      <p>
        <Trans>This room is not taking new visits right now.</Trans>
      </p>
      <p>
        <Link to={paths.patient.room(roomCode)}>
          <Trans>See what this room offers</Trans>
        </Link>
      </p>
    </>
  );
}
