import { useQueryClient } from '@tanstack/react-query';
import { useRef } from 'react';
import { useNavigate } from 'react-router';
import { useCreateIntake, useUpdateIntake } from '@/api/intakes/mutations';
import type { Intake } from '@/api/intakes/schemas';
import type { Room } from '@/api/rooms/schemas';
import { INTAKE_TYPE_FOR_KIND } from '@/api/visits/kinds';
import { useAddEconsultVisit, useAddWalkinVisit, useBookVisit } from '@/api/visits/mutations';
import { visitQueries } from '@/api/visits/queries';
import { paths } from '@/config/paths';
import { CUSTOM_FIELDS, withStepDone, type IntakePatch, type StepRegistry } from '@/wizard';
import { keepAnswers } from '../model/kept-answers';
import type { WizardStep } from '../model/steps';
import { hrefOf, type ReturnState } from './addresses';
import { createVisitOnce, creationFailure } from './create-visit';
import { afterVisit, nextAfter, stepToRevisit, type Flow, type Target } from './flow';
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

  /** Creates the intake or updates it, recording `slug` as passed. */
  const save = async (slug: string | null, patch: IntakePatch): Promise<Saved> => {
    const custom = {
      ...patch.custom,
      ...(slug ? { [CUSTOM_FIELDS.stepsDone]: withStepDone(intake, slug) } : {}),
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

  /** A step's button: save, then the next step, the visit's creation, or the visit page. */
  const submitStep = async (ws: WizardStep, patch: IntakePatch) => {
    const saved = await save(ws.slug, patch);
    const next = nextAfter(flow, ws);
    if (next.type === 'step') {
      await navigate(href({ to: 'step', step: next.step }, saved.id));
      return;
    }
    const latest = await saved.latest();
    if (next.type === 'create-visit') {
      await finish(saved.id, latest, ws);
      return;
    }
    await navigate(latest.visit_id ? paths.patient.visit(latest.visit_id) : paths.patient.visits());
  };

  /** The finish panel's button: nothing to save on an intake that exists, so it is read once; else made. */
  const start = async () => {
    if (intakeId) {
      await finish(intakeId, await readIntakeNow(queryClient, intakeId), null);
      return;
    }
    const saved = await save(null, {});
    await finish(saved.id, await saved.latest(), null);
  };

  return { href, submitStep, ensureIntakeId, start };
}
