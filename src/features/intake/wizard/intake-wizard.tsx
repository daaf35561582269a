import { t } from '@lingui/core/macro';
import { useQuery } from '@tanstack/react-query';
import { accountQueries } from '@/api/accounts/queries';
import { roomQueries } from '@/api/rooms/queries';
import type { VisitKind } from '@telehealth/client/visits/kinds';
import { visitQueries } from '@/api/visits/queries';
import { Spinner } from '@/components/feedback/status';
import { Page } from '@/components/layout/page';
import { DraftProvider, type StepRegistry } from '@/wizard';
import { planFlow } from './flow';
import { offeredKinds, openWizard } from './opening';
import { useLatestIntake } from './latest-intake';
import { FlowScreen } from './screens/flow-screen';
import { KindChooser } from './screens/kind-chooser';
import { AccountFailure, IntakeFailure, RoomFailure } from './screens/load-failures';
import { AlreadyWaiting, NotTakingVisits } from './screens/room-notes';

export interface IntakeWizardProps {
  /** The clinic account whose `intake_steps` and `post_intake_steps` drive the flow. */
  accountCode: string;
  roomCode: string;
  /** The step in the address bar; missing means "wherever this intake is up to". */
  stepSlug?: string;
  /** The intake being filled in, from the address bar; missing until the first step is saved. */
  intakeId?: string;
  /** The kind chosen on the room page (`?kind=`), used until the intake records one. */
  requestedKind?: VisitKind;
  registry: StepRegistry;
}

/**
 * The intake wizard (DESIGN.md section 4, spec 4.3): the account's steps in order, one per address,
 * saved on the intake as the patient goes. The intake is created at the first step and updated at
 * each next one; when every intake step is passed the visit is created once, then the post-intake
 * steps run and the patient lands on the visit page. What shows is decided by `flow.ts`; what
 * happens on a click by `useIntakeFlow`.
 */
export function IntakeWizard(props: IntakeWizardProps) {
  return (
    <DraftProvider>
      <Wizard {...props} />
    </DraftProvider>
  );
}

function Wizard({ accountCode, roomCode, stepSlug, intakeId, requestedKind, registry }: IntakeWizardProps) {
  const account = useQuery(accountQueries.detail(accountCode));
  const room = useQuery(roomQueries.detail(roomCode));
  const intake = useLatestIntake(intakeId);
  // A walk-in already waiting in this room: a new one is not started, the patient is led back to it.
  const roomVisits = useQuery({
    ...visitQueries.list({ room_code: roomCode }),
    enabled:
      !intakeId && Boolean(room.data && offeredKinds(account.data, room.data).atAll.includes('walkin')),
  });

  // A failed background refresh keeps the wizard (and anything typed) on screen; only a first load failure replaces it.
  if (account.isError && !account.data) {
    return (
      <Page title={t`Your visit`}>
        <AccountFailure query={account} />
      </Page>
    );
  }
  if (room.isError && !room.data) {
    return (
      <Page title={t`Your visit`}>
        <RoomFailure query={room} />
      </Page>
    );
  }
  if (intakeId && intake.isError && !intake.data) {
    return (
      <Page title={t`Your visit`}>
        <IntakeFailure query={intake} roomCode={roomCode} />
      </Page>
    );
  }
  // Read from the records the wizard waits for, so the kinds are never decided before they are known.
  const opening =
    account.data && room.data && (!intakeId || intake.data)
      ? openWizard({
          account: account.data,
          room: room.data,
          intake: intakeId ? (intake.data ?? null) : null,
          requestedKind,
          roomVisits: roomVisits.data,
          roomVisitsPending: roomVisits.isPending,
        })
      : ({ type: 'loading' } as const);
  if (opening.type === 'loading' || !account.data || !room.data) {
    return (
      <Page title={t`Your visit`}>
        <Spinner label={t`Getting your visit ready…`} />
      </Page>
    );
  }
  switch (opening.type) {
    case 'closed':
      return (
        <Page title={room.data.name}>
          <NotTakingVisits roomCode={roomCode} />
        </Page>
      );
    case 'already-waiting':
      return <AlreadyWaiting room={room.data} visitId={opening.visitId} />;
    case 'choose-kind': {
      const clinic = account.data;
      return (
        <KindChooser
          roomCode={roomCode}
          room={room.data}
          kinds={opening.kinds}
          firstStepOf={(kind) =>
            planFlow({ account: clinic, registry, kind, roomCode, intake: null }).intakeSteps[0]
          }
        />
      );
    }
    case 'flow':
      return (
        <FlowScreen
          account={account.data}
          roomCode={roomCode}
          room={room.data}
          kind={opening.kind}
          stepSlug={stepSlug}
          intakeId={intakeId}
          intake={intakeId ? (intake.data ?? null) : null}
          registry={registry}
        />
      );
  }
}
