import { t } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { isApiError } from '@telehealth/client/errors';
import { useCreateIntake } from '@/api/intakes/mutations';
import type { Room } from '@telehealth/client/rooms/schemas';
import {
  INTAKE_TYPE_FOR_KIND,
  VISIT_KIND_LABEL,
  VISIT_KIND_TITLE,
  type VisitKind,
} from '@telehealth/client/visits/kinds';
import { useSingleFlight } from '@/components/form';
import { Page } from '@/components/layout/page';
import { Button } from '@/components/ui/button';
import { FormError } from '@/components/ui/field';
import { paths } from '@/config/paths';
import { CUSTOM_FIELDS } from '@/wizard';
import { keepAnswers } from '../../model/kept-answers';
import type { WizardStep } from '../../model/steps';
import { ClosedRoomNote } from './room-notes';

export interface KindChooserProps {
  roomCode: string;
  room: Room;
  kinds: VisitKind[];
  /** The first intake step of a flow of each kind, where the chosen kind starts. */
  firstStepOf: (kind: VisitKind) => WizardStep | undefined;
}

/**
 * The room offers several kinds of visit and none is chosen yet: the patient chooses, and the
 * intake is created typed by the choice (it is read back into the cache as it is created).
 */
export function KindChooser({ roomCode, room, kinds, firstStepOf }: KindChooserProps) {
  const navigate = useNavigate();
  const createIntake = useCreateIntake();
  const [failure, setFailure] = useState<string | null>(null);
  const [choice, setChoice] = useState<VisitKind | null>(null);

  const start = useSingleFlight(async (kind: VisitKind) => {
    setFailure(null);
    try {
      const ref = await createIntake.mutateAsync({
        room_code: roomCode,
        type: INTAKE_TYPE_FOR_KIND[kind],
        custom: { [CUSTOM_FIELDS.visitKind]: kind },
      });
      keepAnswers(ref.id, { [CUSTOM_FIELDS.visitKind]: kind });
      await navigate(paths.patient.intake(roomCode, firstStepOf(kind)?.slug, ref.id));
    } catch (error) {
      const reason = isApiError(error) ? error.userMessage : t`Something went wrong.`;
      setFailure(t`${reason} Please try again.`);
    }
  });

  const roomName = room.name;
  return (
    <Page title={t`How would you like to be seen?`}>
      <p className="wizard-progress">{room.name}</p>
      <ClosedRoomNote room={room} kinds={kinds} />
      <form
        className="step-form"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          if (choice) void start.run(choice);
          else setFailure(t`Choose how you would like to be seen.`);
        }}
      >
        <fieldset disabled={start.isBusy} className="field field-radio choice-list">
          <legend>
            <Trans>{roomName} offers these kinds of visit</Trans>
          </legend>
          {kinds.map((k) => (
            <label key={k} className="choice">
              <input
                type="radio"
                name="visit-kind"
                value={k}
                checked={choice === k}
                onChange={() => setChoice(k)}
              />
              <span className="choice-body">
                <span className="choice-title">{VISIT_KIND_TITLE[k]}</span>
                <span className="choice-detail">{VISIT_KIND_LABEL[k]}</span>
              </span>
            </label>
          ))}
        </fieldset>
        <FormError message={failure} />
        <div className="step-actions">
          <Link to={paths.patient.room(roomCode)} className="btn btn-secondary">
            <Trans context="button: previous step">Back</Trans>
          </Link>
          <Button type="submit" isBusy={start.isBusy} busyLabel={t`Please wait…`}>
            <Trans context="button: next step">Continue</Trans>
          </Button>
        </div>
      </form>
    </Page>
  );
}
