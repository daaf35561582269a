import type { VisitKind } from '@telehealth/client/visits/kinds';
import { paths } from '@/config/paths';
import type { Target } from './flow';

export interface AddressContext {
  roomCode: string;
  kind: VisitKind;
  /** The intake's id once it exists; before that the address carries the kind, so a reload keeps it. */
  intakeId: string | undefined;
  /** The step in the address bar (kept when the intake is opened in its own room). */
  stepSlug?: string;
}

/** The address of a flow target. */
export function hrefOf(target: Target, { roomCode, kind, intakeId, stepSlug }: AddressContext): string {
  switch (target.to) {
    case 'step':
      return intakeId
        ? paths.patient.intake(roomCode, target.step.slug, intakeId)
        : paths.patient.intakeStart(roomCode, kind, target.step.slug);
    case 'review':
      return intakeId
        ? paths.patient.intake(roomCode, undefined, intakeId)
        : paths.patient.intakeStart(roomCode, kind);
    case 'visit':
      return paths.patient.visit(target.visitId);
    case 'room':
      return paths.patient.room(roomCode);
    case 'other-room':
      return paths.patient.intake(target.roomCode, stepSlug, intakeId);
  }
}

/** Where a `beforeVisit` hook or the visit's creation sends the patient back to, with the reason. */
export interface ReturnState {
  stepFailure?: { slug: string; message: string };
}

export function readReturnState(state: unknown): ReturnState['stepFailure'] | null {
  if (typeof state !== 'object' || state === null || !('stepFailure' in state)) return null;
  const failure = (state as ReturnState).stepFailure;
  return failure && typeof failure.slug === 'string' && typeof failure.message === 'string' ? failure : null;
}
