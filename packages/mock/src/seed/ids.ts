/**
 * The ids of the demo clinic's seeded records, by what they are. The seed builds them under these
 * ids and tests name them through these constants instead of string literals, so a renamed persona
 * or visit is one edit and a typo is a type error. Ids a test invents for its own records stay
 * literals in that test.
 */
export const SEED_USERS = {
  /** Casey Morgan, the main demo patient (`demo-patient`). */
  patient: 'usr_patient',
  /** Riley Chen, the second demo patient (`demo-patient-2`). */
  patient2: 'usr_patient2',
  /** Jamie Rivera in Chicago (`demo-patient-3`), whose bookings fill some of the seeded slots. */
  patient3: 'usr_patient3',
  /** Dr. Samira Okafor, general practice (`demo-provider`). */
  provider: 'usr_provider',
  /** Noah Lindqvist, nurse in the general room (`demo-nurse`). */
  nurse: 'usr_nurse',
  /** Morgan Blake, the clinic administrator (`demo-admin`). */
  admin: 'usr_admin',
  /** Dr. Elena Marchetti, the dermatologist. */
  derm: 'usr_derm',
  /** Dr. Tomás Reyes, the paediatrician. */
  peds: 'usr_peds',
  /** Jordan Ellis, medical assistant in the general room. */
  assistant: 'usr_assistant',
  /** A patient of another clinic (account). */
  other: 'usr_other',
} as const;

/**
 * The clinic's directory of 36 patients (`usr_p001`…`usr_p036`): `seedQueuePatient(1)` is `usr_p001`.
 * The first two wait in room general's queue; others share the group session, have e-consults,
 * appointments today, insurance cards and recorded visits.
 */
export const seedQueuePatient = (n: number) => `usr_p${String(n).padStart(3, '0')}`;
/** The walk-in of a queue patient: `seedQueueVisit(1)` is `vis_queue_p001`. */
export const seedQueueVisit = (n: number) => `vis_queue_p${String(n).padStart(3, '0')}`;

export const SEED_VISITS = {
  completed: 'vis_completed',
  upcoming: 'vis_upcoming',
  pending: 'vis_pending',
  cancelled: 'vis_cancelled',
  inProgress: 'vis_inprogress',
  walkInWaiting: 'vis_walkin_waiting',
  econsultOpen: 'vis_econsult_open',
  econsultClosed: 'vis_econsult_closed',
  econsultNew1: 'vis_econsult_new_1',
  econsultNew2: 'vis_econsult_new_2',
  today1: 'vis_today_1',
  today2: 'vis_today_2',
  pedsRecorded: 'vis_peds_recorded',
  pedsFollowup: 'vis_peds_followup',
  other: 'vis_other',
} as const;

export const SEED_INTAKES = {
  completed: 'int_completed',
  upcoming: 'int_upcoming',
  pending: 'int_pending',
  cancelled: 'int_cancelled',
  inProgress: 'int_inprogress',
  walkInWaiting: 'int_walkin_waiting',
  econsultOpen: 'int_econsult_open',
  econsultClosed: 'int_econsult_closed',
  other: 'int_other',
} as const;

export const SEED_SLOT_GROUPS = {
  okafor: 'grp_okafor_weekdays',
  okaforClass: 'grp_okafor_class',
  okaforQuick: 'grp_okafor_quick',
  okaforDst: 'grp_okafor_dst',
  lindqvist: 'grp_lindqvist_weekdays',
  lindqvistFortnightly: 'grp_lindqvist_fortnightly',
  lindqvistDst: 'grp_lindqvist_dst',
} as const;

export const SEED_CARDS = {
  /** Casey's saved Visa in the general room. */
  caseyVisa: 'src_casey_visa',
  /** Casey's expired Mastercard. */
  caseyExpired: 'src_casey_mc_expired',
} as const;

/** Consultations of the demo clinic's rooms (seed/rooms.ts), by room. */
export const SEED_CONSULTATIONS = {
  /** General practice, 15 minutes. */
  generalQuick: 'cons_general_15',
  /** General practice, 30 minutes. */
  generalStandard: 'cons_general_30',
  /** The blood pressure group session of general practice (four places). */
  generalGroup: 'cons_general_group',
  /** Dermatology's photo review. */
  dermPhoto: 'cons_derm_photo',
  /** Pediatrics, free of charge. */
  peds: 'cons_peds_20',
  /** After hours, 15 minutes. */
  afterHours: 'cons_after_15',
} as const;

/** Casey's pharmacies. */
export const SEED_PHARMACIES = {
  /** Harbor Pharmacy, her default (the completed visit's prescriptions went there). */
  harbor: 'ph_1001',
  /** Corner Drugs. */
  corner: 'ph_1002',
} as const;

/** The documents on Casey's record. */
export const SEED_FILES = {
  /** Her vaccination record (text), uploaded by her. */
  vaccination: 'file_doc_1',
  /** A visit summary (text), uploaded by Dr. Okafor. */
  visitSummary: 'file_doc_2',
  /** A photo of the rash (PNG), uploaded by her. */
  rashPhoto: 'file_doc_3',
  /** The summary of her completed visit (text), attached to that visit by Dr. Okafor. */
  completedVisitSummary: 'file_visit_summary_completed',
} as const;

/** Casey's registered notification endpoints. */
export const SEED_ENDPOINTS = {
  /** Her Apple phone. */
  apple: 'ep_1',
  /** Her email address (type 10). */
  email: 'ep_patient_email',
  /** Her Android phone. */
  android: 'ep_patient_android',
} as const;

/**
 * The clinic's 36 survey responses (seed/surveys.ts): `seedSurveyResponse(1)` is `svy_s001`, about
 * visit `vis_s1` and intake `int_s1` (ids no stored visit or intake has).
 */
export const seedSurveyResponse = (n: number) => ({
  id: `svy_s${String(n).padStart(3, '0')}`,
  visitId: `vis_s${n}`,
  intakeId: `int_s${n}`,
});

/** Casey's notifications, newest first: `seedNotification(1)` is `ntf_1`; the first six are unread. */
export const seedNotification = (n: number) => `ntf_${n}`;

/**
 * The clinic's history patients (seed/history.ts), who carry its eight weeks of closed visits, so
 * no persona's lists change: `seedHistoryPatient(1)` is `usr_h001` (twelve of them).
 */
export const seedHistoryPatient = (n: number) => `usr_h${String(n).padStart(3, '0')}`;
export const SEED_HISTORY_PATIENTS = 12;
/** A history visit: `seedHistoryVisit(1)` is `vis_h0001`. */
export const seedHistoryVisit = (n: number) => `vis_h${String(n).padStart(4, '0')}`;
