import { t } from '@lingui/core/macro';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router';
import type { Account } from '@telehealth/client/accounts/schemas';
import type { Intake } from '@telehealth/client/intakes/schemas';
import type { Room } from '@telehealth/client/rooms/schemas';
import type { VisitKind } from '@telehealth/client/visits/kinds';
import { Spinner } from '@/components/feedback/status';
import { Page } from '@/components/layout/page';
import type { StepRegistry } from '@/wizard';
import type { WizardStep } from '../../model/steps';
import { readReturnState } from '../addresses';
import { chosenConsultation, commitsAt, planFlow, previousOf, submitLabelOf } from '../flow';
import { useKnownAnswers } from '../known';
import { kindWords } from '../kind-words';
import { useIntakeFlow } from '../use-intake-flow';
import { FinishPanel } from './finish-panel';
import { ReviewList } from './review-list';
import { StepHeader } from './step-header';
import { StepHost } from './step-host';

export interface FlowScreenProps {
  account: Pick<Account, 'intake_steps' | 'post_intake_steps'>;
  roomCode: string;
  room: Room;
  kind: VisitKind;
  stepSlug?: string;
  intakeId?: string;
  /** The intake as last read; null until the first save. */
  intake: Intake | null;
  registry: StepRegistry;
}

/** The wizard for one kind of visit: the step the flow shows, the finish panel, or on the way elsewhere. */
export function FlowScreen({
  account,
  roomCode,
  room,
  kind,
  stepSlug,
  intakeId,
  intake,
  registry,
}: FlowScreenProps) {
  const navigate = useNavigate();
  const location = useLocation();
  const queryClient = useQueryClient();
  const known = useKnownAnswers({ account, registry, kind, roomCode, intake, room }, queryClient);
  const flow = planFlow({ account, registry, kind, roomCode, intake, stepSlug, known: known.data });
  const actions = useIntakeFlow({ roomCode, room, flow, intakeId, intake, stepSlug, registry, account });
  const { view } = flow;
  // The flow waits for what is known, so a step the patient need not answer never flashes by.
  const redirectTo = view.type === 'redirect' && known.data ? actions.href(view.target) : null;
  useEffect(() => {
    if (redirectTo) void navigate(redirectTo, { replace: true });
  }, [redirectTo, navigate]);

  if (view.type === 'redirect' || !known.data) {
    return (
      <Page title={t`Your visit`}>
        <Spinner label={t`Opening your answers…`} />
      </Page>
    );
  }
  const words = kindWords(kind);
  const consultation = chosenConsultation(room, intake);
  const review = (current: WizardStep | null) => (
    <ReviewList
      flow={flow}
      registry={registry}
      room={room}
      intake={intake}
      consultation={consultation}
      current={current}
      hrefOf={(step) => actions.href({ to: 'step', step })}
    />
  );
  if (view.type === 'finish') {
    return (
      <Page title={words.title}>
        {review(null)}
        <FinishPanel
          label={words.start}
          roomName={room.name}
          hasAnswers={Boolean(intake)}
          onStart={actions.start}
        />
      </Page>
    );
  }

  const ws = view.step;
  const back = previousOf(flow, ws);
  const arrival = readReturnState(location.state);
  return (
    <Page title={ws.title}>
      <StepHeader
        ws={ws}
        position={(ws.phase === 'intake' ? flow.askedSteps : flow.postSteps).indexOf(ws) + 1}
        total={(ws.phase === 'intake' ? flow.askedSteps : flow.postSteps).length}
        room={room}
        kind={kind}
        visitId={flow.visitId}
      />
      {ws.phase === 'intake' && commitsAt(flow, ws) ? review(ws) : null}
      <StepHost
        ws={ws}
        registry={registry}
        room={room}
        kind={kind}
        consultation={consultation}
        intake={intake}
        submitLabel={submitLabelOf(flow, ws)}
        backHref={back ? actions.href(back) : null}
        failure={arrival?.slug === ws.slug ? arrival.message : null}
        ensureIntakeId={() => actions.ensureIntakeId(ws.slug)}
        save={(patch) => actions.submitStep(ws, patch)}
      />
    </Page>
  );
}
