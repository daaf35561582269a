import { VISIT_STATUS, VISIT_SUBTYPE, visitStatusLabel, type Visit } from './schemas';

/**
 * The three kinds of visit an intake can end in (DESIGN.md section 4): a walk-in joins the room's
 * queue, an e-consult is answered in writing later, an appointment takes a slot. Every feature reads
 * the kind from here; none re-derives it.
 */
export const VISIT_KINDS = ['walkin', 'appointment', 'econsult'] as const;

export type VisitKind = (typeof VISIT_KINDS)[number];

/** Intake `type` of spec 4.4: 1 for walk-ins, 2 for scheduling. The spec has no e-consult value, so e-consults use 1. */
export const INTAKE_TYPE_FOR_KIND: Record<VisitKind, 1 | 2> = { walkin: 1, econsult: 1, appointment: 2 };

/** Walk-ins are created with `type` 1 (spec 4.4); an e-consult is subtype 4 whatever its type. */
export function visitKindOf(visit: Pick<Visit, 'type' | 'subtype'>): VisitKind {
  if (visit.subtype === VISIT_SUBTYPE.econsult) return 'econsult';
  return Number(visit.type) === 1 ? 'walkin' : 'appointment';
}

export const VISIT_KIND_TITLE: Record<VisitKind, string> = {
  walkin: 'Walk-in visit',
  econsult: 'E-consult',
  appointment: 'Appointment',
};

/** How a patient choosing between kinds reads them. */
export const VISIT_KIND_LABEL: Record<VisitKind, string> = {
  walkin: 'Walk-in video visit (see the next available provider)',
  appointment: 'Scheduled appointment',
  econsult: 'E-consult (written questions and answers)',
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

/**
 * A visit's status in a patient's words. A pending appointment is only requested until the clinic
 * confirms it; a pending walk-in is waiting in line; a pending e-consult waits for a provider.
 */
export function visitStatusWords(visit: Pick<Visit, 'status' | 'type' | 'subtype'>): string {
  if (visit.status === VISIT_STATUS.pending) {
    const kind = visitKindOf(visit);
    if (kind === 'appointment') return 'Requested';
    if (kind === 'walkin') return 'Waiting';
    return 'Waiting for a provider';
  }
  if (visit.status === VISIT_STATUS.confirmed && visitKindOf(visit) === 'appointment') return 'Booked';
  return visitStatusLabel(visit.status);
}
