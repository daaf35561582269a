import { t } from '@lingui/core/macro';
import type { VisitKind } from '@telehealth/client/visits/kinds';

export interface KindWords {
  /** The last intake step's button, and the finish panel's. */
  start: string;
  /** The finish page's title: the button's words, addressed to the patient ("Book your appointment"). */
  title: string;
  /** The banner on the first post-intake step. */
  done: string;
}

/** What each kind of visit says on its last button and its banner, in the page's language. */
export function kindWords(kind: VisitKind): KindWords {
  switch (kind) {
    case 'walkin':
      return {
        start: t`Join the waiting room`,
        title: t`Join the waiting room`,
        done: t`Your visit is set up. A few more questions before you go on.`,
      };
    case 'econsult':
      return {
        start: t`Send my e-consult`,
        title: t`Send your e-consult`,
        done: t`Your e-consult has been sent. A few more questions before you go on.`,
      };
    case 'appointment':
      return {
        start: t`Book my appointment`,
        title: t`Book your appointment`,
        done: t`Your appointment is requested: the clinic confirms it. A few more questions before you go on.`,
      };
  }
}

/** The post-intake steps' progress: "After your visit is set up · 1 of 2". */
export function afterProgressWords(kind: VisitKind, position: number, total: number): string {
  switch (kind) {
    case 'walkin':
      return t`After your visit is set up · ${position} of ${total}`;
    case 'econsult':
      return t`After your e-consult is set up · ${position} of ${total}`;
    case 'appointment':
      return t`After your appointment is set up · ${position} of ${total}`;
  }
}

/** The room refused this kind of visit from this patient (a 4xx a retry will not change). */
export function refusedWords(kind: VisitKind, roomName: string): string {
  switch (kind) {
    case 'walkin':
      return t`Your answers are saved, but ${roomName} is not taking this visit from you right now. Please choose another room, or contact the clinic.`;
    case 'econsult':
      return t`Your answers are saved, but ${roomName} is not taking this e-consult from you right now. Please choose another room, or contact the clinic.`;
    case 'appointment':
      return t`Your answers are saved, but ${roomName} is not taking this appointment from you right now. Please choose another room, or contact the clinic.`;
  }
}

/** The visit's creation failed for another reason, given as `reason`. */
export function failedWords(kind: VisitKind, reason: string): string {
  switch (kind) {
    case 'walkin':
      return t`Your answers are saved, but we could not start your visit. ${reason}`;
    case 'econsult':
      return t`Your answers are saved, but we could not send your e-consult. ${reason}`;
    case 'appointment':
      return t`Your answers are saved, but we could not book your appointment. ${reason}`;
  }
}
