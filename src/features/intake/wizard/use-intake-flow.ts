import { useQueryClient } from '@tanstack/react-query';
import { useRef } from 'react';
import { useNavigate } from 'react-router';
import { useCreateIntake, useUpdateIntake } from '@/api/intakes/mutations';
import type { Intake } from '@telehealth/client/intakes/schemas';
import type { Room } from '@telehealth/client/rooms/schemas';
import { INTAKE_TYPE_FOR_KIND } from '@telehealth/client/visits/kinds';
import { useAddEconsultVisit, useAddWalkinVisit, useBookVisit } from '@/api/visits/mutations';
import { visitQueries } from '@/api/visits/queries';
import { paths } from '@/config/paths';
import { CUSTOM_FIELDS, stepsKnown, withStepsDone, type IntakePatch, type StepRegistry } from '@/wizard';
import { keepAnswers } from '../model/kept-answers';
import type { WizardStep } from '../model/steps';
import { hrefOf, type ReturnState } from './addresses';
import { createVisitOnce, creationFailure } from './create-visit';
import {
  afterVisit,
  commitsAt,
  nextAfter,
  planFlow,
  stepToRevisit,
  type Flow,
  type FlowInput,
  type Target,
} from './flow';
import { knownQuery, mergePatches } from './known';
import { answersSoFar, intakeAfterWrite, readIntakeNow } from './latest-intake';
import { waitingWalkinOf } from './opening';

export interface IntakeFlowOptions {
  roomCode: string;
  room: Room;
  flow: Flow;
  /** The intake of the address; missing until the first step is saved. */
  intakeId?: string;
  /** The intake as last read (`useLatestIntake`); null before the first save. */
  intake: Intake | null;
  stepSlug?: string;
  registry: StepRegistry;
  /** The account's steps, to plan the flow again once a save has changed what is known. */
  account: FlowInput['account'];
}

/** A save the server accepted; `latest` is the intake as read after it (read only when asked for). */
interface Saved {
  id: string;
  latest: () => Promise<Intake>;
}

/**
 * What the wizard does (DESIGN.md section 4): it saves each step on the intake (created at the
 * first save), reads the intake once after each save, and when the intake steps are passed creates
 * the visit once, then leads on. Every decision about where to go comes from `flow`.
 */
export function useIntakeFlow({
  roomCode,
  room,
  flow,
  intakeId,
  intake,
  stepSlug,
  registry,
  account,
}: IntakeFlowOptions) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const createIntake = useCreateIntake();
  const updateIntake = useUpdateIntake();
  const writes = {
    addWalkin: useAddWalkinVisit().mutateAsync,
    addEconsult: useAddEconsultVisit().mutateAsync,
    bookVisit: useBookVisit().mutateAsync,
  };
  /** The intake made by `ensureIntakeId` or a first save, before the address bar carries its id. */
  const created = useRef<Promise<string> | null>(null);
  const { kind } = flow;
  const href = (target: Target, id = intakeId) => hrefOf(target, { roomCode, kind, intakeId: id, stepSlug });

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

  /** Creates the intake or updates it, recording `slugs` as passed. */
  const save = async (slugs: readonly string[], patch: IntakePatch): Promise<Saved> => {
    const custom = {
      ...patch.custom,
      ...(slugs.length ? { [CUSTOM_FIELDS.stepsDone]: withStepsDone(intake, slugs) } : {}),
    };
    const known = intakeId ?? (created.current ? await created.current : null);
    if (!known) {
      const id = await createOnce({ ...patch, custom });
      return { id, latest: () => intakeAfterWrite(queryClient, id, 0) };
    }
    const before = answersSoFar(queryClient, known);
    await updateIntake.mutateAsync({ id: known, ...patch.fields, custom });
    keepAnswers(known, custom, patch.fields);
    return { id: known, latest: () => intakeAfterWrite(queryClient, known, before) };
  };

  /** The intake id for a step that needs it before its first save (a coupon check, say). */
  const ensureIntakeId = async (slug: string): Promise<string> => {
    if (intakeId) return intakeId;
    const id = created.current ? await created.current : await createOnce({});
    // The wizard shows the intake once the address names it: its creation read it into the cache.
    await intakeAfterWrite(queryClient, id, 0);
    const here = flow.steps.find((s) => s.slug === slug);
    if (here) await navigate(href({ to: 'step', step: here }, id), { replace: true });
    return id;
  };

  /** This patient's walk-in already waiting in the room (joined meanwhile in another tab), if any. */
  const waitingElsewhere = async () => {
    const visits = await queryClient
      .fetchQuery({ ...visitQueries.list({ room_code: roomCode }), staleTime: 0, retry: false })
      .catch(() => []);
    return waitingWalkinOf(visits);
  };

  /** The intake steps are passed: the visit is created once, then the patient is led on. */
  const finish = async (id: string, latest: Intake, from: WizardStep | null) => {
    // Never a second walk-in in a room whose line the patient joined meanwhile: back to that place.
    if (kind === 'walkin' && !latest.visit_id) {
      const other = await waitingElsewhere();
      if (other) {
        await navigate(paths.patient.visit(other.id));
        return;
      }
    }
    let visitId: string;
    try {
      visitId = await createVisitOnce({
        intakeId: id,
        latest,
        flow,
        room,
        roomCode,
        registry,
        queryClient,
        writes,
      });
    } catch (error) {
      const failure = creationFailure(error, kind, room.name);
      const target = stepToRevisit(flow, failure.stepCode, from);
      // A failure that belongs to another step sends the patient there, with the reason and every answer kept.
      if (!target) throw failure;
      const state: ReturnState = { stepFailure: { slug: target.slug, message: failure.message } };
      await navigate(href({ to: 'step', step: target }, id), { state });
      return;
    }
    await navigate(href(afterVisit(flow, visitId), id));
  };

  /**
   * The answers known so far (profile, wallet, the only choice…), written with every save: later
   * steps read them from the intake (a schedule needs the provider and the consultation), and the
   * review shows them with a way to change each.
   */
  const knownAnswers = () => ({
    slugs: [...flow.known.keys()],
    patch: mergePatches([...flow.known.values()].map((answer) => answer.patch)),
  });

  /** A step's button: save, then the next step still to answer, the review, the visit's creation, or the visit page. */
  const submitStep = async (ws: WizardStep, patch: IntakePatch) => {
    const known = ws.phase === 'intake' ? knownAnswers() : { slugs: [], patch: {} };
    // The step's own answer wins over a known one (a "Change" of a known answer), and the step
    // counts as asked from now on; the others saved unasked are noted as known.
    const unasked = [...stepsKnown(intake), ...known.slugs].filter((slug) => slug !== ws.slug);
    const marks = { custom: { [CUSTOM_FIELDS.stepsKnown]: [...new Set(unasked)].join(',') } };
    const saved = await save([...known.slugs, ws.slug], mergePatches([known.patch, marks, patch]));
    if (ws.phase === 'intake' && commitsAt(flow, ws)) {
      // The review was above this button: the visit is made.
      await finish(saved.id, await saved.latest(), ws);
      return;
    }
    let next = nextAfter(flow, ws);
    if (ws.phase === 'intake') {
      // This answer may make a later one known (a consultation prices the payment): plan again.
      const latest = await saved.latest();
      const input = { account, registry, kind, roomCode, intake: latest };
      const nowKnown = await queryClient.fetchQuery(knownQuery({ ...input, room }, queryClient));
      next = nextAfter(planFlow({ ...input, known: nowKnown }), ws);
      // Nothing left to ask: the review, never a commitment the patient has not seen.
      if (next.type === 'create-visit') {
        await navigate(href({ to: 'review' }, saved.id));
        return;
      }
    }
    if (next.type === 'step') {
      await navigate(href({ to: 'step', step: next.step }, saved.id));
      return;
    }
    const latest = await saved.latest();
    await navigate(latest.visit_id ? paths.patient.visit(latest.visit_id) : paths.patient.visits());
  };

  /** The review's button: the known answers are saved (the intake made first if needed), then the visit. */
  const start = async () => {
    const known = knownAnswers();
    if (intakeId && known.slugs.length === 0) {
      await finish(intakeId, await readIntakeNow(queryClient, intakeId), null);
      return;
    }
    const unasked = [...new Set([...stepsKnown(intake), ...known.slugs])].join(',');
    const marks = { custom: { [CUSTOM_FIELDS.stepsKnown]: unasked } };
    const saved = await save(known.slugs, mergePatches([known.patch, marks]));
    await finish(saved.id, await saved.latest(), null);
  };

  return { href, submitStep, ensureIntakeId, start };
}
