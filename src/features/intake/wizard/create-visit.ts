import { t } from '@lingui/core/macro';
import type { QueryClient } from '@tanstack/react-query';
import { hasStatus, isApiError } from '@telehealth/client/errors';
import { forgetUntilVisit } from '@/api/intakes/notes';
import type { Intake } from '@telehealth/client/intakes/schemas';
import type { Room } from '@telehealth/client/rooms/schemas';
import type { VisitKind } from '@telehealth/client/visits/kinds';
import type { useAddEconsultVisit, useAddWalkinVisit, useBookVisit } from '@/api/visits/mutations';
import type { Visit } from '@telehealth/client/visits/schemas';
import {
  CUSTOM_FIELDS,
  customSeconds,
  customValue,
  providerIdOf,
  StepFailure,
  type StepRegistry,
} from '@/wizard';
import { chosenConsultation, type Flow } from './flow';
import { failedWords, refusedWords } from './kind-words';
import { noteVisitOnIntake } from './latest-intake';

/** Booking conflicts the patient holds herself (docs/spec-decisions.md): the server's words say which. */
const OWN_BOOKING_CONFLICTS = new Set(['already_booked', 'appointment_overlap']);

/** The three creations, one per kind of visit (the mutations of `api/visits`). */
export interface VisitWrites {
  addWalkin: ReturnType<typeof useAddWalkinVisit>['mutateAsync'];
  addEconsult: ReturnType<typeof useAddEconsultVisit>['mutateAsync'];
  bookVisit: ReturnType<typeof useBookVisit>['mutateAsync'];
}

export interface VisitCreation {
  intakeId: string;
  /** The intake as read after the click's save (or by the click itself): what the visit is made from. */
  latest: Intake;
  flow: Flow;
  room: Room;
  roomCode: string;
  registry: StepRegistry;
  queryClient: QueryClient;
  writes: VisitWrites;
}

/** Creates the visit of this kind; the strategy per kind (DESIGN.md section 4). */
async function createVisit({ flow, intakeId, latest, roomCode, writes }: VisitCreation): Promise<Visit> {
  switch (flow.kind) {
    case 'walkin':
      return writes.addWalkin({
        intake_id: intakeId,
        room_code: roomCode,
        provider_id: providerIdOf(latest) ?? undefined,
      });
    case 'econsult':
      return writes.addEconsult({ intake_id: intakeId, room_code: roomCode });
    case 'appointment': {
      const start = customSeconds(latest, CUSTOM_FIELDS.slotStart);
      const end = customSeconds(latest, CUSTOM_FIELDS.slotEnd);
      if (start === null || end === null) {
        throw new StepFailure(t`Choose a time for your appointment first.`, { stepCode: 'schedule' });
      }
      try {
        return await writes.bookVisit({
          intake_id: intakeId,
          room_code: roomCode,
          slot_start: start,
          slot_end: end,
          provider_id: customValue(latest, CUSTOM_FIELDS.slotProviderId) ?? providerIdOf(latest) ?? undefined,
        });
      } catch (error) {
        if (!hasStatus(error, 409)) throw error;
        // A patient who already holds this time (a place of the session, or another appointment)
        // is told so; any other conflict means the time went to someone else.
        const own = isApiError(error) && OWN_BOOKING_CONFLICTS.has(String(error.code));
        const message =
          own && error.serverMessage
            ? error.serverMessage
            : t`That time was just taken by someone else. Please choose another time.`;
        throw new StepFailure(message, { stepCode: 'schedule', cause: error });
      }
    }
  }
}

/** The `beforeVisit` hooks in flow order (payment charges here); a failure names its step. */
async function runBeforeVisit(creation: VisitCreation): Promise<void> {
  const { flow, registry, intakeId, latest, room, queryClient } = creation;
  for (const ws of flow.intakeSteps) {
    const definition = ws.step ? registry.get(ws.step.code) : null;
    if (!definition?.beforeVisit) continue;
    try {
      await definition.beforeVisit({
        intakeId,
        intake: latest,
        room,
        visitKind: flow.kind,
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
}

/** Visit creations in flight in this tab, by intake id. */
const inFlight = new Map<string, Promise<string>>();

/**
 * Creates the intake's visit at most once (case D32) and answers its id. The intake as read for
 * this click decides: one that names its visit already (a retry after a lost answer, a second tab)
 * is followed, never repeated. Otherwise the `beforeVisit` hooks run (each re-checks what it owns:
 * the payment step re-reads the charge before charging), then the visit is created. Concurrent
 * calls for one intake (a double click, a remount) share one run. The server is idempotent per
 * intake too.
 */
export function createVisitOnce(creation: VisitCreation): Promise<string> {
  const { intakeId, latest, queryClient } = creation;
  const running = inFlight.get(intakeId);
  if (running) return running;
  const run = (async () => {
    if (latest.visit_id) return latest.visit_id;
    await runBeforeVisit(creation);
    const visit = await createVisit(creation).catch((error: unknown) => {
      // A server that checks payment found none for this visit: back to the payment step with its words.
      if (!hasStatus(error, 402)) throw error;
      const words =
        isApiError(error) && error.userMessage === error.serverMessage ? error.serverMessage : null;
      throw new StepFailure(words ?? t`The clinic has not received a payment for this visit.`, {
        stepCode: 'payment',
        cause: error,
      });
    });
    // What mattered only until the visit existed (a charge record, say) is no longer kept.
    forgetUntilVisit(intakeId);
    noteVisitOnIntake(queryClient, intakeId, visit.id);
    return visit.id;
  })().finally(() => inFlight.delete(intakeId));
  inFlight.set(intakeId, run);
  return run;
}

/**
 * A failed creation in the patient's words: a step's own failure as it is; a refusal (4xx other
 * than a conflict or a rate limit, which a retry will not change) says what to do instead;
 * anything else says the answers are saved and why it failed.
 */
export function creationFailure(error: unknown, kind: VisitKind, roomName: string): StepFailure {
  if (error instanceof StepFailure) return error;
  if (isApiError(error) && error.kind === 'http' && [400, 403, 404, 422].includes(error.status ?? 0)) {
    return new StepFailure(refusedWords(kind, roomName), { cause: error });
  }
  const reason = isApiError(error) ? error.userMessage : t`Something went wrong. Please try again.`;
  return new StepFailure(failedWords(kind, reason), { cause: error });
}
