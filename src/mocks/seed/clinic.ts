import type { Db, Rec } from '../db';
import { PROVIDERS } from './users';

const MIN = 60;
const HOUR = 60 * MIN;
const DAY = 24 * HOUR;

const CONSULTATIONS = {
  general: [
    { id: 'cons_general_15', description: 'Quick consultation', duration: 15, amount: 49, group: false, charge: true, slots: 1, visible_to_patient: true },
    { id: 'cons_general_30', description: 'Standard consultation', duration: 30, amount: 89, group: false, charge: true, slots: 2, visible_to_patient: true },
  ],
  dermatology: [
    { id: 'cons_derm_photo', description: 'Photo skin review', duration: 20, amount: 59, group: false, charge: true, slots: 1, visible_to_patient: true },
  ],
  pediatrics: [
    { id: 'cons_peds_20', description: 'Child health visit', duration: 20, amount: 0, group: false, charge: false, slots: 1, visible_to_patient: true },
  ],
  'after-hours': [
    { id: 'cons_after_15', description: 'After-hours consultation', duration: 15, amount: 99, group: false, charge: true, slots: 1, visible_to_patient: true },
  ],
};

function room(t: number, code: string, name: string, extra: Partial<Rec>): Rec {
  const providers = PROVIDERS.filter((p) => p.rooms.includes(code)).map((p) => p.id);
  return {
    id: `room_${code.replace(/-/g, '_')}`,
    code,
    slug: code,
    name,
    domain: 'demo',
    account_code: 'demo',
    active: true,
    users: providers.join(','),
    provider_ids: providers,
    public_access_room: true,
    created: t - 400 * DAY,
    modified: t - 3 * DAY,
    subtitle: '',
    description: '',
    specialties: [],
    visits: { walkin: { enabled: true }, appointment: { enabled: true }, econsult: { enabled: false } },
    auth: { guest: { type: 1, log_in: { enabled: true } } },
    payment: { consultations: CONSULTATIONS[code as keyof typeof CONSULTATIONS] ?? [], paymentCurrency: 'usd' },
    operation_settings: {
      is_closed: false,
      close_msg: '',
      close_message: { html: '' },
      closed_days: ['Sunday'],
      default_timezone: 'America/New_York',
      is_closed_now: false,
      is_open_all_time: false,
      is_scheduled_closed: false,
    },
    _queue: { length: 3, capacity: 20, average_visit_time: 600 },
    ...extra,
  };
}

export function seedRooms(db: Db, now: number): void {
  const t = Math.floor(now / 1000);
  const rooms = [
    room(t, 'general', 'General practice', {
      subtitle: 'Same-day care for everyday concerns',
      description: 'See a licensed clinician by video for colds, infections, prescriptions and follow-ups.',
      specialties: [
        { code: 'family', name: 'Family medicine', duration: 15 },
        { code: 'followup', name: 'Follow-up visit', duration: 30 },
      ],
    }),
    room(t, 'dermatology', 'Skin clinic (e-consult)', {
      subtitle: 'Send photos, get answers within one business day',
      description: 'Describe your skin concern and upload photos. A dermatologist replies in writing.',
      specialties: [{ code: 'derm', name: 'Dermatology', duration: 20 }],
      visits: { walkin: { enabled: false }, appointment: { enabled: false }, econsult: { enabled: true } },
    }),
    room(t, 'pediatrics', 'Pediatrics', {
      subtitle: 'Video visits for children and teens',
      description: 'A parent or guardian must be present for the whole visit.',
      specialties: [{ code: 'peds', name: 'Pediatrics', duration: 20 }],
      operation_settings: {
        is_closed: false,
        close_msg: '',
        close_message: { html: '' },
        closed_days: ['Saturday', 'Sunday'],
        default_timezone: 'America/Chicago',
        is_closed_now: false,
        is_open_all_time: false,
        is_scheduled_closed: false,
      },
    }),
    room(t, 'after-hours', 'After-hours care', {
      subtitle: 'Evenings and weekends',
      description: 'Urgent but not emergency care outside office hours.',
      specialties: [{ code: 'urgent', name: 'Urgent care', duration: 15 }],
      visits: { walkin: { enabled: true }, appointment: { enabled: true }, econsult: { enabled: true } },
      operation_settings: {
        is_closed: true,
        close_msg: 'After-hours care is closed for maintenance today.',
        close_message: {
          html: '<p><strong>We are closed today.</strong> For emergencies call 911.</p><p>You can still <a href="https://harborview.example/help">read our help pages</a> or send an e-consult.</p><img src="x" onerror="window.__xss=1"><script>window.__xss=2</script>',
        },
        closed_days: ['Monday'],
        default_timezone: 'America/New_York',
        is_closed_now: true,
        is_open_all_time: false,
        is_scheduled_closed: true,
      },
    }),
  ];
  for (const r of rooms) db.rooms.set(String(r.code), r);
}

/** Visits of every status for the demo patient, times relative to now. */
export function seedVisits(db: Db, now: number): void {
  const t = Math.floor(now / 1000);
  const patient = db.users.get('usr_patient');
  const provider = db.users.get('usr_provider');
  const derm = db.users.get('usr_derm');
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
  const base = (id: string, over: Partial<Rec>): Rec => ({
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
  const visits: Rec[] = [
    base('vis_upcoming', { start: t + 2 * DAY + 3 * HOUR, end: t + 2 * DAY + 3 * HOUR + 30 * MIN, status: 20, intake_id: 'int_upcoming' }),
    base('vis_pending', { start: t + 5 * DAY, end: t + 5 * DAY + 15 * MIN, status: 10, provider_id: null, provider: null, intake_id: 'int_pending' }),
    base('vis_inprogress', {
      start: t - 10 * MIN,
      end: t + 20 * MIN,
      actual_start: t - 8 * MIN,
      status: 25,
      type: 1,
      intake_id: 'int_inprogress',
    }),
    base('vis_completed', {
      start: t - 14 * DAY,
      end: t - 14 * DAY + 30 * MIN,
      actual_start: t - 14 * DAY,
      actual_end: t - 14 * DAY + 25 * MIN,
      status: 30,
      intake_id: 'int_completed',
      recordings: {
        count: 1,
        data: [
          {
            id: 501,
            visit_id: 'vis_completed',
            start: t - 14 * DAY + 60,
            end: t - 14 * DAY + 24 * MIN,
            version: 1,
            participants: [
              { first_name: 'Casey', last_name: 'Morgan', platformid: 'pf-usr_patient' },
              { first_name: 'Samira', last_name: 'Okafor', platformid: 'pf-usr_provider' },
            ],
          },
        ],
      },
    }),
    base('vis_cancelled', { start: t - 30 * DAY, end: t - 30 * DAY + 15 * MIN, status: 40, intake_id: 'int_cancelled' }),
    base('vis_econsult_closed', {
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
      intake_id: 'int_econsult_closed',
      _closedForMessages: true,
    }),
    base('vis_econsult_open', {
      room_id: 'room_dermatology',
      room_code: 'dermatology',
      provider_id: derm.id,
      provider: person(derm),
      type: 1,
      subtype: 4,
      status: 20,
      start: null,
      end: null,
      created: t - 1 * DAY,
      intake_id: 'int_econsult_open',
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
      provider: v.provider_id ?? '',
      visit_id: v.id,
      room_code: v.room_code,
      member_id: patient.id,
      location: 'NY',
      phone: typeof patient.phone === 'string' ? patient.phone : '',
    });
  }

  // The closed e-consult's thread: readable, but closed for new messages (409).
  const thread: [string, 'patient' | 'provider', string][] = [
    ['m1', 'patient', 'Hello, I have had an itchy rash on my forearm for about a week. Photos attached in the intake.'],
    ['m2', 'provider', 'Thanks for the photos. Has the rash spread, and have you started any new soaps or detergents?'],
    ['m3', 'patient', 'It has not spread. I did switch laundry detergent two weeks ago.'],
    ['m4', 'provider', 'That fits contact dermatitis. Switch back, use a fragrance-free moisturiser, and write again if it is not better in 10 days.'],
    ['m5', 'patient', 'Will do, thank you!'],
  ];
  thread.forEach(([id, who, content], i) => {
    const actor = who === 'patient' ? patient : derm;
    db.messages.set(`msg_closed_${id}`, {
      id: `msg_closed_${id}`,
      visit_id: 'vis_econsult_closed',
      type: `${who}_message`,
      actor: { id: actor.id, type: actor.type, display_name: actor.full_name },
      content,
      created: t - 21 * DAY + i * 3 * HOUR + 0.25,
      attachment_ids: [],
    });
  });
  db.messages.set('msg_open_1', {
    id: 'msg_open_1',
    visit_id: 'vis_econsult_open',
    type: 'patient_message',
    actor: { id: patient.id, type: patient.type, display_name: patient.full_name },
    content: 'A small mole on my shoulder looks darker than last year. Should I be worried?',
    created: t - DAY + 0.5,
    attachment_ids: [],
  });
}

export function seedNotifications(db: Db, now: number): void {
  const titles = [
    'Your appointment is confirmed',
    'New message from your care team',
    'Your visit summary is ready',
    'Reminder: appointment tomorrow',
    'Your prescription was sent to the pharmacy',
    'Please complete a short survey',
    'New message from your care team',
    'Your insurance card was updated',
    'Your provider is ready',
    'Payment received',
    'New document available',
    'Reminder: complete your intake',
    'Welcome to Harborview Virtual Care',
    'Your e-consult was closed',
  ];
  titles.forEach((title, i) => {
    const mtime = now - i * 7 * HOUR * 1000;
    db.notifications.set(`ntf_${i + 1}`, {
      id: `ntf_${i + 1}`,
      user_id: 'usr_patient',
      type: i % 3 === 0 ? 'visit' : i % 3 === 1 ? 'message' : 'system',
      time: Math.floor(mtime / 1000),
      mtime,
      is_new: i < 4,
      read: i >= 6,
      title,
      image: '',
    });
  });
  db.notifications.set('ntf_provider_1', {
    id: 'ntf_provider_1',
    user_id: 'usr_provider',
    type: 'visit',
    time: Math.floor(now / 1000) - HOUR,
    mtime: now - HOUR * 1000,
    is_new: true,
    read: false,
    title: 'A patient is waiting in General practice',
    image: '',
  });
}

/** Open slots for every provider over the next 30 days, in 30-minute steps during clinic hours. */
export function seedSlots(db: Db, now: number): void {
  const t = Math.floor(now / 1000);
  const dayStart = t - (t % DAY);
  for (const p of PROVIDERS) {
    const groupId = `grp_${p.id}`;
    db.slotGroups.set(groupId, {
      id: groupId,
      date_start: String(dayStart),
      date_end: String(dayStart + 30 * DAY),
      time_start: String(dayStart + 14 * HOUR),
      time_end: String(dayStart + 22 * HOUR),
      repeat: true,
      repeat_day: ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday'],
      repeat_week: 1,
      account_code: 'demo',
      provider_id: p.id,
      visit_type: 'one',
      consultation: 'cons_general_30',
      timezone: 'America/New_York',
      created: t - 40 * DAY,
      modified: t - 40 * DAY,
    });
    for (let d = 0; d < 30; d += 1) {
      const day = dayStart + d * DAY;
      const weekday = new Date(day * 1000).getUTCDay();
      if (weekday === 0 || weekday === 6) continue;
      // 14:00-22:00 UTC is 9:00-17:00 / 10:00-18:00 on the US east coast.
      for (let h = 14 * 2; h < 22 * 2; h += 1) {
        const start = day + h * 30 * MIN;
        if (start < t + HOUR) continue;
        // Deterministically leave some slots taken so the picker shows gaps.
        if ((d * 7 + h + p.id.length) % 5 === 0) continue;
        const id = `slot_${p.id.replace('usr_', '')}_${d}_${h}`;
        db.slots.set(id, {
          id,
          provider_id: p.id,
          account_code: 'demo',
          start,
          end: start + 30 * MIN,
          group_id: groupId,
          status: 10,
          created: t - 40 * DAY,
          modified: t - 40 * DAY,
          _room_codes: p.rooms,
        });
      }
    }
  }
}
