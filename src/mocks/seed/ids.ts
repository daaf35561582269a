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
  patient3: 'usr_patient3',
  /** Dr. Samira Okafor, general practice (`demo-provider`). */
  provider: 'usr_provider',
  /** Noah Lindqvist, nurse in the general room (`demo-nurse`). */
  nurse: 'usr_nurse',
  /** Morgan Blake, the clinic administrator (`demo-admin`). */
  admin: 'usr_admin',
  /** The dermatologist. */
  derm: 'usr_derm',
  /** The paediatrician. */
  peds: 'usr_peds',
  assistant: 'usr_assistant',
  /** A patient of another clinic (account). */
  other: 'usr_other',
} as const;

/** The seeded queue's patients (`usr_p001`…): `seedQueuePatient(1)` is `usr_p001`. */
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
