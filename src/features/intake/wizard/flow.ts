import { t } from '@lingui/core/macro';
import type { Account } from '@telehealth/client/accounts/schemas';
import type { Intake } from '@telehealth/client/intakes/schemas';
import { patientConsultations } from '@/api/rooms/consultations';
import type { Consultation, Room } from '@telehealth/client/rooms/schemas';
import type { VisitKind } from '@telehealth/client/visits/kinds';
import {
  appliesTo,
  CUSTOM_FIELDS,
  customValue,
  stepsDone,
  stepsKnown,
  type KnownAnswer,
  type StepRegistry,
} from '@/wizard';
import { readSteps, type WizardStep } from '../model/steps';
import { kindWords } from './kind-words';

/**
 * The wizard as a flow (DESIGN.md section 4, spec 4.3), decided without side effects: from the
 * account's steps, the intake as last read and the kind of visit (`opening.ts` decides it from the
 * room and the server's extensions), what the patient sees, what is done, what comes next and
 * whether the visit can be created. Screens render it; `useIntakeFlow` acts on it.
 */

/** The flow for one kind: steps that do not apply to it are passed over silently, and positions renumbered. */
export function stepsFor(steps: WizardStep[], kind: VisitKind, registry: StepRegistry): WizardStep[] {
  const kept = steps.filter((s) => !s.step || appliesTo(registry.get(s.step.code), kind));
  const counters = { intake: 0, post: 0 };
  return kept.map((s) => ({ ...s, indexInPhase: counters[s.phase]++ }));
}

/** Where the wizard sends the patient. */
export type Target =
  | { to: 'step'; step: WizardStep }
  | { to: 'visit'; visitId: string }
  /** Nothing left to ask: the review and the button that commits. */
  | { to: 'review' }
  /** The room's page (Back from the first step). */
  | { to: 'room' }
  /** The same intake in the room it belongs to (an address naming another room). */
  | { to: 'other-room'; roomCode: string };

export type FlowView =
  | { type: 'step'; step: WizardStep }
  /** Every intake step is passed (or there are none) and no visit exists yet. */
  | { type: 'finish' }
  | { type: 'redirect'; target: Target };

export interface FlowInput {
  account: Pick<Account, 'intake_steps' | 'post_intake_steps'>;
  /** Which steps apply to which kind (`StepDefinition.kinds`). */
  registry: StepRegistry;
  kind: VisitKind;
  roomCode: string;
  /** The intake as last read (with what this browser kept), null before it exists. */
  intake: Intake | null;
  /** The step in the address bar; missing means "wherever this intake is up to". */
  stepSlug?: string;
  /** Answers already known (slug -> answer) for intake steps not passed yet: confirmed, not asked. */
  known?: ReadonlyMap<string, KnownAnswer>;
}

export interface Flow {
  kind: VisitKind;
  /** Intake steps, then post-intake steps, of this kind, in order. */
  steps: WizardStep[];
  intakeSteps: WizardStep[];
  postSteps: WizardStep[];
  /** Slugs the intake records as passed. */
  done: ReadonlySet<string>;
  /** Steps not passed whose answers are known: the wizard does not ask; the review confirms those before the visit. */
  known: ReadonlyMap<string, KnownAnswer>;
  /** The intake steps the patient is shown: every step but those known and not passed. */
  askedSteps: WizardStep[];
  visitId: string | null;
  /** Every intake step is passed and no visit exists yet: the last click creates it. */
  canCreateVisit: boolean;
  view: FlowView;
}

function decideView(input: FlowInput, flow: Omit<Flow, 'view'>): FlowView {
  const { intake, roomCode, stepSlug } = input;
  const { intakeSteps, postSteps, done, known, visitId } = flow;
  const intakeRoom = typeof intake?.room_code === 'string' && intake.room_code ? intake.room_code : roomCode;
  if (intakeRoom !== roomCode)
    return { type: 'redirect', target: { to: 'other-room', roomCode: intakeRoom } };
  const current = flow.steps.find((s) => s.slug === stepSlug);
  const show = (step: WizardStep): FlowView => ({ type: 'step', step });
  const goTo = (step: WizardStep): FlowView => ({ type: 'redirect', target: { to: 'step', step } });

  if (visitId) {
    // The visit exists: the intake steps are behind the patient; only the post-intake steps remain.
    const firstOpen = postSteps.find((s) => !done.has(s.slug) && !known.has(s.slug));
    if (current?.phase === 'post' && (!firstOpen || current.indexInPhase <= firstOpen.indexInPhase)) {
      return show(current);
    }
    return firstOpen ? goTo(firstOpen) : { type: 'redirect', target: { to: 'visit', visitId } };
  }
  // Known answers are passed over; "Change" on the review may still open their steps.
  const firstOpen = intakeSteps.find((s) => !done.has(s.slug) && !known.has(s.slug));
  if (!intake) {
    if (!firstOpen) return current?.phase === 'intake' ? show(current) : { type: 'finish' };
    return current?.phase === 'intake' && current.indexInPhase <= firstOpen.indexInPhase
      ? show(current)
      : goTo(firstOpen);
  }
  if (firstOpen) {
    if (current?.phase === 'intake' && current.indexInPhase <= firstOpen.indexInPhase) return show(current);
    return goTo(firstOpen);
  }
  // All intake steps passed without a visit (its creation failed, or its answer was lost): the
  // patient may look back over the steps, and anywhere else is offered to start the visit.
  if (current?.phase === 'intake') return show(current);
  return { type: 'finish' };
}

/** The flow of one kind of visit for the intake as last read and the step in the address. */
export function planFlow(input: FlowInput): Flow {
  const all = readSteps(input.account.intake_steps, input.account.post_intake_steps);
  const steps = stepsFor(all, input.kind, input.registry);
  const intakeSteps = steps.filter((s) => s.phase === 'intake');
  const postSteps = steps.filter((s) => s.phase === 'post');
  const done = stepsDone(input.intake);
  const visitId = input.intake?.visit_id ?? null;
  const known = new Map([...(input.known ?? [])].filter(([slug]) => !done.has(slug)));
  // Shown to the patient: every step but those known (now, or when they were saved unasked).
  const savedKnown = stepsKnown(input.intake);
  const askedSteps = intakeSteps.filter((s) => !known.has(s.slug) && !savedKnown.has(s.slug));
  const canCreateVisit = !visitId && intakeSteps.every((s) => done.has(s.slug) || known.has(s.slug));
  const flow = {
    kind: input.kind,
    steps,
    intakeSteps,
    postSteps,
    done,
    known,
    askedSteps,
    visitId,
    canCreateVisit,
  };
  return { ...flow, view: decideView(input, flow) };
}

/** What a step's button leads to once the step is saved. */
export type Next =
  | { type: 'step'; step: WizardStep }
  /** The last intake step: the visit is created. */
  | { type: 'create-visit' }
  /** The last post-intake step: the visit page. */
  | { type: 'visit' };

export function nextAfter(flow: Flow, ws: WizardStep): Next {
  if (ws.phase === 'post') {
    const next = flow.postSteps.slice(ws.indexInPhase + 1).find((s) => !flow.known.has(s.slug));
    return next ? { type: 'step', step: next } : { type: 'visit' };
  }
  // Steps passed or known are behind the patient: the next one still to answer, else the commitment.
  const next = flow.intakeSteps
    .slice(ws.indexInPhase + 1)
    .find((s) => !flow.done.has(s.slug) && !flow.known.has(s.slug));
  return next ? { type: 'step', step: next } : { type: 'create-visit' };
}

/** Whether this step's button commits (books, joins the line, sends): the review shows above it. */
export function commitsAt(flow: Flow, ws: WizardStep): boolean {
  return !flow.visitId && nextAfter(flow, ws).type === 'create-visit';
}

/** Where Back leads: the step shown before, the room from the first intake step, nowhere once the visit exists. */
export function previousOf(flow: Flow, ws: WizardStep): Target | null {
  if (ws.phase === 'post') {
    const previous = flow.postSteps[ws.indexInPhase - 1];
    return previous ? { to: 'step', step: previous } : null;
  }
  const shown = flow.intakeSteps.slice(0, ws.indexInPhase).filter((s) => flow.askedSteps.includes(s));
  const previous = shown.at(-1);
  return previous ? { to: 'step', step: previous } : { to: 'room' };
}

/** Where the patient goes once the visit exists: the first post-intake step, else the visit. */
export function afterVisit(flow: Flow, visitId: string): Target {
  const first = flow.postSteps.find((s) => !flow.done.has(s.slug) && !flow.known.has(s.slug));
  return first ? { to: 'step', step: first } : { to: 'visit', visitId };
}

/**
 * A step's button. The last intake step commits (books, joins the line, sends), so it always says
 * what this kind of visit does ("Join the waiting room", "Book my appointment", "Send my
 * e-consult"): the clinic's one label serves every kind and cannot. Other steps take the clinic's
 * own label, else "Finish" or "Continue".
 */
export function submitLabelOf(flow: Flow, ws: WizardStep): string {
  const phase = ws.phase === 'intake' ? flow.intakeSteps : flow.postSteps;
  const isLast = ws.indexInPhase === phase.length - 1;
  if (ws.phase === 'intake' && commitsAt(flow, ws)) return kindWords(flow.kind).start;
  return (
    ws.step?.next?.title?.trim() ||
    (isLast
      ? t({ message: 'Finish', context: 'button: last step' })
      : t({ message: 'Continue', context: 'button: next step' }))
  );
}

/** The intake step a failure found at the end belongs to, when it is not the one the patient is on. */
export function stepToRevisit(flow: Flow, stepCode: string | undefined, from: WizardStep | null) {
  const target = stepCode ? flow.intakeSteps.find((s) => s.step?.code === stepCode) : undefined;
  return target && target.slug !== from?.slug ? target : null;
}

/** The consultation chosen on an earlier step, if it is still one of the room's. */
export function chosenConsultation(room: Pick<Room, 'payment'>, intake: Intake | null): Consultation | null {
  const id = customValue(intake, CUSTOM_FIELDS.consultationId);
  return id ? (patientConsultations(room).find((c) => c.id === id) ?? null) : null;
}
