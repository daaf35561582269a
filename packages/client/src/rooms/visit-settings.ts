import type { VisitKind } from '../visits/kinds.ts';
import type { Room } from './schemas.ts';

/** A room is closed when it says so, either outright or by its schedule right now. */
export function isRoomClosed(room: Pick<Room, 'operation_settings'>): boolean {
  const ops = room.operation_settings;
  return ops?.is_closed === true || ops?.is_closed_now === true;
}

/**
 * Visit kinds the room offers, in the order a patient is offered them. The spec names `walkin` and
 * `appointment`; e-consults are read from `visits.econsult.enabled`, which the spec does not name
 * (docs/spec-decisions.md), and count only where the server offers that setting (the
 * `econsult-rooms` extension: `useServerExtension('econsult-rooms')`), so a spec server's rooms
 * offer walk-ins and appointments only. The flags are parsed by `RoomVisitsSettingsSchema`.
 */
export function roomVisitKinds(room: Pick<Room, 'visits'>, econsultRooms: boolean): VisitKind[] {
  const visits = room.visits;
  const kinds: VisitKind[] = [];
  if (visits?.walkin?.enabled) kinds.push('walkin');
  if (visits?.appointment?.enabled) kinds.push('appointment');
  if (econsultRooms && visits?.econsult?.enabled) kinds.push('econsult');
  return kinds;
}

/** What a patient can start now: walk-ins wait for the room to open; e-consults and appointments do not. */
export function availableVisitKinds(
  room: Pick<Room, 'visits' | 'operation_settings'>,
  econsultRooms: boolean,
): VisitKind[] {
  const kinds = roomVisitKinds(room, econsultRooms);
  return isRoomClosed(room) ? kinds.filter((k) => k !== 'walkin') : kinds;
}
