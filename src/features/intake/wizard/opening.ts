import { offersExtension } from '@/api/accounts/extensions';
import type { Account } from '@telehealth/client/accounts/schemas';
import type { Intake } from '@telehealth/client/intakes/schemas';
import type { Room } from '@telehealth/client/rooms/schemas';
import { availableVisitKinds, roomVisitKinds } from '@telehealth/client/rooms/visit-settings';
import { visitKindOf, type VisitKind } from '@telehealth/client/visits/kinds';
import { VISIT_STATUS, type Visit } from '@telehealth/client/visits/schemas';
import { savedVisitKind } from '@/wizard';

/**
 * Where the wizard opens, decided without side effects (the first half of the flow, `flow.ts` is
 * the rest): which kind of visit, from the room, the server's extensions and the intake; or why
 * there is none yet.
 */

/** What the wizard opens on before any step. */
export type Opening =
  /** The room takes no new visit of any kind now. */
  | { type: 'closed' }
  /** A new walk-in waits for the room's visits to be read. */
  | { type: 'loading' }
  /** This patient already waits in this room's line: no second walk-in, the way back to the first. */
  | { type: 'already-waiting'; visitId: string }
  | { type: 'choose-kind'; kinds: VisitKind[] }
  | { type: 'flow'; kind: VisitKind };

export interface OpeningInput {
  /** The account record; its `portal_extensions` say whether rooms may take e-consults. */
  account: Pick<Account, 'portal_extensions'>;
  room: Pick<Room, 'visits' | 'operation_settings'>;
  /** The intake of the address, as last read; null when the address names none. */
  intake: Intake | null;
  /** The kind chosen on the room page (`?kind=`), used until the intake records one. */
  requestedKind?: VisitKind;
  /** The patient's visits in the room (read for a new walk-in only); undefined while unread or unreadable. */
  roomVisits: readonly Visit[] | undefined;
  roomVisitsPending: boolean;
}

/** Kinds the room offers at all, and those a patient can start now (walk-ins wait for it to open). */
export function offeredKinds(
  account: Pick<Account, 'portal_extensions'> | null | undefined,
  room: Pick<Room, 'visits' | 'operation_settings'>,
): { atAll: VisitKind[]; now: VisitKind[] } {
  const econsultRooms = offersExtension(account, 'econsult-rooms');
  return { atAll: roomVisitKinds(room, econsultRooms), now: availableVisitKinds(room, econsultRooms) };
}

/**
 * The kind of visit this intake ends in: the one saved on the intake (while the room still offers
 * it), else the room's only kind, else none yet (the patient chooses). An intake saved before kinds
 * were recorded follows its `type`: 2 is scheduling.
 */
export function chosenKind(
  atAll: readonly VisitKind[],
  now: readonly VisitKind[],
  intake: Intake | null,
  requested: VisitKind | undefined,
): VisitKind | null {
  const saved = savedVisitKind(intake);
  if (saved && atAll.includes(saved)) return saved;
  if (intake && String(intake.type) === '2' && atAll.includes('appointment')) return 'appointment';
  if (!intake && requested && now.includes(requested)) return requested;
  if (now.length === 1) return now[0] ?? null;
  if (intake && now[0]) return now[0];
  return null;
}

/** The patient's own walk-in still waiting (pending or confirmed) in a room, if any. */
export function waitingWalkinOf(visits: readonly Visit[] | undefined): Visit | undefined {
  return visits?.find(
    (v) =>
      visitKindOf(v) === 'walkin' &&
      (v.status === VISIT_STATUS.pending || v.status === VISIT_STATUS.confirmed),
  );
}

export function openWizard(input: OpeningInput): Opening {
  const { atAll, now } = offeredKinds(input.account, input.room);
  const kind = chosenKind(atAll, now, input.intake, input.requestedKind);
  if (!kind && now.length === 0) return { type: 'closed' };
  if (!input.intake && kind === 'walkin') {
    if (input.roomVisitsPending) return { type: 'loading' };
    const waiting = waitingWalkinOf(input.roomVisits);
    if (waiting) return { type: 'already-waiting', visitId: waiting.id };
  }
  return kind ? { type: 'flow', kind } : { type: 'choose-kind', kinds: now };
}
