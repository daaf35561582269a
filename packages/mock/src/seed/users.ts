import type { Db, UserRecord } from '../db.ts';
import { SEED_USERS } from './ids.ts';

const HOUR = 3600;
const PATIENT_CLINICS = ['demo', 'demo-quick', 'demo-econsult'];
const DAY = 24 * HOUR;

function user(
  now: number,
  partial: Partial<UserRecord> & Pick<UserRecord, 'id' | 'code' | 'type' | 'first_name' | 'last_name'>,
): UserRecord {
  return {
    full_name: `${partial.first_name} ${partial.last_name}`,
    username: partial.code,
    email: `${partial.code}@example.test`,
    platformid: `pf-${partial.id}`,
    account_code: 'demo',
    clinics: ['demo'],
    tos: true,
    active: true,
    status: 1,
    subtype: '',
    timezone: 'America/New_York',
    created: Math.floor(now / 1000) - 200 * DAY,
    email_verified: true,
    signup_step: 0,
    nationality: '',
    photo: '',
    rooms: [],
    ...partial,
  };
}

export interface ProviderSeed {
  id: string;
  code: string;
  first_name: string;
  last_name: string;
  subtype: number;
  title: string;
  suffix: string;
  short_bio: string;
  rooms: string[];
  states: string[];
  specialties: string[];
  /** Profile time zone; America/New_York when left out. */
  timezone?: string;
}

/** Providers of the demo clinic (bios are invented). */
export const PROVIDERS: ProviderSeed[] = [
  {
    id: SEED_USERS.provider,
    code: 'demo-provider',
    first_name: 'Samira',
    last_name: 'Okafor',
    subtype: 482,
    title: 'Dr.',
    suffix: 'MD',
    short_bio: 'Family physician who enjoys untangling everyday health questions.',
    rooms: ['general', 'after-hours'],
    states: ['NY', 'NJ', 'CA', 'TX'],
    specialties: ['Family medicine'],
  },
  {
    id: SEED_USERS.nurse,
    code: 'demo-nurse',
    first_name: 'Noah',
    last_name: 'Lindqvist',
    subtype: 484,
    title: '',
    suffix: 'RN',
    short_bio: 'Registered nurse focused on follow-up care and medication questions.',
    rooms: ['general', 'dermatology'],
    states: ['NY', 'NJ'],
    specialties: ['Nursing'],
    timezone: 'Europe/London',
  },
  {
    id: SEED_USERS.derm,
    code: 'demo-dermatologist',
    first_name: 'Elena',
    last_name: 'Marchetti',
    subtype: 482,
    title: 'Dr.',
    suffix: 'MD',
    short_bio: 'Dermatologist who reviews photo consultations within one business day.',
    rooms: ['dermatology'],
    states: ['NY', 'CA'],
    specialties: ['Dermatology'],
  },
  {
    id: SEED_USERS.peds,
    code: 'demo-pediatrician',
    first_name: 'Tomás',
    last_name: 'Reyes',
    subtype: 482,
    title: 'Dr.',
    suffix: 'DO',
    short_bio: 'Pediatrician and parent of two; happy to talk sleep, rashes and fevers.',
    rooms: ['pediatrics'],
    states: ['TX', 'CA'],
    specialties: ['Pediatrics'],
  },
  {
    id: SEED_USERS.assistant,
    code: 'demo-assistant',
    first_name: 'Jordan',
    last_name: 'Ellis',
    subtype: 460,
    title: '',
    suffix: 'MA',
    short_bio: 'Medical assistant who prepares your visit and checks your details.',
    rooms: ['general'],
    states: ['NY'],
    specialties: ['Intake'],
  },
];

export function seedUsers(db: Db, now: number): void {
  const t = Math.floor(now / 1000);
  const add = (u: UserRecord) => db.users.set(u.id, u);
  add(
    user(now, {
      id: SEED_USERS.patient,
      // Also a patient of the clinic's other demo accounts (VITE_ACCOUNT_CODE=demo-quick, demo-econsult).
      clinics: PATIENT_CLINICS,
      code: 'demo-patient',
      type: 200,
      first_name: 'Casey',
      last_name: 'Morgan',
      dob: '1988-04-12',
      gender: 2,
      phone: '2125550143',
      street_addr: '100 Example Street',
      city: 'Brooklyn',
      state: 'NY',
      zip: '11201',
      pcp_name: 'Dr. Lee Park',
      pcp_phone: '2125550190',
      nationality: 'American',
      timezone: 'America/New_York',
      last_login: t - 2 * DAY,
      extra: { marital_status: 'single', emerg_contact_name: 'Sam Morgan', attachments: null },
      _password: 'demo-password',
    }),
  );
  add(
    user(now, {
      id: SEED_USERS.patient2,
      // Also a patient of the clinic's other demo accounts (VITE_ACCOUNT_CODE=demo-quick, demo-econsult).
      clinics: PATIENT_CLINICS,
      code: 'demo-patient-2',
      type: 200,
      first_name: 'Riley',
      last_name: 'Chen',
      dob: '1995-09-30',
      gender: 1,
      phone: '4155550111',
      city: 'Oakland',
      state: 'CA',
      zip: '94607',
      timezone: 'America/Los_Angeles',
      tos: false,
    }),
  );
  for (const p of PROVIDERS) {
    add(
      user(now, {
        id: p.id,
        code: p.code,
        type: 400,
        first_name: p.first_name,
        last_name: p.last_name,
        subtype: String(p.subtype),
        title: p.title,
        suffix: p.suffix,
        short_bio: p.short_bio,
        phone: '2125550100',
        specialties: p.specialties,
        states_serviced: p.states,
        ...(p.timezone ? { timezone: p.timezone } : {}),
        educational_training: 'Residency and board certification (demo data).',
        professional_interests: 'Preventive care, telehealth.',
        personal_interests: 'Hiking, cooking.',
        photo: `/brand/avatars/${p.code}.svg`,
        rooms: p.rooms.map((code) => ({
          code,
          name: code,
          domain: 'demo',
          account_code: 'demo',
          default: code === p.rooms[0],
        })),
      }),
    );
  }
  add(
    user(now, {
      id: SEED_USERS.admin,
      code: 'demo-admin',
      type: 400,
      subtype: '470',
      first_name: 'Morgan',
      last_name: 'Blake',
      roles: ['clinic_admin'],
      is_admin: true,
      rooms: [
        { code: 'general', name: 'General practice', domain: 'demo', account_code: 'demo', default: true },
      ],
    }),
  );
  // A longer list of patients so the admin user search and provider lists have something to page.
  const first = [
    'Avery',
    'Blair',
    'Cameron',
    'Devon',
    'Emerson',
    'Finley',
    'Harper',
    'Jules',
    'Kai',
    'Logan',
    'Quinn',
    'Rowan',
  ];
  const last = [
    'Abbott',
    'Baker',
    'Castillo',
    'Dunn',
    'Engel',
    'Foster',
    'Garcia',
    'Holm',
    'Ito',
    'Jensen',
    'Kowalski',
    'Lopez',
  ];
  for (let i = 0; i < 36; i += 1) {
    const fn = first[i % first.length] ?? 'Alex';
    const ln = last[(i * 5) % last.length] ?? 'Doe';
    add(
      user(now, {
        id: `usr_p${String(i + 1).padStart(3, '0')}`,
        code: `patient-${i + 1}`,
        type: 200,
        first_name: fn,
        last_name: ln,
        dob: `19${60 + (i % 40)}-0${(i % 9) + 1}-1${i % 9}`,
        created: t - (i + 1) * 3 * DAY,
        last_login: t - i * HOUR * 7,
        status: i % 7 === 0 ? 0 : 1,
      }),
    );
  }
}
