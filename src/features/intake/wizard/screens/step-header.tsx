import { Link } from 'react-router';
import type { Room } from '@/api/rooms/schemas';
import { VISIT_KIND_TITLE, type VisitKind } from '@/api/visits/kinds';
import { paths } from '@/config/paths';
import type { WizardStep } from '../../model/steps';
import { KIND_WORDS } from '../kind-words';
import { ClosedRoomNote } from './room-notes';

export interface StepHeaderProps {
  ws: WizardStep;
  /** Its place among the steps shown in its phase (1-based); known answers are not counted. */
  position: number;
  /** How many steps its phase shows. */
  total: number;
  room: Room;
  kind: VisitKind;
  visitId: string | null;
}

/** Where the patient is: the kind, the room and the step number; after the visit exists, a way straight to it. */
export function StepHeader({ ws, position, total, room, kind, visitId }: StepHeaderProps) {
  if (ws.phase === 'intake') {
    return (
      <>
        <p className="wizard-progress">
          {VISIT_KIND_TITLE[kind]} · {room.name} · Step {Math.max(position, 1)} of {Math.max(total, position)}
        </p>
        {ws.indexInPhase === 0 ? <ClosedRoomNote room={room} kinds={[kind]} /> : null}
      </>
    );
  }
  return (
    <>
      {ws.indexInPhase === 0 ? (
        <p className="banner banner-success" role="status">
          {KIND_WORDS[kind].done} A few more questions before you go on.
        </p>
      ) : null}
      <p className="wizard-progress">
        After your {KIND_WORDS[kind].noun} is set up · {position} of {total}
        {visitId ? (
          <>
            {' · '}
            <Link to={paths.patient.visit(visitId)}>Skip to your visit</Link>
          </>
        ) : null}
      </p>
    </>
  );
}
