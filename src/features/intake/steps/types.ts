import type { ComponentType } from 'react';
import type { IntakeStep } from '@/api/accounts/schemas';
import type { Intake } from '@/api/intakes/schemas';
import type { Room } from '@/api/rooms/schemas';
import type { IntakePatch, VisitKind } from '../model/answers';

/** What the wizard gives every step screen. */
export interface StepScreenProps {
  step: IntakeStep;
  slug: string;
  title: string;
  room: Room;
  visitKind: VisitKind;
  /** Null until the first step has been saved. */
  intake: Intake | null;
  submitLabel: string;
  /** Where Back goes; null on the first step of a phase. */
  backHref: string | null;
  /** Saves the answers on the intake, then moves on. Rejects when the save failed; the screen keeps its answers. */
  onSubmit: (patch: IntakePatch) => Promise<void>;
}

export type StepScreen = ComponentType<StepScreenProps>;

/**
 * Step code -> screen, composed in app/ (features do not import each other). `null` marks a code
 * this portal knows whose screen does not exist yet: the wizard skips it with a note.
 */
export type StepRegistry = ReadonlyMap<string, StepScreen | null>;
