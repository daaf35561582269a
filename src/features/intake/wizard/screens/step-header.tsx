import { t } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import { Link } from 'react-router';
import type { Room } from '@telehealth/client/rooms/schemas';
import { VISIT_KIND_TITLE, type VisitKind } from '@telehealth/client/visits/kinds';
import { paths } from '@/config/paths';
import type { WizardStep } from '../../model/steps';
import { afterProgressWords, kindWords } from '../kind-words';
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
    const kindTitle = VISIT_KIND_TITLE[kind];
    const roomName = room.name;
    const step = Math.max(position, 1);
    const steps = Math.max(total, position);
    return (
      <>
        <p className="wizard-progress">{t`${kindTitle} · ${roomName} · Step ${step} of ${steps}`}</p>
        {ws.indexInPhase === 0 ? <ClosedRoomNote room={room} kinds={[kind]} /> : null}
      </>
    );
  }
  return (
    <>
      {ws.indexInPhase === 0 ? (
        <p className="banner banner-success" role="status">
          {kindWords(kind).done}
        </p>
      ) : null}
      <p className="wizard-progress">
        {afterProgressWords(kind, position, total)}
        {visitId ? (
          <>
            {' · '}
            <Link to={paths.patient.visit(visitId)}>
              <Trans>Skip to your visit</Trans>
            </Link>
          </>
        ) : null}
      </p>
    </>
  );
}
