import { TZDate } from '@date-fns/tz';
import type { Db, SlotGroupRecord, SlotRecord, UserRecord } from '../db.ts';
import { BOOKING_NOTICE_SECONDS, slotRecordsOf, zonedInstant } from '../lib/slot-groups.ts';
import { SEED_CONSULTATIONS, SEED_SLOT_GROUPS, SEED_USERS, seedQueuePatient } from './ids.ts';

const MIN = 60;
const HOUR = 60 * MIN;
const DAY = 24 * HOUR;

/** Consultations of room `general` (seed/rooms.ts), copied onto the groups that offer them. */
const CONSULTATION = {
  quick: {
    id: SEED_CONSULTATIONS.generalQuick,
    description: 'Quick consultation',
    duration: 15,
    group: false,
    slots: 1,
  },
  standard: {
    id: SEED_CONSULTATIONS.generalStandard,
    description: 'Standard consultation',
    duration: 30,
    group: false,
    slots: 1,
  },
  class: {
    id: SEED_CONSULTATIONS.generalGroup,
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

/**
 * The first local day (days from today, `from` or later) on which the zone's UTC offset changes,
 * within a year.
 */
export function nextOffsetChange(zone: string, t: number, from = 1): number | null {
  const { year, month, day } = today(zone, t);
  for (let n = from; n < 400; n += 1) {
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
      id: SEED_SLOT_GROUPS.okafor,
      provider: SEED_USERS.provider,
      zone: ny,
      fromDay: 0,
      days: 30,
      from: 9 * 60,
      to: 17 * 60,
      weekdays: WEEKDAYS,
      consultation: CONSULTATION.standard,
    },
    {
      id: SEED_SLOT_GROUPS.okaforQuick,
      provider: SEED_USERS.provider,
      zone: ny,
      fromDay: 0,
      days: 30,
      from: 8 * 60,
      to: 12 * 60,
      weekdays: ['saturday'],
      consultation: CONSULTATION.quick,
    },
    {
      id: SEED_SLOT_GROUPS.okaforClass,
      provider: SEED_USERS.provider,
      zone: ny,
      fromDay: 0,
      days: 30,
      from: 18 * 60,
      to: 19 * 60,
      weekdays: ['wednesday'],
      consultation: CONSULTATION.class,
    },
    {
      id: SEED_SLOT_GROUPS.lindqvist,
      provider: SEED_USERS.nurse,
      zone: london,
      fromDay: 0,
      days: 30,
      from: 13 * 60,
      to: 18 * 60,
      weekdays: ['monday', 'tuesday', 'thursday'],
      consultation: CONSULTATION.standard,
    },
    {
      id: SEED_SLOT_GROUPS.lindqvistFortnightly,
      provider: SEED_USERS.nurse,
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
  for (const [zone, provider, id] of [
    [ny, SEED_USERS.provider, SEED_SLOT_GROUPS.okaforDst],
    [london, SEED_USERS.nurse, SEED_SLOT_GROUPS.lindqvistDst],
  ] as const) {
    // From the day after tomorrow: the day before the change is then tomorrow or later, so all
    // three days lie ahead of now whatever the hour (a change tomorrow gives way to the next one).
    const change = nextOffsetChange(zone, t, 2);
    if (change === null) continue;
    // The day before, the day of and the day after the change, at the same local hours.
    seeds.push({
      id,
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

/** Active visits of the slot's provider that overlap it. */
function overlapping(db: Db, slot: SlotRecord): number {
  let count = 0;
  for (const visit of db.visits.values()) {
    if (visit.status === 40 || visit.status === 50) continue;
    if (visit.provider_id !== slot.provider_id || typeof visit.start !== 'number') continue;
    const end = typeof visit.end === 'number' ? visit.end : visit.start;
    if (visit.start < slot.end && end > slot.start) count += 1;
  }
  return count;
}

function seededPatient(id: string, code: string, first: string, last: string, t: number): UserRecord {
  return {
    id,
    code,
    type: 200,
    first_name: first,
    last_name: last,
    full_name: `${first} ${last}`,
    username: code,
    email: `${code}@example.test`,
    platformid: `pf-${id}`,
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
}

/**
 * Seeded bookings by other patients (persona `demo-patient-3`, in Chicago, and two class members),
 * so the picker shows gaps and the group session has one place left. Runs after every other visit
 * is seeded and books only slots no other visit of the provider overlaps: the session it fills is
 * by construction the first one availability offers, whatever the day and hour.
 */
export function seedBookings(db: Db, now: number): void {
  const t = Math.floor(now / 1000);
  const patient = seededPatient(SEED_USERS.patient3, 'demo-patient-3', 'Jamie', 'Rivera', t);
  db.users.set(patient.id, patient);
  // Two patients of the clinic's longer list share the group session.
  const classmates = [seedQueuePatient(2), seedQueuePatient(3)]
    .map((id) => db.users.get(id))
    .filter((user): user is UserRecord => user !== undefined);
  const freeSlotsOf = (groupId: string, after: number) =>
    [...db.slots.values()]
      .filter((s) => s.group_id === groupId && s.start >= after && s.start > t + BOOKING_NOTICE_SECONDS)
      .filter((s) => overlapping(db, s) === 0)
      .sort((a, b) => a.start - b.start);
  const weekdays = freeSlotsOf(SEED_SLOT_GROUPS.okafor, t + DAY);
  const picks: [SlotRecord | undefined, UserRecord[]][] = [
    [weekdays[0], [patient]],
    [weekdays[2], [patient]],
    [freeSlotsOf(SEED_SLOT_GROUPS.lindqvist, t + 2 * DAY)[1], [patient]],
    // Three of the four places of the next group session, one patient each: one place left.
    [freeSlotsOf(SEED_SLOT_GROUPS.okaforClass, t)[0], [patient, ...classmates]],
  ];
  let n = 0;
  for (const [slot, members] of picks) {
    if (!slot) continue;
    const provider = db.users.get(slot.provider_id);
    for (const member of members) {
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
        member_id: member.id,
        location: 'IL',
        phone: '',
        _owner: member.id,
      });
      db.visits.set(id, {
        id,
        code: `V-SEED-${n}`,
        member_id: member.id,
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
          id: member.id,
          first_name: member.first_name,
          last_name: member.last_name,
          full_name: member.full_name,
          email: member.email,
          code: member.code,
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
