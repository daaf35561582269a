import { TZDate } from '@date-fns/tz';
import type { Db, SlotGroupRecord, SlotRecord, UserRecord } from '../db';
import { slotRecordsOf, zonedInstant } from '../lib/slot-groups';

const MIN = 60;
const HOUR = 60 * MIN;
const DAY = 24 * HOUR;

/** Consultations of room `general` (seed/rooms.ts), copied onto the groups that offer them. */
const CONSULTATION = {
  quick: { id: 'cons_general_15', description: 'Quick consultation', duration: 15, group: false, slots: 1 },
  standard: {
    id: 'cons_general_30',
    description: 'Standard consultation',
    duration: 30,
    group: false,
    slots: 1,
  },
  class: {
    id: 'cons_general_group',
    description: 'Blood pressure group session',
    duration: 60,
    group: true,
    slots: 4,
  },
} as const;

interface GroupSeed {
  id: string;
  provider: string;
  zone: string;
  /** First day, as days from today in the group's zone. */
  fromDay: number;
  days: number;
  /** Daily window, minutes after local midnight. */
  from: number;
  to: number;
  weekdays: string[] | null;
  everyWeeks?: number;
  consultation: (typeof CONSULTATION)[keyof typeof CONSULTATION];
}

function today(zone: string, t: number) {
  const date = new TZDate(t * 1000, zone);
  return { year: date.getFullYear(), month: date.getMonth(), day: date.getDate() };
}

/** The first local day (days from today) on which the zone's UTC offset changes, within a year. */
export function nextOffsetChange(zone: string, t: number): number | null {
  const { year, month, day } = today(zone, t);
  for (let n = 1; n < 400; n += 1) {
    const before = zonedInstant(year, month, day + n, 0, zone);
    const after = zonedInstant(year, month, day + n + 1, 0, zone);
    if (after - before !== DAY) return n;
  }
  return null;
}

function groupRecord(seed: GroupSeed, t: number): SlotGroupRecord {
  const { year, month, day } = today(seed.zone, t);
  return {
    id: seed.id,
    date_start: String(zonedInstant(year, month, day + seed.fromDay, 0, seed.zone)),
    date_end: String(zonedInstant(year, month, day + seed.fromDay + seed.days - 1, 0, seed.zone)),
    time_start: String(zonedInstant(year, month, day + seed.fromDay, seed.from, seed.zone)),
    time_end: String(zonedInstant(year, month, day + seed.fromDay, seed.to, seed.zone)),
    repeat: seed.days > 1,
    repeat_day: seed.weekdays ?? [],
    repeat_week: seed.everyWeeks ?? 1,
    account_code: 'demo',
    provider_id: seed.provider,
    visit_type: seed.consultation.group ? 'group' : 'one',
    consultation: { ...seed.consultation, visible_to_patient: true },
    timezone: seed.zone,
    created: t - 40 * DAY,
    modified: t - 40 * DAY,
    _room_codes: ['general'],
  };
}

const WEEKDAYS = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday'];

/**
 * Slot groups of two providers in two zones over the next 30 days (Dr. Okafor in New York, Noah
 * Lindqvist in London), a weekly group session with four places, a fortnightly group, and three
 * days around each zone's next daylight-saving change. Slots are materialised from the groups.
 */
export function seedSlots(db: Db, now: number): void {
  const t = Math.floor(now / 1000);
  const ny = 'America/New_York';
  const london = 'Europe/London';
  const seeds: GroupSeed[] = [
    {
      id: 'grp_okafor_weekdays',
      provider: 'usr_provider',
      zone: ny,
      fromDay: 0,
      days: 30,
      from: 9 * 60,
      to: 17 * 60,
      weekdays: WEEKDAYS,
      consultation: CONSULTATION.standard,
    },
    {
      id: 'grp_okafor_quick',
      provider: 'usr_provider',
      zone: ny,
      fromDay: 0,
      days: 30,
      from: 8 * 60,
      to: 12 * 60,
      weekdays: ['saturday'],
      consultation: CONSULTATION.quick,
    },
    {
      id: 'grp_okafor_class',
      provider: 'usr_provider',
      zone: ny,
      fromDay: 0,
      days: 30,
      from: 18 * 60,
      to: 19 * 60,
      weekdays: ['wednesday'],
      consultation: CONSULTATION.class,
    },
    {
      id: 'grp_lindqvist_weekdays',
      provider: 'usr_nurse',
      zone: london,
      fromDay: 0,
      days: 30,
      from: 13 * 60,
      to: 18 * 60,
      weekdays: ['monday', 'tuesday', 'thursday'],
      consultation: CONSULTATION.standard,
    },
    {
      id: 'grp_lindqvist_fortnightly',
      provider: 'usr_nurse',
      zone: london,
      fromDay: 0,
      days: 30,
      from: 9 * 60,
      to: 12 * 60,
      weekdays: ['friday'],
      everyWeeks: 2,
      consultation: CONSULTATION.quick,
    },
  ];
  for (const [zone, provider, key] of [
    [ny, 'usr_provider', 'okafor'],
    [london, 'usr_nurse', 'lindqvist'],
  ] as const) {
    const change = nextOffsetChange(zone, t);
    if (change === null) continue;
    // The day before, the day of and the day after the change, at the same local hours.
    seeds.push({
      id: `grp_${key}_dst`,
      provider,
      zone,
      fromDay: change - 1,
      days: 3,
      from: 8 * 60,
      to: 12 * 60,
      weekdays: null,
      consultation: CONSULTATION.standard,
    });
  }
  for (const seed of seeds) {
    const group = groupRecord(seed, t);
    db.slotGroups.set(seed.id, group);
    for (const slot of slotRecordsOf(group, t - 40 * DAY)) {
      // Slots that began before now are history, not offers.
      if (slot.start < t) continue;
      db.slots.set(slot.id, slot);
    }
  }
}

/**
 * Seeded bookings by a third patient (persona `demo-patient-3`, in Chicago), so the picker shows
 * gaps and the group session has one place left.
 */
export function seedBookings(db: Db, now: number): void {
  const t = Math.floor(now / 1000);
  const patient: UserRecord = {
    id: 'usr_patient3',
    code: 'demo-patient-3',
    type: 200,
    first_name: 'Jamie',
    last_name: 'Rivera',
    full_name: 'Jamie Rivera',
    username: 'demo-patient-3',
    email: 'demo-patient-3@example.test',
    platformid: 'pf-usr_patient3',
    account_code: 'demo',
    clinics: ['demo'],
    tos: true,
    active: true,
    status: 1,
    subtype: '',
    timezone: 'America/Chicago',
    created: t - 90 * DAY,
    email_verified: true,
    signup_step: 0,
    nationality: '',
    photo: '',
    rooms: [],
    dob: '1979-02-03',
    state: 'IL',
  };
  db.users.set(patient.id, patient);
  const slotsOf = (groupId: string, after: number) =>
    [...db.slots.values()]
      .filter((s) => s.group_id === groupId && s.start >= after)
      .sort((a, b) => a.start - b.start);
  const picks: [SlotRecord | undefined, number][] = [
    [slotsOf('grp_okafor_weekdays', t + DAY)[0], 1],
    [slotsOf('grp_okafor_weekdays', t + DAY)[2], 1],
    [slotsOf('grp_lindqvist_weekdays', t + 2 * DAY)[1], 1],
    // Three of the four places of the next group session: one place left.
    [slotsOf('grp_okafor_class', t)[0], 3],
  ];
  let n = 0;
  for (const [slot, places] of picks) {
    if (!slot) continue;
    const provider = db.users.get(slot.provider_id);
    for (let p = 0; p < places; p += 1) {
      n += 1;
      const id = `vis_seed_booked_${n}`;
      const intakeId = `int_seed_booked_${n}`;
      db.intakes.set(intakeId, {
        id: intakeId,
        created: t - 3 * DAY,
        modified: t - 3 * DAY,
        type: '2',
        reason_for_visit: 'Follow-up',
        attachments: [],
        provider: slot.provider_id,
        visit_id: id,
        room_code: 'general',
        member_id: patient.id,
        location: 'IL',
        phone: '',
        _owner: patient.id,
      });
      db.visits.set(id, {
        id,
        code: `V-SEED-${n}`,
        member_id: patient.id,
        provider_id: slot.provider_id,
        account_code: 'demo',
        room_id: 'room_general',
        room_code: 'general',
        type: 2,
        subtype: 3,
        status: 20,
        start: slot.start,
        end: slot.end,
        actual_start: null,
        actual_end: null,
        created: t - 3 * DAY,
        modified: t - 3 * DAY,
        incharge: false,
        isEditExpired: false,
        hosts: [],
        intake_id: intakeId,
        member: {
          id: patient.id,
          first_name: patient.first_name,
          last_name: patient.last_name,
          full_name: patient.full_name,
          email: patient.email,
          code: patient.code,
        },
        provider: provider
          ? {
              id: provider.id,
              first_name: provider.first_name,
              last_name: provider.last_name,
              full_name: provider.full_name,
              email: provider.email,
              code: provider.code,
            }
          : null,
        account: { code: 'demo', name: 'Harborview Virtual Care' },
        meeting: null,
        recordings: { count: 0, data: [] },
        _slot_id: slot.id,
      });
    }
  }
}
