import type { VisitKind } from '@/api/visits/kinds';

export interface KindWords {
  /** The last intake step's button, and the finish panel's. */
  start: string;
  /** "…but we could not ___." when the visit's creation fails. */
  failed: string;
  /** The banner on the first post-intake step. */
  done: string;
  noun: string;
}

/** What each kind of visit says on its last button, and when its creation fails. */
export const KIND_WORDS: Record<VisitKind, KindWords> = {
  walkin: {
    start: 'Join the waiting room',
    failed: 'start your visit',
    done: 'Your visit is set up.',
    noun: 'visit',
  },
  econsult: {
    start: 'Send my e-consult',
    failed: 'send your e-consult',
    done: 'Your e-consult has been sent.',
    noun: 'e-consult',
  },
  appointment: {
    start: 'Book my appointment',
    failed: 'book your appointment',
    done: 'Your appointment is requested: the clinic confirms it.',
    noun: 'appointment',
  },
};
