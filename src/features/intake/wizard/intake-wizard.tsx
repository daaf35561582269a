import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Suspense, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { offersExtension } from '@/api/accounts/extensions';
import { accountQueries } from '@/api/accounts/queries';
import { hasStatus, isApiError, type ApiError } from '@/api/errors';
import { useCreateIntake, useUpdateIntake } from '@/api/intakes/mutations';
import { forgetUntilVisit } from '@/api/intakes/notes';
import { intakeQueries } from '@/api/intakes/queries';
import type { Intake } from '@/api/intakes/schemas';
import { patientConsultations } from '@/api/rooms/consultations';
import { roomQueries } from '@/api/rooms/queries';
import type { Consultation, Room } from '@/api/rooms/schemas';
import { availableVisitKinds, isRoomClosed, roomVisitKinds } from '@/api/rooms/visit-settings';
import {
  INTAKE_TYPE_FOR_KIND,
  VISIT_KIND_LABEL,
  VISIT_KIND_TITLE,
  visitKindOf,
  type VisitKind,
} from '@/api/visits/kinds';
import { visitQueries } from '@/api/visits/queries';
import { listVisits } from '@/api/visits/requests';
import { useAddEconsultVisit, useAddWalkinVisit, useBookVisit } from '@/api/visits/mutations';
import { VISIT_STATUS, type Visit } from '@/api/visits/schemas';
import { ErrorState, Spinner } from '@/components/feedback/status';
import { Page } from '@/components/layout/page';
import { Button } from '@/components/ui/button';
import { FormError } from '@/components/ui/field';
import { paths } from '@/config/paths';
import {
  appliesTo,
  CUSTOM_FIELDS,
  customSeconds,
  customValue,
  DraftProvider,
  providerIdOf,
  savedVisitKind,
  StepFailure,
  stepsDone,
  withStepDone,
  type IntakePatch,
  type StepRegistry,
  type StepScreen,
} from '@/wizard';
import { GenericFormStep } from '../forms/generic-form-step';
import { keepAnswers, useKeptAnswersSelect, withKeptAnswers } from '../model/kept-answers';
import { readSteps, type WizardStep } from '../model/steps';
import { SkipNote, type SkipReason } from '../steps/skip-note';

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

/** Booking conflicts the patient holds herself (docs/spec-decisions.md): the server's words say which. */
const OWN_BOOKING_CONFLICTS = new Set(['already_booked', 'appointment_overlap']);

export type ResolvedStep = { kind: 'screen'; Screen: StepScreen } | { kind: 'skip'; reason: SkipReason };

/** Which screen shows a step: its own, a generic form built from its sections, or a skip note. */
export function resolveStep(ws: WizardStep, registry: StepRegistry): ResolvedStep {
  if (!ws.step) return { kind: 'skip', reason: 'malformed' };
  if (registry.has(ws.step.code)) {
    const definition = registry.get(ws.step.code);
    return definition
      ? { kind: 'screen', Screen: definition.Screen }
      : { kind: 'skip', reason: 'not-yet-available' };
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

function Wizard({ accountCode, roomCode, stepSlug, intakeId, requestedKind, registry }: IntakeWizardProps) {
  const account = useQuery(accountQueries.detail(accountCode));
  // Read from the record the wizard waits for, so the kinds are never decided before it is known.
  const econsultRooms = offersExtension(account.data, 'econsult-rooms');
  const room = useQuery(roomQueries.detail(roomCode));
  // The server's intake completed from what this browser kept (a server may drop custom fields).
  const keptAnswers = useKeptAnswersSelect();
  const intake = useQuery({
    ...intakeQueries.detail(intakeId ?? ''),
    enabled: Boolean(intakeId),
    select: keptAnswers,
  });
  // A walk-in already waiting in this room: a new one is not started, the patient is led back to it.
  const roomVisits = useQuery({
    ...visitQueries.list({ room_code: roomCode }),
    enabled: !intakeId && Boolean(room.data && roomVisitKinds(room.data, econsultRooms).includes('walkin')),
  });

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

  const offered = availableVisitKinds(room.data, econsultRooms);
  const kind = chosenKind(
    roomVisitKinds(room.data, econsultRooms),
    intakeId ? (intake.data ?? null) : null,
    offered,
    requestedKind,
  );
  if (!kind && offered.length === 0) {
    return (
      <Page title={room.data.name}>
        <p>This room is not taking new visits right now.</p>
        <p>
          <Link to={paths.patient.room(roomCode)}>See what this room offers</Link>
        </p>
      </Page>
    );
  }
  const waiting = !intakeId && kind === 'walkin' ? waitingWalkinOf(roomVisits.data) : undefined;
  if (!intakeId && kind === 'walkin' && roomVisits.isPending) {
    return (
      <Page title="Your visit">
        <Spinner label="Getting your visit ready…" />
      </Page>
    );
  }
  if (waiting) return <AlreadyWaiting room={room.data} visitId={waiting.id} />;
  if (!kind) {
    return (
      <KindChooser roomCode={roomCode} room={room.data} kinds={offered} steps={steps} registry={registry} />
    );
  }
  return (
    <Flow
      roomCode={roomCode}
      room={room.data}
      kind={kind}
      steps={stepsFor(steps, kind, registry)}
      stepSlug={stepSlug}
      intakeId={intakeId}
      intake={intakeId ? (intake.data ?? null) : null}
      registry={registry}
    />
  );
}

/** The patient's own walk-in still waiting (pending or confirmed) in a room, if any. */
function waitingWalkinOf(visits: Visit[] | undefined): Visit | undefined {
  return visits?.find(
    (v) =>
      visitKindOf(v) === 'walkin' &&
      (v.status === VISIT_STATUS.pending || v.status === VISIT_STATUS.confirmed),
  );
}

/** The same room's queue already holds this patient: no second walk-in, the way back to the first. */
function AlreadyWaiting({ room, visitId }: { room: Room; visitId: string }) {
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

/**
 * The kind of visit this intake ends in: the one saved on the intake (while the room still offers
 * it), else the room's only kind, else none yet (the patient chooses). An intake saved before kinds
 * were recorded follows its `type`: 2 is scheduling.
 */
function chosenKind(
  offeredAtAll: VisitKind[],
  intake: Intake | null,
  offered: VisitKind[],
  requested: VisitKind | undefined,
): VisitKind | null {
  const saved = savedVisitKind(intake);
  if (saved && offeredAtAll.includes(saved)) return saved;
  if (intake && String(intake.type) === '2' && offeredAtAll.includes('appointment')) return 'appointment';
  if (!intake && requested && offered.includes(requested)) return requested;
  if (offered.length === 1) return offered[0] ?? null;
  if (intake && offered[0]) return offered[0];
  return null;
}

/** The flow for one kind: steps that do not apply to it are passed over silently, and positions renumbered. */
export function stepsFor(steps: WizardStep[], kind: VisitKind, registry: StepRegistry): WizardStep[] {
  const kept = steps.filter((s) => !s.step || appliesTo(registry.get(s.step.code), kind));
  const counters = { intake: 0, post: 0 };
  return kept.map((s) => ({ ...s, indexInPhase: counters[s.phase]++ }));
}

function KindChooser({
  roomCode,
  room,
  kinds,
  steps,
  registry,
}: {
  roomCode: string;
  room: Room;
  kinds: VisitKind[];
  steps: WizardStep[];
  registry: StepRegistry;
}) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const createIntake = useCreateIntake();
  const busy = useRef(false);
  const [isBusy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [choice, setChoice] = useState<VisitKind | null>(null);

  const start = (kind: VisitKind) => {
    if (busy.current) return;
    busy.current = true;
    setBusy(true);
    setFailure(null);
    void (async () => {
      try {
        const ref = await createIntake.mutateAsync({
          room_code: roomCode,
          type: INTAKE_TYPE_FOR_KIND[kind],
          custom: { [CUSTOM_FIELDS.visitKind]: kind },
        });
        keepAnswers(ref.id, { [CUSTOM_FIELDS.visitKind]: kind });
        await queryClient.fetchQuery({ ...intakeQueries.detail(ref.id), staleTime: 0 });
        const first = stepsFor(steps, kind, registry).find((s) => s.phase === 'intake');
        await navigate(paths.patient.intake(roomCode, first?.slug, ref.id));
      } catch (error) {
        const reason = isApiError(error) ? error.userMessage : 'Something went wrong.';
        setFailure(`${reason} Please try again.`);
      } finally {
        busy.current = false;
        setBusy(false);
      }
    })();
  };

  return (
    <Page title={`How would you like to be seen?`}>
      <p className="wizard-progress">{room.name}</p>
      <ClosedRoomNote room={room} kinds={kinds} />
      <form
        className="step-form"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          if (choice) start(choice);
          else setFailure('Choose how you would like to be seen.');
        }}
      >
        <fieldset disabled={isBusy} className="field field-radio choice-list">
          <legend>{room.name} offers these kinds of visit</legend>
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
            Back
          </Link>
          <Button type="submit" isBusy={isBusy} busyLabel="Please wait…">
            Continue
          </Button>
        </div>
      </form>
    </Page>
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

function decideView({ steps, stepSlug, intake, intakeId, roomCode, kind }: FlowProps): View {
  // Before the intake exists the address carries the chosen kind, so a reload keeps it.
  const url = (s: WizardStep) =>
    intakeId
      ? paths.patient.intake(roomCode, s.slug, intakeId)
      : paths.patient.intakeStart(roomCode, kind, s.slug);
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

/** What each kind of visit says on its last button, and when its creation fails. */
const KIND_WORDS: Record<VisitKind, { start: string; failed: string; done: string; noun: string }> = {
  walkin: {
    start: 'Start my visit',
    failed: 'start your visit',
    done: 'Your visit is set up.',
    noun: 'visit',
  },
  econsult: {
    start: 'Send my e-consult',
    failed: 'send your e-consult',
    done: 'Your e-consult has been sent.',
    noun: 'e-consult',
  },
  appointment: {
    start: 'Book my appointment',
    failed: 'book your appointment',
    done: 'Your appointment is booked.',
    noun: 'appointment',
  },
};

/** Where a `beforeVisit` hook or the visit's creation sends the patient back to, with the reason. */
interface ReturnState {
  stepFailure?: { slug: string; message: string };
}

function readReturnState(state: unknown): ReturnState['stepFailure'] | null {
  if (typeof state !== 'object' || state === null || !('stepFailure' in state)) return null;
  const failure = (state as ReturnState).stepFailure;
  return failure && typeof failure.slug === 'string' && typeof failure.message === 'string' ? failure : null;
}

/** The consultation chosen on an earlier step, if it is still one of the room's. */
function chosenConsultation(room: Room, intake: Intake | null): Consultation | null {
  const id = customValue(intake, CUSTOM_FIELDS.consultationId);
  return id ? (patientConsultations(room).find((c) => c.id === id) ?? null) : null;
}

function Flow(props: FlowProps) {
  const { roomCode, room, kind, steps, intakeId, intake, registry } = props;
  const navigate = useNavigate();
  const location = useLocation();
  const queryClient = useQueryClient();
  const createIntake = useCreateIntake();
  const updateIntake = useUpdateIntake();
  const addWalkin = useAddWalkinVisit();
  const addEconsult = useAddEconsultVisit();
  const bookVisit = useBookVisit();
  const finishing = useRef<Promise<string> | null>(null);
  /** The intake made by `ensureIntakeId` or a first save, before the address bar carries its id. */
  const created = useRef<Promise<string> | null>(null);

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
  const url = (s: WizardStep, id: string | undefined) =>
    id ? paths.patient.intake(roomCode, s.slug, id) : paths.patient.intakeStart(roomCode, kind, s.slug);
  const consultation = chosenConsultation(room, intake);

  /**
   * The fresh intake after a write, read from the server (it carries `visit_id` once a visit exists)
   * and completed from what this browser kept.
   */
  const readIntake = async (id: string) =>
    withKeptAnswers(await queryClient.fetchQuery({ ...intakeQueries.detail(id), staleTime: 0 }));

  /** Creates the intake once for this wizard, typed by the visit kind, with the first answers. */
  const createOnce = (patch: IntakePatch): Promise<string> => {
    const custom = { ...patch.custom, [CUSTOM_FIELDS.visitKind]: kind };
    created.current ??= createIntake
      .mutateAsync({ room_code: roomCode, type: INTAKE_TYPE_FOR_KIND[kind], ...patch.fields, custom })
      .then((ref) => {
        keepAnswers(ref.id, custom, patch.fields);
        return ref.id;
      })
      .catch((error: unknown) => {
        created.current = null;
        throw error;
      });
    return created.current;
  };

  /** Creates the intake or updates it, recording `slug` as passed. Returns the intake id. */
  const save = async (slug: string | null, patch: IntakePatch): Promise<string> => {
    const custom = {
      ...patch.custom,
      ...(slug ? { [CUSTOM_FIELDS.stepsDone]: withStepDone(intake, slug) } : {}),
    };
    const id = intakeId ?? (created.current ? await created.current : null);
    if (!id) return createOnce({ ...patch, custom });
    await updateIntake.mutateAsync({ id, ...patch.fields, custom });
    keepAnswers(id, custom, patch.fields);
    return id;
  };

  /** The intake id for a step that needs it before its first save (a coupon check, say). */
  const ensureIntakeId = async (slug: string): Promise<string> => {
    if (intakeId) return intakeId;
    const id = created.current ? await created.current : await createOnce({});
    await readIntake(id);
    const here = steps.find((s) => s.slug === slug);
    if (here) await navigate(url(here, id), { replace: true });
    return id;
  };

  /** Creates the visit of this kind; the strategy per kind (DESIGN.md section 4). */
  const createVisit = async (id: string, latest: Intake): Promise<Visit> => {
    switch (kind) {
      case 'walkin':
        return addWalkin.mutateAsync({
          intake_id: id,
          room_code: roomCode,
          provider_id: providerIdOf(latest) ?? undefined,
        });
      case 'econsult':
        return addEconsult.mutateAsync({ intake_id: id, room_code: roomCode });
      case 'appointment': {
        const start = customSeconds(latest, CUSTOM_FIELDS.slotStart);
        const end = customSeconds(latest, CUSTOM_FIELDS.slotEnd);
        if (start === null || end === null) {
          throw new StepFailure('Choose a time for your appointment first.', { stepCode: 'schedule' });
        }
        try {
          return await bookVisit.mutateAsync({
            intake_id: id,
            room_code: roomCode,
            slot_start: start,
            slot_end: end,
            provider_id:
              customValue(latest, CUSTOM_FIELDS.slotProviderId) ?? providerIdOf(latest) ?? undefined,
          });
        } catch (error) {
          if (hasStatus(error, 409)) {
            // A patient who already holds this time (a place of the session, or another appointment)
            // is told so; any other conflict means the time went to someone else.
            const own = isApiError(error) && OWN_BOOKING_CONFLICTS.has(String(error.code));
            const message =
              own && error.serverMessage
                ? error.serverMessage
                : 'That time was just taken by someone else. Please choose another time.';
            throw new StepFailure(message, {
              stepCode: 'schedule',
              cause: error,
            });
          }
          throw error;
        }
      }
    }
  };

  /**
   * Runs the `beforeVisit` hooks in flow order (payment charges here), then creates the visit,
   * once per intake (case D32): concurrent calls share one run, and every attempt first re-reads
   * the intake, so a retry after a lost answer or a second tab finds the visit already made
   * instead of asking for another. The server is idempotent per intake too.
   */
  const createVisitOnce = (id: string): Promise<string> => {
    finishing.current ??= (async () => {
      const latest = await readIntake(id);
      if (latest.visit_id) return latest.visit_id;
      for (const ws of intakeSteps) {
        const definition = ws.step ? registry.get(ws.step.code) : null;
        if (!definition?.beforeVisit) continue;
        try {
          await definition.beforeVisit({
            intakeId: id,
            intake: latest,
            room,
            visitKind: kind,
            consultation: chosenConsultation(room, latest),
            queryClient,
          });
        } catch (error) {
          if (error instanceof StepFailure && !error.stepCode && ws.step) {
            throw new StepFailure(error.message, { stepCode: ws.step.code, cause: error });
          }
          throw error;
        }
      }
      const visit = await createVisit(id, latest).catch((error: unknown) => {
        // A server that checks payment found none for this visit: back to the payment step with its words.
        if (!hasStatus(error, 402)) throw error;
        const words =
          isApiError(error) && error.userMessage === error.serverMessage ? error.serverMessage : null;
        throw new StepFailure(words ?? 'The clinic has not received a payment for this visit.', {
          stepCode: 'payment',
          cause: error,
        });
      });
      // What mattered only until the visit existed (a charge record, say) is no longer kept.
      forgetUntilVisit(id);
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

  const finish = async (id: string, from: WizardStep | null) => {
    // Joined this room's queue meanwhile (another tab): lead back to that place, never a second walk-in.
    if (kind === 'walkin' && !(await readIntake(id)).visit_id) {
      const other = waitingWalkinOf(await listVisits({ room_code: roomCode }).catch(() => []));
      if (other) {
        await navigate(paths.patient.visit(other.id));
        return;
      }
    }
    let visitId: string;
    try {
      visitId = await createVisitOnce(id);
    } catch (error) {
      if (error instanceof StepFailure) {
        const target = error.stepCode ? intakeSteps.find((s) => s.step?.code === error.stepCode) : undefined;
        // A failure that belongs to another step sends the patient there, with the reason and every answer kept.
        if (target && target.slug !== from?.slug) {
          const state: ReturnState = { stepFailure: { slug: target.slug, message: error.message } };
          await navigate(url(target, id), { state });
          return;
        }
        throw error;
      }
      // A refusal (4xx other than a conflict or a rate limit) will not change on a retry: say what to do instead.
      if (isApiError(error) && error.kind === 'http' && [400, 403, 404, 422].includes(error.status ?? 0)) {
        throw new StepFailure(
          `Your answers are saved, but ${room.name} is not taking this ${KIND_WORDS[kind].noun} from you right now. Please choose another room, or contact the clinic.`,
          { cause: error },
        );
      }
      const reason = isApiError(error) ? error.userMessage : 'Something went wrong. Please try again.';
      throw new StepFailure(
        `Your answers are saved, but we could not ${KIND_WORDS[kind].failed}. ${reason}`,
        {
          cause: error,
        },
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
      await finish(id, ws);
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

  const words = KIND_WORDS[kind];

  if (view.type === 'finish') {
    return (
      <Page title={words.start.replace(' my ', ' your ')}>
        <FinishPanel
          label={words.start}
          roomName={room.name}
          hasAnswers={Boolean(intake)}
          onStart={async () => {
            const id = intakeId ?? (await save(null, {}));
            await finish(id, null);
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
    (ws.phase === 'intake' && isLastOfPhase ? words.start : isLastOfPhase ? 'Finish' : 'Continue');
  const previous = phaseSteps[ws.indexInPhase - 1];
  const backHref = previous
    ? url(previous, intakeId)
    : ws.phase === 'intake'
      ? paths.patient.room(roomCode)
      : null;
  const resolved = resolveStep(ws, registry);
  const arrival = readReturnState(location.state);
  const failure = arrival?.slug === ws.slug ? arrival.message : null;

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
          onContinue={() => submitStep(ws, {})}
        />
      ) : (
        // A step whose code loads on demand (see the registry) shows this until it has arrived.
        <Suspense key={ws.slug} fallback={<Spinner label="Loading this step…" />}>
          <resolved.Screen
            key={ws.slug}
            step={ws.step}
            slug={ws.slug}
            title={ws.title}
            room={room}
            visitKind={kind}
            consultation={consultation}
            intake={intake}
            ensureIntakeId={() => ensureIntakeId(ws.slug)}
            save={(patch) => submitStep(ws, patch)}
            submitLabel={submitLabel}
            backHref={backHref}
            failure={failure}
          />
        </Suspense>
      )}
    </Page>
  );
}

/**
 * Before anything starts in a closed room, the patient learns that nobody sees them live now and
 * when an answer comes: an e-consult is read and answered in writing once the room opens.
 */
function ClosedRoomNote({ room, kinds }: { room: Room; kinds: VisitKind[] }) {
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
      <>
        <p className="wizard-progress">
          {VISIT_KIND_TITLE[kind]} · {room.name} · Step {ws.indexInPhase + 1} of {total}
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
        After your {KIND_WORDS[kind].noun} is set up · {ws.indexInPhase + 1} of {total}
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
          error instanceof StepFailure || isApiError(error)
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

function messageOf(error: StepFailure | ApiError): string {
  return error instanceof StepFailure ? error.message : error.userMessage;
}
