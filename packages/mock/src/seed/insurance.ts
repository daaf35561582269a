import { FIFTY_STATES } from '@telehealth/client/common/us-states';
import type {
  Db,
  EligibilityRecord,
  InsuranceCardRecord,
  ReferenceListItem,
  ReferenceListItems,
  ReferenceListName,
} from '../db.ts';
import { mockNow } from '../lib/clock.ts';
import { seedQueuePatient } from './ids.ts';

/**
 * Insurance seed (spec 2.11, 4.8): the demo patient's primary card, and the billing reference
 * lists, generated (never copied) at a realistic size: thousands of carriers, a few hundred
 * insurers, ICD-10-style diagnoses and CPT-style procedures. The lists are built once per
 * process and are the same every time; `db.referenceLists` holds only overrides (tests put a
 * 10,000-entry list there), so a reset or the browser's saved state never copies them.
 */

export const REFERENCE_SIZES = {
  carriers: 3200,
  insurers: 320,
  dxs: 2400,
  procedures: 900,
  billing_modifiers: 64,
} as const satisfies Record<ReferenceListName, number>;

/** A small deterministic generator (mulberry32), so the lists are the same on every host. */
function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const pick = <T>(rand: () => number, items: readonly T[]): T => items[Math.floor(rand() * items.length)] as T;

const PREFIXES = [
  'Blue',
  'Harbor',
  'Summit',
  'Prairie',
  'Evergreen',
  'Northstar',
  'Keystone',
  'Granite',
  'Lakeside',
  'Redwood',
  'Silver',
  'Meridian',
  'Cedar',
  'Beacon',
  'Pioneer',
  'Liberty',
  'Heritage',
  'Coastal',
  'Golden',
  'River',
  'Valley',
  'Unity',
  'Frontier',
  'Cascade',
  'Atlas',
  'Sterling',
  'Maple',
  'Crescent',
] as const;
const MIDDLES = [
  'Health',
  'Care',
  'Mutual',
  'Medical',
  'Benefit',
  'Wellness',
  'Family',
  'Community',
  'Union',
  'Senior',
  'Choice',
  'Shield',
  'Guard',
  'Trust',
] as const;
const SUFFIXES = [
  'Plan',
  'Insurance',
  'Assurance',
  'Partners',
  'Network',
  'Alliance',
  'Group',
  'Cooperative',
] as const;
/** Carriers sit in one of the fifty states (never DC or a territory). */
const STATES = FIFTY_STATES.map((s) => s.code);
const CITIES = [
  'Springfield',
  'Riverton',
  'Fairview',
  'Lakewood',
  'Georgetown',
  'Franklin',
  'Madison',
  'Clinton',
] as const;
const STREETS = ['Main St', 'Oak Ave', 'Commerce Dr', 'Market St', 'Park Blvd', 'Center Rd'] as const;
const BODY = [
  'respiratory',
  'skin',
  'joint',
  'digestive',
  'urinary',
  'ear',
  'eye',
  'sleep',
  'metabolic',
  'circulatory',
  'nervous system',
  'mood',
] as const;
const KIND = [
  'disorder, unspecified',
  'infection, acute',
  'pain, chronic',
  'condition, mild',
  'symptoms, recurrent',
  'follow-up encounter',
  'screening encounter',
  'inflammation',
] as const;
const SERVICE = [
  'Telehealth evaluation',
  'Office consultation',
  'Follow-up review',
  'Remote monitoring',
  'Care management',
  'Screening service',
  'Counselling session',
  'Lab result review',
] as const;
const LEVEL = ['brief', 'limited', 'moderate', 'extended', 'comprehensive'] as const;

function generate(name: ReferenceListName): ReferenceListItem[] {
  const size = REFERENCE_SIZES[name];
  const rand = random(name.length * 7919 + size);
  const out: ReferenceListItem[] = [];
  for (let i = 0; i < size; i += 1) {
    switch (name) {
      case 'carriers': {
        const state = pick(rand, STATES);
        const code = `C${String(10000 + i)}`;
        out.push({
          id: code,
          code,
          name: `${pick(rand, PREFIXES)} ${pick(rand, MIDDLES)} ${pick(rand, SUFFIXES)} of ${state} ${i + 1}`,
          billing_system: {
            address: {
              zip: String(10000 + Math.floor(rand() * 89999)),
              city: pick(rand, CITIES),
              state,
              address1: `${100 + Math.floor(rand() * 9800)} ${pick(rand, STREETS)}`,
              address2: '',
              areacode: String(200 + Math.floor(rand() * 780)),
            },
            cpid: String(1000 + i),
            code: `B${String(i + 1).padStart(5, '0')}`,
          },
        });
        break;
      }
      case 'insurers': {
        const id = `INS${String(i + 1).padStart(4, '0')}`;
        out.push({
          id,
          text: `${pick(rand, PREFIXES)} ${pick(rand, MIDDLES)} ${pick(rand, SUFFIXES)} ${i + 1}`,
          description: `Commercial plan administrator, ${pick(rand, STATES)}`,
        });
        break;
      }
      case 'dxs': {
        // ICD-10-style: a letter, two digits, a dot and one or two digits. Made up, not copied.
        const letter = String.fromCharCode(65 + (i % 26));
        const code = `${letter}${String(Math.floor(i / 26) % 100).padStart(2, '0')}.${i % 10}${i >= 2600 ? i % 7 : ''}`;
        out.push({
          id: code,
          code,
          description: `${pick(rand, BODY)} ${pick(rand, KIND)}`.replace(/^./, (c) => c.toUpperCase()),
          billing_system: { code: `DX${i + 1}` },
        });
        break;
      }
      case 'procedures': {
        // CPT-style: five digits. Made up, not copied.
        const id = String(90000 + i * 7)
          .padStart(5, '0')
          .slice(-5);
        out.push({ id, text: id, description: `${pick(rand, SERVICE)}, ${pick(rand, LEVEL)}` });
        break;
      }
      case 'billing_modifiers': {
        const id = `${String.fromCharCode(65 + Math.floor(i / 8))}${i % 8}`;
        out.push({ id, text: id, description: `Modifier ${id}: ${pick(rand, LEVEL)} service adjustment` });
        break;
      }
    }
  }
  return out;
}

const generated = new Map<ReferenceListName, ReferenceListItem[]>();

/** A reference list: the override in the database if any, else the generated one. */
export function referenceList<N extends ReferenceListName>(db: Db, name: N): ReferenceListItems[N][] {
  let list = db.referenceLists.get(name) ?? generated.get(name);
  if (!list) {
    list = generate(name);
    generated.set(name, list);
  }
  // Both stores are keyed by list name and hold that list's items.
  return list as ReferenceListItems[N][];
}

function card(
  userId: string,
  cardType: 'primary' | 'secondary',
  over: Partial<InsuranceCardRecord>,
): InsuranceCardRecord {
  return {
    id: `${userId}:${cardType}`,
    _user: userId,
    card_type: cardType,
    insurer_code: 'INS0007',
    subscriber_number: 'XHM48213907',
    group_number: 'GRP-20451',
    responsible_party: 'self',
    guarantor_first_name: '',
    guarantor_middle_name: '',
    guarantor_last_name: '',
    guarantor_dob: '',
    guarantor_gender: null,
    guarantor_address: '',
    guarantor_address_2: '',
    guarantor_city: '',
    guarantor_zip: '',
    guarantor_state: '',
    consent: true,
    ...over,
  };
}

/** What the demo insurer answers for a card: a status of the eligibility job, and a copay when covered. */
export interface DemoEligibilityAnswer {
  status: 'active' | 'inactive' | 'not_found' | 'pending';
  /** In US dollars, sent as the job's `copay` (an extension; the spec's job has no such field). */
  copay?: number;
}

/** Every covered card pays this at a visit in the demo. */
export const DEMO_COPAY = 25;

/**
 * The demo insurer's answer, chosen by the last character of the member ID so that a patient can
 * see every outcome by typing a card (docs/spec-decisions.md, "Coverage results in plain words"):
 * ending in 0, the member is not found; in 9, the plan is not active; in 5, the insurer never
 * answers (the check stays pending); anything else is covered with a $25 copay.
 */
export function demoEligibilityAnswer(memberId: string): DemoEligibilityAnswer {
  const last = memberId.trim().slice(-1);
  if (last === '0') return { status: 'not_found' };
  if (last === '9') return { status: 'inactive' };
  if (last === '5') return { status: 'pending' };
  return { status: 'active', copay: DEMO_COPAY };
}

/** A job as answered: the spec's `job_id` and `status`, and `copay` once a covered job settled. */
export function eligibilityAnswerBody(job: EligibilityRecord): Record<string, unknown> {
  return {
    job_id: job.job_id,
    status: job.status,
    ...(typeof job.copay === 'number' ? { copay: job.copay } : {}),
  };
}

/** Clinic patients whose primary card shows one outcome each on the clinic's screens. */
const OUTCOME_PATIENTS = [
  { n: 3, memberId: 'HPN55102837' },
  { n: 4, memberId: 'HPN55102839' },
  { n: 5, memberId: 'MBR-771200' },
  { n: 6, memberId: 'QTA90431885' },
] as const;

/**
 * The demo patient starts without cards (the intake journey adds one). Generated patients carry
 * cards for the clinic's screens: one with both, one with a secondary card only, and four primary
 * cards whose coverage check was answered two days before the seed, one of each outcome (covered,
 * not active, member not found, still waiting).
 */
export function seedInsurance(db: Db, now: number = mockNow()): void {
  const add = (record: InsuranceCardRecord) => db.insuranceCards.set(record.id, record);
  add(
    card(seedQueuePatient(1), 'primary', {
      guarantor_first_name: 'Alex',
      guarantor_last_name: 'Sample',
      guarantor_dob: '1970-03-14',
      guarantor_gender: 1,
      guarantor_address: '12 Harbor Lane',
      guarantor_city: 'Portland',
      guarantor_zip: '04101',
      guarantor_state: 'ME',
    }),
  );
  add(
    card(seedQueuePatient(1), 'secondary', {
      insurer_code: 'C10042',
      subscriber_number: 'SEC-7781',
      group_number: '',
    }),
  );
  add(
    card(seedQueuePatient(2), 'secondary', {
      insurer_code: 'INS0112',
      subscriber_number: 'W2210934',
      group_number: '',
    }),
  );
  for (const { n, memberId } of OUTCOME_PATIENTS) {
    add(card(seedQueuePatient(n), 'primary', { subscriber_number: memberId, group_number: '' }));
  }
  const started = Math.floor(now / 1000) - 2 * 24 * 60 * 60;
  for (const { n, memberId } of OUTCOME_PATIENTS) {
    const id = seedQueuePatient(n);
    const answer = demoEligibilityAnswer(memberId);
    db.eligibility.set(id, {
      id,
      job_id: `elig_${id}`,
      status: answer.status,
      ...(answer.copay !== undefined ? { copay: answer.copay } : {}),
      _started: started,
      _answer_status: answer.status,
      _subscriber: `INS0007:${memberId}`,
    });
  }
}
