import type { QueryClient } from '@tanstack/react-query';
import type { ComponentType } from 'react';
import type { IntakeStep } from '@telehealth/client/accounts/schemas';
import type { Intake } from '@telehealth/client/intakes/schemas';
import type { Consultation, Room } from '@telehealth/client/rooms/schemas';
import type { VisitKind } from '@telehealth/client/visits/kinds';
import type { IntakePatch } from './custom-fields';

/**
 * What the wizard gives every step screen (DESIGN.md section 4). A step screen in any feature
 * depends on this module only, never on the intake feature.
 */
export interface StepScreenProps {
  /** The account's definition of this step (`code`, `name`, `next`, `sections`, …). */
  step: IntakeStep;
  /** Unique in the flow and safe in a URL. */
  slug: string;
  title: string;
  room: Room;
  /** The kind of visit this intake ends in. */
  visitKind: VisitKind;
  /** The consultation the patient chose on an earlier step, if any. */
  consultation: Consultation | null;
  /** Null until the first save. */
  intake: Intake | null;
  /** The intake's id, creating the (empty) intake first when none exists yet (a payment step needs it before saving). */
  ensureIntakeId: () => Promise<string>;
  /** Saves the answers on the intake, marks this step passed, then moves on. Rejects when the save failed; the screen keeps its answers. */
  save: (patch: IntakePatch) => Promise<void>;
  submitLabel: string;
  /** Where Back goes; null on the first step after the visit exists. */
  backHref: string | null;
  /** A message to show on arrival: set when a `beforeVisit` hook sent the patient back to this step. */
  failure: string | null;
}

export type StepScreen = ComponentType<StepScreenProps>;

export interface BeforeVisitContext {
  intakeId: string;
  /** The intake as the server holds it now (re-read just before the hooks run). */
  intake: Intake;
  room: Room;
  visitKind: VisitKind;
  consultation: Consultation | null;
  queryClient: QueryClient;
}

/** What a step may read to find its answer already known (from the profile, the record, the wallet…). */
export interface KnownContext {
  /** The account's definition of the step. */
  step: IntakeStep;
  room: Room;
  visitKind: VisitKind;
  /** The consultation chosen or known so far, if any. */
  consultation: Consultation | null;
  /** The intake as last read; null before the first save. */
  intake: Intake | null;
  queryClient: QueryClient;
}

/** An answer the patient need not give again: confirmed on the review instead of asked. */
export interface KnownAnswer {
  /** What the review says, in the patient's words ("Visa ending 4242, $49.00"). */
  summary: string;
  /** What the answer writes on the intake when the visit is committed. */
  patch: IntakePatch;
}

/** A step's screen and its part in the flow. */
export interface StepDefinition {
  Screen: StepScreen;
  /** Visit kinds the step applies to; omitted means all. Other kinds pass over it silently. */
  kinds?: readonly VisitKind[];
  /**
   * Runs once, in flow order, after the last intake step and before the visit is created (payment
   * charges here, DESIGN.md section 4). Throwing `StepFailure` sends the patient back to this step
   * with its message and nothing lost, and the visit is not created. It must be safe to run again
   * after a failure further on (a retry re-runs every hook before creating the visit).
   */
  beforeVisit?: (ctx: BeforeVisitContext) => Promise<void>;
  /**
   * The answer when it is already known (profile, insurance on file, a current record, the only
   * choice there is): the step is then not shown but confirmed on the review screen, with a link to
   * change it. Null (or a failure) means the patient is asked. Read-only: it writes nothing.
   */
  known?: (ctx: KnownContext) => Promise<KnownAnswer | null>;
  /** The saved answer in the patient's words, for the review screen; null when there is nothing to say. */
  summary?: (
    intake: Intake,
    ctx: Pick<KnownContext, 'room' | 'consultation' | 'queryClient'>,
  ) => string | null;
}

/**
 * Step code -> step, composed in app/ (features do not import each other). `null` marks a code
 * this portal knows whose screen does not exist yet: the wizard skips it with a note.
 */
export type StepRegistry = ReadonlyMap<string, StepDefinition | null>;

/** Whether a registered step takes part in a flow ending in this kind of visit. */
export function appliesTo(definition: StepDefinition | null | undefined, kind: VisitKind): boolean {
  return !definition?.kinds || definition.kinds.includes(kind);
}
