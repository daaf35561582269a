import { Link } from 'react-router';
import type { Room } from '@/api/rooms/schemas';
import { isRoomClosed } from '@/api/rooms/visit-settings';
import type { VisitKind } from '@/api/visits/kinds';
import { Page } from '@/components/layout/page';
import { paths } from '@/config/paths';

/**
 * Before anything starts in a closed room, the patient learns that nobody sees them live now and
 * when an answer comes: an e-consult is read and answered in writing once the room opens.
 */
export function ClosedRoomNote({ room, kinds }: { room: Room; kinds: readonly VisitKind[] }) {
  if (!isRoomClosed(room)) return null;
  return (
    <section className="banner banner-info" role="note" aria-labelledby="closed-room-note">
      <h2 id="closed-room-note">This room is closed right now</h2>
      <p>Nobody at {room.name} can see you by video until it opens again.</p>
      {kinds.includes('econsult') ? (
        <p>
          You can still send an e-consult: a clinician reads it and answers in writing when the room opens, so
          your answer comes later, not right away.
        </p>
      ) : null}
      {kinds.includes('appointment') ? (
        <p>You can still book an appointment for a time when it is open.</p>
      ) : null}
      <p>If this is an emergency, call 911 or go to the nearest emergency room.</p>
    </section>
  );
}

/** The same room's queue already holds this patient: no second walk-in, the way back to the first. */
export function AlreadyWaiting({ room, visitId }: { room: Room; visitId: string }) {
  return (
    <Page title="Your visit">
      <section className="banner banner-info" role="note" aria-labelledby="already-waiting">
        <h2 id="already-waiting">You are already waiting in line</h2>
        <p>
          You joined the waiting room of {room.name} earlier and still have your place there, so there is no
          need to start again.
        </p>
        <p>
          <Link to={paths.patient.visit(visitId)}>Go back to your place in line</Link>
        </p>
      </section>
    </Page>
  );
}

/** The room takes no kind of visit now (the page's content; the page is the room's). */
export function NotTakingVisits({ roomCode }: { roomCode: string }) {
  return (
    <>
      <p>This room is not taking new visits right now.</p>
      <p>
        <Link to={paths.patient.room(roomCode)}>See what this room offers</Link>
      </p>
    </>
  );
}
