import { TZDate } from '@date-fns/tz';
import type { Db, VisitRecord } from '../db.ts';
import { zonedInstant } from '../lib/slot-groups.ts';
import { SEED_INTAKES, SEED_USERS, SEED_VISITS, seedQueuePatient, seedQueueVisit } from './ids.ts';

const MIN = 60;
const HOUR = 60 * MIN;
const DAY = 24 * HOUR;

/** Visits of every status for the demo patient, times relative to now. */
export function seedVisits(db: Db, now: number): void {
  const t = Math.floor(now / 1000);
  const patient = db.users.get(SEED_USERS.patient);
  const provider = db.users.get(SEED_USERS.provider);
  const derm = db.users.get(SEED_USERS.derm);
  if (!patient || !provider || !derm) return;
  const person = (u: typeof patient) => ({
    id: u.id,
    first_name: u.first_name,
    last_name: u.last_name,
    full_name: u.full_name,
    email: u.email,
    phone: typeof u.phone === 'string' ? u.phone : '',
    code: u.code,
  });
  const base = (id: string, over: Partial<VisitRecord>): VisitRecord => ({
    id,
    code: id.replace('vis_', 'V-').toUpperCase(),
    member_id: patient.id,
    provider_id: provider.id,
    account_code: 'demo',
    room_id: 'room_general',
    room_code: 'general',
    type: 2,
    subtype: 3,
    status: 20,
    created: t - 10 * DAY,
    modified: t - 10 * DAY,
    incharge: false,
    isEditExpired: false,
    hosts: [],
    member: person(patient),
    provider: person(provider),
    account: { code: 'demo', name: 'Harborview Virtual Care' },
    meeting: {
      recording_auto_start: false,
      phone_numbers: { US: ['+1 555 0100 200'], GB: ['+44 20 0000 0000'] },
      hosts: [],
      expiry: t + 2 * DAY,
      conference_pin: '482913',
      meeting_id: '800 555 0199',
    },
    recordings: { count: 0, data: [] },
    ...over,
  });
  const ny = new TZDate(t * 1000, 'America/New_York');
  const upcoming = zonedInstant(
    ny.getFullYear(),
    ny.getMonth(),
    ny.getDate() + 2,
    14 * 60,
    'America/New_York',
  );
  const visits: VisitRecord[] = [
    base(SEED_VISITS.upcoming, {
      // 2:00 PM in New York the day after tomorrow: inside the weekday hours, never on the Saturday
      // morning group, the evening group session or the daylight-saving mornings, whatever the hour now.
      start: upcoming,
      end: upcoming + 30 * MIN,
      status: 20,
      intake_id: SEED_INTAKES.upcoming,
    }),
    base(SEED_VISITS.pending, {
      start: t + 5 * DAY,
      end: t + 5 * DAY + 15 * MIN,
      status: 10,
      provider_id: null,
      provider: null,
      intake_id: SEED_INTAKES.pending,
    }),
    base(SEED_VISITS.inProgress, {
      start: t - 10 * MIN,
      end: t + 20 * MIN,
      actual_start: t - 8 * MIN,
      status: 25,
      type: 1,
      intake_id: SEED_INTAKES.inProgress,
    }),
    base(SEED_VISITS.completed, {
      start: t - 14 * DAY,
      end: t - 14 * DAY + 30 * MIN,
      actual_start: t - 14 * DAY,
      actual_end: t - 14 * DAY + 25 * MIN,
      status: 30,
      intake_id: SEED_INTAKES.completed,
      recordings: {
        count: 1,
        data: [
          {
            id: 501,
            visit_id: SEED_VISITS.completed,
            start: t - 14 * DAY + 60,
            end: t - 14 * DAY + 24 * MIN,
            version: 1,
            participants: [
              { first_name: 'Casey', last_name: 'Morgan', platformid: `pf-${SEED_USERS.patient}` },
              { first_name: 'Samira', last_name: 'Okafor', platformid: `pf-${SEED_USERS.provider}` },
            ],
          },
        ],
      },
    }),
    base(SEED_VISITS.cancelled, {
      start: t - 30 * DAY,
      end: t - 30 * DAY + 15 * MIN,
      status: 40,
      intake_id: SEED_INTAKES.cancelled,
    }),
    base(SEED_VISITS.econsultClosed, {
      room_id: 'room_dermatology',
      room_code: 'dermatology',
      provider_id: derm.id,
      provider: person(derm),
      type: 1,
      subtype: 4,
      status: 30,
      start: null,
      end: null,
      created: t - 21 * DAY,
      actual_end: t - 18 * DAY,
      intake_id: SEED_INTAKES.econsultClosed,
      _closedForMessages: true,
    }),
    // A walk-in waiting in room general, behind two other patients (see the queue below).
    base(SEED_VISITS.walkInWaiting, {
      start: t - 4 * MIN,
      end: null,
      status: 10,
      type: 1,
      provider_id: null,
      provider: null,
      created: t - 4 * MIN,
      modified: t - 4 * MIN,
      intake_id: SEED_INTAKES.walkInWaiting,
    }),
    // Assigned to the signable provider persona (Dr. Samira Okafor) so the provider side of an
    // open thread can be tried; the dermatologist takes part as a host.
    base(SEED_VISITS.econsultOpen, {
      room_id: 'room_dermatology',
      room_code: 'dermatology',
      provider_id: provider.id,
      provider: person(provider),
      hosts: [derm.id],
      type: 1,
      subtype: 4,
      status: 20,
      start: null,
      end: null,
      created: t - 1 * DAY,
      intake_id: SEED_INTAKES.econsultOpen,
    }),
  ];
  for (const v of visits) {
    db.visits.set(v.id, v);
    const intakeId = String(v.intake_id);
    db.intakes.set(intakeId, {
      id: intakeId,
      created: Number(v.created),
      modified: Number(v.created),
      type: String(v.type),
      reason_for_visit: v.subtype === 4 ? 'Itchy rash on forearm' : 'Follow-up on seasonal allergies',
      attachments: [],
      provider: v.provider_id ?? null,
      visit_id: v.id,
      room_code: v.room_code,
      member_id: patient.id,
      location: 'NY',
      phone: typeof patient.phone === 'string' ? patient.phone : '',
    });
  }

  // Two other patients waiting in room general ahead of the demo patient's walk-in.
  // Patient n of the directory, minutes waiting.
  const ahead: [number, number][] = [
    [1, 25],
    [2, 12],
  ];
  for (const [n, minutesAgo] of ahead) {
    const member = db.users.get(seedQueuePatient(n));
    if (!member) continue;
    const id = seedQueueVisit(n);
    const intakeId = id.replace('vis_', 'int_');
    db.visits.set(
      id,
      base(id, {
        member_id: member.id,
        member: person(member),
        provider_id: null,
        provider: null,
        type: 1,
        status: 10,
        start: t - minutesAgo * MIN,
        end: null,
        created: t - minutesAgo * MIN,
        modified: t - minutesAgo * MIN,
        intake_id: intakeId,
      }),
    );
    db.intakes.set(intakeId, {
      id: intakeId,
      created: t - minutesAgo * MIN,
      modified: t - minutesAgo * MIN,
      type: '1',
      reason_for_visit: 'Sore throat',
      attachments: [],
      provider: null,
      visit_id: id,
      room_code: 'general',
      member_id: member.id,
    });
  }

  // The closed e-consult's thread: readable, but closed for new messages (409).
  const thread: [string, 'patient' | 'provider', string][] = [
    [
      'm1',
      'patient',
      'Hello, I have had an itchy rash on my forearm for about a week. Photos attached in the intake.',
    ],
    [
      'm2',
      'provider',
      'Thanks for the photos. Has the rash spread, and have you started any new soaps or detergents?',
    ],
    ['m3', 'patient', 'It has not spread. I did switch laundry detergent two weeks ago.'],
    [
      'm4',
      'provider',
      'That fits contact dermatitis. Switch back, use a fragrance-free moisturiser, and write again if it is not better in 10 days.',
    ],
    ['m5', 'patient', 'Will do, thank you!'],
  ];
  thread.forEach(([id, who, content], i) => {
    const actor = who === 'patient' ? patient : derm;
    db.messages.set(`msg_closed_${id}`, {
      id: `msg_closed_${id}`,
      visit_id: SEED_VISITS.econsultClosed,
      type: `${who}_message`,
      actor: {
        id: actor.id,
        type: actor.type,
        display_name:
          typeof actor.title === 'string' && actor.title
            ? `${actor.title} ${actor.full_name}`
            : actor.full_name,
      },
      content,
      created: t - 21 * DAY + i * 3 * HOUR + 0.25,
      attachment_ids: [],
    });
  });
  db.messages.set('msg_open_1', {
    id: 'msg_open_1',
    visit_id: SEED_VISITS.econsultOpen,
    type: 'patient_message',
    actor: { id: patient.id, type: patient.type, display_name: patient.full_name },
    content: 'A small mole on my shoulder looks darker than last year. Should I be worried?',
    created: t - DAY + 0.5,
    attachment_ids: [],
  });
}
