import type { Room } from '@/api/rooms/schemas';

export type VisitKind = 'walkin' | 'appointment' | 'econsult';

/** A room is closed when it says so, either outright or by its schedule right now. */
export function isRoomClosed(room: Room): boolean {
  const ops = room.operation_settings;
  return ops?.is_closed === true || ops?.is_closed_now === true;
}

function flag(value: unknown): boolean {
  return (
    typeof value === 'object' &&
    value !== null &&
    'enabled' in value &&
    (value.enabled === true || value.enabled === 1 || value.enabled === '1')
  );
}

/**
 * Visit kinds the room offers. The spec names `walkin` and `appointment`; e-consults are read
 * from `visits.econsult.enabled`, which the spec does not name (spec-decisions).
 */
export function roomVisitKinds(room: Room): VisitKind[] {
  const visits = (room.visits ?? {}) as Record<string, unknown>;
  const kinds: VisitKind[] = [];
  if (flag(visits.walkin)) kinds.push('walkin');
  if (flag(visits.appointment)) kinds.push('appointment');
  if (flag(visits.econsult)) kinds.push('econsult');
  return kinds;
}

/** What a patient can still start: walk-ins wait for the room to open; e-consults and appointments do not. */
export function availableVisitKinds(room: Room): VisitKind[] {
  const kinds = roomVisitKinds(room);
  return isRoomClosed(room) ? kinds.filter((k) => k !== 'walkin') : kinds;
}

export const VISIT_KIND_LABEL: Record<VisitKind, string> = {
  walkin: 'Walk-in video visit (see the next available provider)',
  appointment: 'Scheduled appointment',
  econsult: 'E-consult (written questions and answers)',
};
