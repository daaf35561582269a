import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router';
import type { Account } from '@/api/accounts/schemas';
import type { Intake } from '@/api/intakes/schemas';
import type { Room } from '@/api/rooms/schemas';
import type { VisitKind } from '@/api/visits/kinds';
import { Spinner } from '@/components/feedback/status';
import { Page } from '@/components/layout/page';
import type { StepRegistry } from '@/wizard';
import { readReturnState } from '../addresses';
import { chosenConsultation, planFlow, previousOf, submitLabelOf } from '../flow';
import { KIND_WORDS } from '../kind-words';
import { useIntakeFlow } from '../use-intake-flow';
import { FinishPanel } from './finish-panel';
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
  const flow = planFlow({ account, registry, kind, roomCode, intake, stepSlug });
  const actions = useIntakeFlow({ roomCode, room, flow, intakeId, intake, stepSlug, registry });
  const { view } = flow;
  const redirectTo = view.type === 'redirect' ? actions.href(view.target) : null;
  useEffect(() => {
    if (redirectTo) void navigate(redirectTo, { replace: true });
  }, [redirectTo, navigate]);

  if (view.type === 'redirect') {
    return (
      <Page title="Your visit">
        <Spinner label="Opening your answers…" />
      </Page>
    );
  }
  const words = KIND_WORDS[kind];
  if (view.type === 'finish') {
    return (
      <Page title={words.start.replace(' my ', ' your ')}>
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
        total={(ws.phase === 'intake' ? flow.intakeSteps : flow.postSteps).length}
        room={room}
        kind={kind}
        visitId={flow.visitId}
      />
      <StepHost
        ws={ws}
        registry={registry}
        room={room}
        kind={kind}
        consultation={chosenConsultation(room, intake)}
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
