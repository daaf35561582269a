import { i18n, type Descriptor } from '../i18n.ts';
import { VISIT_STATUS, VISIT_SUBTYPE, type Visit } from './schemas.ts';

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

/**
 * A record whose values are read in the page's language each time they are read (each key is a
 * getter over its marked descriptor): `RECORD[key]` is always the words of the moment, never English
 * frozen at import. This file runs in Node too, so it takes no macros (docs/i18n.md).
 */
function wordsWhenRead<K extends string>(descriptors: Record<K, Descriptor>): Readonly<Record<K, string>> {
  const words = {} as Record<K, string>;
  for (const key of Object.keys(descriptors) as K[]) {
    Object.defineProperty(words, key, { enumerable: true, get: () => i18n._(descriptors[key]) });
  }
  return words;
}

/** A visit's kind as a title, e.g. on its page ("Walk-in visit"). */
export const VISIT_KIND_TITLE_MESSAGE: Record<VisitKind, Descriptor> = {
  walkin: /*i18n*/ { id: 'Walk-in visit' },
  econsult: /*i18n*/ { id: 'E-consult' },
  appointment: /*i18n*/ { id: 'Appointment' },
};

/** `VISIT_KIND_TITLE_MESSAGE` in the page's language when read. */
export const VISIT_KIND_TITLE = wordsWhenRead(VISIT_KIND_TITLE_MESSAGE);

/** How a patient choosing between kinds reads them. */
export const VISIT_KIND_LABEL_MESSAGE: Record<VisitKind, Descriptor> = {
  walkin: /*i18n*/ { id: 'Walk-in video visit (see the next available provider)' },
  appointment: /*i18n*/ { id: 'Scheduled appointment' },
  econsult: /*i18n*/ { id: 'E-consult (written questions and answers)' },
};

/** `VISIT_KIND_LABEL_MESSAGE` in the page's language when read. */
export const VISIT_KIND_LABEL = wordsWhenRead(VISIT_KIND_LABEL_MESSAGE);

const VIDEO = /*i18n*/ { id: 'Video' };

const SUBTYPE_LABEL: Record<number, Descriptor> = {
  [VISIT_SUBTYPE.inPerson]: /*i18n*/ { id: 'In person' },
  [VISIT_SUBTYPE.phone]: /*i18n*/ { id: 'Phone' },
  [VISIT_SUBTYPE.video]: VIDEO,
  [VISIT_SUBTYPE.econsult]: /*i18n*/ { id: 'Written' },
};

/** How the visit takes place (video, phone…), in the page's language. */
export function visitMedium(visit: Pick<Visit, 'subtype'>): string {
  return i18n._(SUBTYPE_LABEL[visit.subtype ?? VISIT_SUBTYPE.video] ?? VIDEO);
}

/** Still waiting to be seen: the states in which the waiting room polls. */
export function isWaiting(visit: Pick<Visit, 'status'>): boolean {
  return visit.status === VISIT_STATUS.pending || visit.status === VISIT_STATUS.confirmed;
}

/** The words of each status of spec 2.1 (the same words as `visitStatusLabel`), and of any other code. */
const STATUS_WORDS: Record<number, Descriptor> = {
  [VISIT_STATUS.pending]: /*i18n*/ { id: 'Pending' },
  [VISIT_STATUS.confirmed]: /*i18n*/ { id: 'Confirmed' },
  [VISIT_STATUS.inProgress]: /*i18n*/ { id: 'In progress' },
  [VISIT_STATUS.completed]: /*i18n*/ { id: 'Completed' },
  [VISIT_STATUS.cancelled]: /*i18n*/ { id: 'Cancelled' },
};
const UNKNOWN_STATUS = /*i18n*/ { id: 'Unknown status' };

/**
 * A visit's status in a patient's words, in the page's language. A pending appointment is only
 * requested until the clinic confirms it; a pending walk-in is waiting in line; a pending e-consult
 * waits for a provider.
 */
export function visitStatusWords(visit: Pick<Visit, 'status' | 'type' | 'subtype'>): string {
  if (visit.status === VISIT_STATUS.pending) {
    const kind = visitKindOf(visit);
    if (kind === 'appointment') return i18n._(/*i18n*/ { id: 'Requested' });
    if (kind === 'walkin') return i18n._(/*i18n*/ { id: 'Waiting' });
    return i18n._(/*i18n*/ { id: 'Waiting for a provider' });
  }
  if (visit.status === VISIT_STATUS.confirmed && visitKindOf(visit) === 'appointment') {
    return i18n._(/*i18n*/ { id: 'Booked' });
  }
  return i18n._(STATUS_WORDS[visit.status] ?? UNKNOWN_STATUS);
}
