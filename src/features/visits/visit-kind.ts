import { VISIT_STATUS, VISIT_SUBTYPE, type Visit } from '@/api/visits/schemas';

export type VisitKindName = 'walkin' | 'econsult' | 'appointment';

/** Walk-ins are created with `type` 1 (spec 4.4); an e-consult is subtype 4 whatever its type. */
export function visitKind(visit: Pick<Visit, 'type' | 'subtype'>): VisitKindName {
  if (visit.subtype === VISIT_SUBTYPE.econsult) return 'econsult';
  return Number(visit.type) === 1 ? 'walkin' : 'appointment';
}

export const VISIT_KIND_TITLE: Record<VisitKindName, string> = {
  walkin: 'Walk-in visit',
  econsult: 'E-consult',
  appointment: 'Appointment',
};

const SUBTYPE_LABEL: Record<number, string> = {
  [VISIT_SUBTYPE.inPerson]: 'In person',
  [VISIT_SUBTYPE.phone]: 'Phone',
  [VISIT_SUBTYPE.video]: 'Video',
  [VISIT_SUBTYPE.econsult]: 'Written',
};

export function visitMedium(visit: Pick<Visit, 'subtype'>): string {
  return SUBTYPE_LABEL[visit.subtype ?? VISIT_SUBTYPE.video] ?? 'Video';
}

/** Still waiting to be seen: the states in which the waiting room polls. */
export function isWaiting(visit: Pick<Visit, 'status'>): boolean {
  return visit.status === VISIT_STATUS.pending || visit.status === VISIT_STATUS.confirmed;
}

export function personName(person: Visit['provider']): string | null {
  if (!person) return null;
  return person.full_name || [person.first_name, person.last_name].filter(Boolean).join(' ') || null;
}
