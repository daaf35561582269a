import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { Link, useNavigate } from 'react-router';
import { accountQueries } from '@/api/accounts/queries';
import { hasStatus, isApiError, type ApiError } from '@/api/errors';
import { useCreateIntake, useUpdateIntake } from '@/api/intakes/mutations';
import { intakeQueries } from '@/api/intakes/queries';
import { INTAKE_TYPE, type Intake } from '@/api/intakes/schemas';
import { roomQueries } from '@/api/rooms/queries';
import type { Room } from '@/api/rooms/schemas';
import { useAddEconsultVisit, useAddWalkinVisit } from '@/api/visits/mutations';
import { ErrorState, Spinner } from '@/components/feedback/status';
import { Page } from '@/components/layout/page';
import { Button } from '@/components/ui/button';
import { FormError } from '@/components/ui/field';
import { paths } from '@/config/paths';
import { GenericFormStep } from '../forms/generic-form-step';
import {
  CUSTOM_FIELDS,
  providerIdOf,
  stepsDone,
  visitKindFor,
  withStepDone,
  type IntakePatch,
  type VisitKind,
} from '../model/answers';
import { readSteps, type WizardStep } from '../model/steps';
import { SkipNote, type SkipReason } from '../steps/skip-note';
import { WizardError } from '../steps/step-form';
import type { StepRegistry, StepScreen } from '../steps/types';
import { DraftProvider } from './drafts';

export interface IntakeWizardProps {
  /** The clinic account whose `intake_steps` and `post_intake_steps` drive the flow. */
  accountCode: string;
  roomCode: string;
  /** The step in the address bar; missing means "wherever this intake is up to". */
  stepSlug?: string;
  /** The intake being filled in, from the address bar; missing until the first step is saved. */
  intakeId?: string;
  registry: StepRegistry;
}

export type ResolvedStep = { kind: 'screen'; Screen: StepScreen } | { kind: 'skip'; reason: SkipReason };

/** Which screen shows a step: its own, a generic form built from its sections, or a skip note. */
export function resolveStep(ws: WizardStep, registry: StepRegistry): ResolvedStep {
  if (!ws.step) return { kind: 'skip', reason: 'malformed' };
  if (registry.has(ws.step.code)) {
    const Screen = registry.get(ws.step.code);
    return Screen ? { kind: 'screen', Screen } : { kind: 'skip', reason: 'not-yet-available' };
  }
  if (ws.isMalformed) return { kind: 'skip', reason: 'malformed' };
  if (ws.step.sections?.length) return { kind: 'screen', Screen: GenericFormStep };
  return { kind: 'skip', reason: 'unknown' };
}

/**
 * The intake wizard (DESIGN.md section 4, spec 4.3): the account's steps in order, one per address,
 * saved on the intake as the patient goes. The intake is created at the first step and updated at
 * each next one; when every intake step is passed the visit is created once, then the post-intake
 * steps run and the patient lands on the visit page.
 */
export function IntakeWizard(props: IntakeWizardProps) {
  return (
    <DraftProvider>
      <Wizard {...props} />
    </DraftProvider>
  );
}

function Wizard({ accountCode, roomCode, stepSlug, intakeId, registry }: IntakeWizardProps) {
  const account = useQuery(accountQueries.detail(accountCode));
  const room = useQuery(roomQueries.detail(roomCode));
  const intake = useQuery({ ...intakeQueries.detail(intakeId ?? ''), enabled: Boolean(intakeId) });

  const steps = useMemo(
    () => (account.data ? readSteps(account.data.intake_steps, account.data.post_intake_steps) : []),
    [account.data],
  );

  // A failed background refresh keeps the wizard (and anything typed) on screen; only a first load failure replaces it.
  if (account.isError && !account.data) {
    return (
      <Page title="Your visit">
        <ErrorState
          title="We could not load this clinic’s visit questions"
          error={account.error}
          onRetry={() => void account.refetch()}
        />
      </Page>
    );
  }
  if (room.isError && !room.data) {
    return (
      <Page title="Your visit">
        {hasStatus(room.error, 404) ? (
          <ErrorState title="We could not find this room" error={room.error}>
            <p>
              <Link to={paths.patient.rooms()}>Choose a room</Link>
            </p>
          </ErrorState>
        ) : (
          <ErrorState
            title="We could not load this room"
            error={room.error}
            onRetry={() => void room.refetch()}
          />
        )}
      </Page>
    );
  }
  if (intakeId && intake.isError && !intake.data) {
    const isGone = hasStatus(intake.error, 404) || hasStatus(intake.error, 403);
    return (
      <Page title="Your visit">
        {isGone ? (
          <ErrorState title="We could not find these answers" error={intake.error}>
            <p>
              <Link to={paths.patient.intake(roomCode)}>Start again</Link>
            </p>
          </ErrorState>
        ) : (
          <ErrorState
            title="We could not load your answers"
            error={intake.error}
            onRetry={() => void intake.refetch()}
          />
        )}
      </Page>
    );
  }
  if (!account.data || !room.data || (intakeId && !intake.data)) {
    return (
      <Page title="Your visit">
        <Spinner label="Getting your visit ready…" />
      </Page>
    );
  }

  const kind = visitKindFor(room.data);
  if (!kind) {
    return (
      <Page title={room.data.name}>
        <p>This room is not taking walk-in visits or e-consults right now.</p>
        <p>
          <Link to={paths.patient.room(roomCode)}>See what this room offers</Link>
        </p>
      </Page>
    );
  }
  return (
    <Flow
      roomCode={roomCode}
      room={room.data}
      kind={kind}
      steps={steps}
      stepSlug={stepSlug}
      intakeId={intakeId}
      intake={intakeId ? (intake.data ?? null) : null}
      registry={registry}
    />
  );
}

interface FlowProps {
  roomCode: string;
  room: Room;
  kind: VisitKind;
  steps: WizardStep[];
  stepSlug?: string;
  intakeId?: string;
  intake: Intake | null;
  registry: StepRegistry;
}

type View =
  | { type: 'redirect'; to: string }
  | { type: 'step'; step: WizardStep }
  /** Every intake step is passed (or there are none) and no visit exists yet. */
  | { type: 'finish' };

function decideView({ steps, stepSlug, intake, intakeId, roomCode }: FlowProps): View {
  const url = (s: WizardStep) => paths.patient.intake(roomCode, s.slug, intakeId);
  const done = stepsDone(intake);
  const intakeSteps = steps.filter((s) => s.phase === 'intake');
  const postSteps = steps.filter((s) => s.phase === 'post');
  const current = steps.find((s) => s.slug === stepSlug);
  const visitId = intake?.visit_id ?? null;

  if (visitId) {
    // The visit exists: the intake steps are behind the patient; only the post-intake steps remain.
    const firstOpen = postSteps.find((s) => !done.has(s.slug));
    if (current?.phase === 'post' && (!firstOpen || current.indexInPhase <= firstOpen.indexInPhase)) {
      return { type: 'step', step: current };
    }
    return { type: 'redirect', to: firstOpen ? url(firstOpen) : paths.patient.visit(visitId) };
  }
  if (!intake) {
    const first = intakeSteps[0];
    if (!first) return { type: 'finish' };
    return current === first ? { type: 'step', step: first } : { type: 'redirect', to: url(first) };
  }
  const firstOpen = intakeSteps.find((s) => !done.has(s.slug));
  if (firstOpen) {
    if (current?.phase === 'intake' && current.indexInPhase <= firstOpen.indexInPhase)
      return { type: 'step', step: current };
    return { type: 'redirect', to: url(firstOpen) };
  }
  // All intake steps passed without a visit (its creation failed, or its answer was lost): the
  // patient may look back over the steps, and anywhere else is offered to start the visit.
  if (current?.phase === 'intake') return { type: 'step', step: current };
  return { type: 'finish' };
}

function Flow(props: FlowProps) {
  const { roomCode, room, kind, steps, intakeId, intake, registry } = props;
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const createIntake = useCreateIntake();
  const updateIntake = useUpdateIntake();
  const addWalkin = useAddWalkinVisit();
  const addEconsult = useAddEconsultVisit();
  const finishing = useRef<Promise<string> | null>(null);

  const intakeRoom = typeof intake?.room_code === 'string' && intake.room_code ? intake.room_code : roomCode;
  const view: View =
    intakeRoom !== roomCode
      ? { type: 'redirect', to: paths.patient.intake(intakeRoom, props.stepSlug, intakeId) }
      : decideView(props);
  const redirectTo = view.type === 'redirect' ? view.to : null;
  useEffect(() => {
    if (redirectTo) void navigate(redirectTo, { replace: true });
  }, [redirectTo, navigate]);

  const intakeSteps = steps.filter((s) => s.phase === 'intake');
  const postSteps = steps.filter((s) => s.phase === 'post');
  const url = (s: WizardStep, id: string | undefined) => paths.patient.intake(roomCode, s.slug, id);

  /** The fresh intake after a write, read from the server (it carries `visit_id` once a visit exists). */
  const readIntake = (id: string) => queryClient.fetchQuery({ ...intakeQueries.detail(id), staleTime: 0 });

  /** Creates the intake or updates it, recording `slug` as passed. Returns the intake id. */
  const save = async (slug: string | null, patch: IntakePatch): Promise<string> => {
    const custom = {
      ...patch.custom,
      ...(slug ? { [CUSTOM_FIELDS.stepsDone]: withStepDone(intake, slug) } : {}),
    };
    if (!intakeId) {
      const ref = await createIntake.mutateAsync({
        room_code: roomCode,
        type: INTAKE_TYPE.walkin,
        ...patch.fields,
        custom,
      });
      return ref.id;
    }
    await updateIntake.mutateAsync({ id: intakeId, ...patch.fields, custom });
    return intakeId;
  };

  /**
   * Creates the visit once per intake (case D32): concurrent calls share one request, and every
   * attempt first re-reads the intake, so a retry after a lost answer or a second tab finds the
   * visit already made instead of asking for another. The server is idempotent per intake too.
   */
  const createVisitOnce = (id: string): Promise<string> => {
    finishing.current ??= (async () => {
      const latest = await readIntake(id);
      if (latest.visit_id) return latest.visit_id;
      const visit =
        kind === 'walkin'
          ? await addWalkin.mutateAsync({
              intake_id: id,
              room_code: roomCode,
              provider_id: providerIdOf(latest) ?? undefined,
            })
          : await addEconsult.mutateAsync({ intake_id: id, room_code: roomCode });
      await queryClient.invalidateQueries({
        queryKey: intakeQueries.detail(id).queryKey,
        exact: true,
        refetchType: 'all',
      });
      return visit.id;
    })().finally(() => {
      finishing.current = null;
    });
    return finishing.current;
  };

  const finish = async (id: string) => {
    let visitId: string;
    try {
      visitId = await createVisitOnce(id);
    } catch (error) {
      const reason = isApiError(error) ? error.userMessage : 'Something went wrong.';
      throw new WizardError(
        `Your answers are saved, but we could not ${kind === 'econsult' ? 'send your e-consult' : 'start your visit'}. ${reason}`,
        { cause: error },
      );
    }
    const firstPost = postSteps[0];
    await navigate(firstPost ? url(firstPost, id) : paths.patient.visit(visitId));
  };

  const submitStep = async (ws: WizardStep, patch: IntakePatch) => {
    const id = await save(ws.slug, patch);
    if (ws.phase === 'intake') {
      const next = intakeSteps[ws.indexInPhase + 1];
      if (next) {
        await navigate(url(next, id));
        return;
      }
      await finish(id);
      return;
    }
    const next = postSteps[ws.indexInPhase + 1];
    if (next) {
      await navigate(url(next, id));
      return;
    }
    const visitId = (await readIntake(id)).visit_id;
    await navigate(visitId ? paths.patient.visit(visitId) : paths.patient.visits());
  };

  if (view.type === 'redirect') {
    return (
      <Page title="Your visit">
        <Spinner label="Opening your answers…" />
      </Page>
    );
  }

  const startLabel = kind === 'econsult' ? 'Send my e-consult' : 'Start my visit';

  if (view.type === 'finish') {
    return (
      <Page title={kind === 'econsult' ? 'Send your e-consult' : 'Start your visit'}>
        <FinishPanel
          label={startLabel}
          roomName={room.name}
          hasAnswers={Boolean(intake)}
          onStart={async () => {
            const id = intakeId ?? (await save(null, {}));
            await finish(id);
          }}
        />
      </Page>
    );
  }

  const ws = view.step;
  const phaseSteps = ws.phase === 'intake' ? intakeSteps : postSteps;
  const isLastOfPhase = ws.indexInPhase === phaseSteps.length - 1;
  const submitLabel =
    ws.step?.next?.title?.trim() ||
    (ws.phase === 'intake' && isLastOfPhase ? startLabel : isLastOfPhase ? 'Finish' : 'Continue');
  const previous = phaseSteps[ws.indexInPhase - 1];
  const backHref = previous
    ? url(previous, intakeId)
    : ws.phase === 'intake'
      ? paths.patient.room(roomCode)
      : null;
  const resolved = resolveStep(ws, registry);
  const onSubmit = (patch: IntakePatch) => submitStep(ws, patch);

  return (
    <Page title={ws.title}>
      <StepHeader
        ws={ws}
        total={phaseSteps.length}
        room={room}
        kind={kind}
        visitId={intake?.visit_id ?? null}
      />
      {resolved.kind === 'skip' || !ws.step ? (
        <SkipNote
          key={ws.slug}
          slug={ws.slug}
          title={ws.title}
          reason={resolved.kind === 'skip' ? resolved.reason : 'malformed'}
          submitLabel={submitLabel}
          backHref={backHref}
          onContinue={() => onSubmit({})}
        />
      ) : (
        <resolved.Screen
          key={ws.slug}
          step={ws.step}
          slug={ws.slug}
          title={ws.title}
          room={room}
          visitKind={kind}
          intake={intake}
          submitLabel={submitLabel}
          backHref={backHref}
          onSubmit={onSubmit}
        />
      )}
    </Page>
  );
}

function StepHeader({
  ws,
  total,
  room,
  kind,
  visitId,
}: {
  ws: WizardStep;
  total: number;
  room: Room;
  kind: VisitKind;
  visitId: string | null;
}) {
  if (ws.phase === 'intake') {
    return (
      <p className="wizard-progress">
        {kind === 'econsult' ? 'E-consult' : 'Walk-in visit'} · {room.name} · Step {ws.indexInPhase + 1} of{' '}
        {total}
      </p>
    );
  }
  return (
    <>
      {ws.indexInPhase === 0 ? (
        <p className="banner banner-success" role="status">
          {kind === 'econsult' ? 'Your e-consult has been sent.' : 'Your visit is set up.'} A few more
          questions before you go on.
        </p>
      ) : null}
      <p className="wizard-progress">
        After your {kind === 'econsult' ? 'e-consult' : 'visit'} is set up · {ws.indexInPhase + 1} of {total}
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

function FinishPanel({
  label,
  roomName,
  hasAnswers,
  onStart,
}: {
  label: string;
  roomName: string;
  hasAnswers: boolean;
  onStart: () => Promise<void>;
}) {
  const busy = useRef(false);
  const [isBusy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const start = () => {
    if (busy.current) return;
    busy.current = true;
    setBusy(true);
    setFailure(null);
    onStart()
      .catch((error: unknown) =>
        setFailure(
          error instanceof WizardError || isApiError(error)
            ? messageOf(error)
            : 'Something went wrong. Please try again.',
        ),
      )
      .finally(() => {
        busy.current = false;
        setBusy(false);
      });
  };
  const body: ReactNode = hasAnswers ? (
    <p>Your answers for {roomName} are saved.</p>
  ) : (
    <p>{roomName} needs no questions answered first.</p>
  );
  return (
    <div className="finish-panel">
      {body}
      <FormError message={failure} />
      <Button onClick={start} isBusy={isBusy} busyLabel="Please wait…">
        {label}
      </Button>
    </div>
  );
}

function messageOf(error: WizardError | ApiError): string {
  return error instanceof WizardError ? error.message : error.userMessage;
}
