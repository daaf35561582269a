import type { Db, RoomRecord } from '../db.ts';
import { PROVIDERS } from './users.ts';
import { SEED_CONSULTATIONS } from './ids.ts';

const HOUR = 3600;
const DAY = 24 * HOUR;

const CONSULTATIONS = {
  general: [
    {
      id: SEED_CONSULTATIONS.generalQuick,
      description: 'Quick consultation',
      duration: 15,
      amount: 49,
      group: false,
      charge: true,
      slots: 1,
      visible_to_patient: true,
    },
    {
      id: SEED_CONSULTATIONS.generalStandard,
      description: 'Standard consultation',
      duration: 30,
      amount: 89,
      group: false,
      charge: true,
      slots: 2,
      visible_to_patient: true,
    },
    {
      id: SEED_CONSULTATIONS.generalGroup,
      description: 'Blood pressure group session',
      duration: 60,
      amount: 25,
      group: true,
      charge: true,
      slots: 4,
      visible_to_patient: true,
    },
  ],
  dermatology: [
    {
      id: SEED_CONSULTATIONS.dermPhoto,
      description: 'Photo skin review',
      duration: 20,
      amount: 59,
      group: false,
      charge: true,
      slots: 1,
      visible_to_patient: true,
    },
    // Answered like an e-consult, free, and not offered in the wizard: a prescription refill request.
    {
      id: 'cons_derm_refill',
      description: 'Prescription refill request',
      duration: 10,
      amount: 0,
      group: false,
      charge: false,
      slots: 1,
      visible_to_patient: false,
    },
  ],
  pediatrics: [
    {
      id: SEED_CONSULTATIONS.peds,
      description: 'Child health visit',
      duration: 20,
      amount: 0,
      group: false,
      charge: false,
      slots: 1,
      visible_to_patient: true,
    },
  ],
  'after-hours': [
    {
      id: SEED_CONSULTATIONS.afterHours,
      description: 'After-hours consultation',
      duration: 15,
      amount: 99,
      group: false,
      charge: true,
      slots: 1,
      visible_to_patient: true,
    },
  ],
};

function room(t: number, code: string, name: string, extra: Partial<RoomRecord>): RoomRecord {
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
    payment: {
      // A copy: a test that changes a price must not change the seed that the next reset uses.
      consultations: structuredClone(CONSULTATIONS[code as keyof typeof CONSULTATIONS] ?? []),
      paymentCurrency: 'usd',
    },
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
        // Hostile on purpose: the portal must sanitise it (RELIABILITY C22); browser tests trap any script run.
        close_message: {
          html: '<p><strong>We are closed today.</strong> For emergencies call 911.</p><p>You can still <a href="https://harborview.example/help">read our help pages</a> or send an e-consult.</p><img src="x" onerror="window.__xss(\'close-message-img\')"><script>window.__xss(\'close-message-script\')</script><a href="javascript:window.__xss(\'close-message-link\')">details</a>',
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
