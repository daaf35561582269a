import { TZDate } from '@date-fns/tz';
import { addDays, startOfDay } from 'date-fns';
import type { Db, UserRecord, VisitRecord } from '../db.ts';
import { SEED_HISTORY_PATIENTS, SEED_USERS, seedHistoryPatient, seedHistoryVisit } from './ids.ts';
import { person } from './provider-traffic.ts';

const MIN = 60;
const HOUR = 60 * MIN;
const DAY = 24 * HOUR;
const DAYS = 56;
/** The clinic keeps New York hours: history visits fall between 8 AM and 6 PM there. */
const CLINIC_ZONE = 'America/New_York';

/** A small deterministic generator (mulberry32): the same history on every reset. */
function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let x = Math.imul(a ^ (a >>> 15), 1 | a);
    x = (x + Math.imul(x ^ (x >>> 7), 61 | x)) ^ x;
    return ((x ^ (x >>> 14)) >>> 0) / 4_294_967_296;
  };
}

const FIRST = ['Ari', 'Bea', 'Cruz', 'Dana', 'Eli', 'Fern', 'Gray', 'Hollis', 'Iris', 'Jo', 'Kit', 'Lane'];
const LAST = [
  'Nakamura',
  'Olsen',
  'Pryce',
  'Quade',
  'Ramos',
  'Soto',
  'Tran',
  'Ueda',
  'Voss',
  'Wren',
  'Yates',
  'Zell',
];
const REASONS = ['Sore throat', 'Follow-up', 'Back pain', 'Cough', 'Medication review', 'Ear ache', 'Rash'];
const GOOD = ['Quick and easy', 'The clinician listened carefully', 'Got my prescription the same day'];
const POOR = ['Waited longer than expected', 'Video froze twice'];

/** Where each kind of history visit happens, and who sees it. */
const ROOMS = {
  general: { id: 'room_general', providers: [SEED_USERS.provider, SEED_USERS.nurse] },
  pediatrics: { id: 'room_pediatrics', providers: [SEED_USERS.peds] },
  'after-hours': { id: 'room_after-hours', providers: [SEED_USERS.provider] },
} as const;
type RoomCode = keyof typeof ROOMS;

/**
 * Eight weeks of the clinic's past, for the clinic insights page: about ten visits a weekday (fewer
 * at weekends) across its rooms — walk-ins with their waits, appointments with some no-shows and
 * cancellations, e-consults with a reply on their thread — and post-visit survey scores that rise
 * over the weeks. Every visit is closed and ends before the seed day begins in any time zone, and
 * all of them belong to history patients, so the personas' lists are as they were.
 */
export function seedHistory(db: Db, now: number): void {
  const t = Math.floor(now / 1000);
  const random = prng(20_260_101);
  const between = (lo: number, hi: number) => lo + Math.floor(random() * (hi - lo + 1));
  const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)] as T;
  // No day anywhere began earlier than 24 hours ago: ending before that, and before the clinic's
  // own midnight, keeps history off every "today".
  const clinicToday = startOfDay(new TZDate(now, CLINIC_ZONE));
  const cutoff = Math.min(Math.floor(clinicToday.getTime() / 1000), t - DAY);

  const patients: UserRecord[] = [];
  for (let n = 1; n <= SEED_HISTORY_PATIENTS; n += 1) {
    const first = FIRST[n - 1] ?? 'Sam';
    const last = LAST[n - 1] ?? 'Lee';
    const patient: UserRecord = {
      id: seedHistoryPatient(n),
      code: `history-patient-${n}`,
      username: `history-patient-${n}`,
      type: 200,
      first_name: first,
      last_name: last,
      full_name: `${first} ${last}`,
      email: `history-patient-${n}@example.test`,
      platformid: `pf-${seedHistoryPatient(n)}`,
      account_code: 'demo',
      clinics: ['demo'],
      tos: true,
      active: true,
      status: 1,
      subtype: '',
      timezone: CLINIC_ZONE,
      created: t - 300 * DAY,
      email_verified: true,
      signup_step: 0,
      nationality: '',
      photo: '',
      rooms: [],
    };
    db.users.set(patient.id, patient);
    patients.push(patient);
  }

  // Each patient's booked times, so nobody has two visits at once.
  const busy = new Map<string, [number, number][]>();
  const freePatient = (from: number, to: number): UserRecord | undefined => {
    const offset = Math.floor(random() * patients.length);
    for (let i = 0; i < patients.length; i += 1) {
      const candidate = patients[(offset + i) % patients.length];
      if (!candidate) continue;
      const taken = busy.get(candidate.id) ?? [];
      if (taken.every(([a, b]) => to <= a || b <= from)) return candidate;
    }
    return undefined;
  };
  let seq = 0;
  let message = 0;
  let survey = 0;
  const add = (room: RoomCode, over: Partial<VisitRecord>): VisitRecord | null => {
    const providerId = pick(ROOMS[room].providers);
    const provider = db.users.get(providerId);
    const from = Number(over.start ?? over.created ?? t);
    const to = Math.max(from + MIN, Number(over.end ?? over.actual_end ?? from + HOUR));
    const member = freePatient(from, to);
    if (!provider || !member) return null;
    seq += 1;
    const id = seedHistoryVisit(seq);
    const visit: VisitRecord = {
      id,
      code: id.replace('vis_', 'V-').toUpperCase(),
      member_id: member.id,
      provider_id: provider.id,
      account_code: 'demo',
      room_id: ROOMS[room].id,
      room_code: room,
      type: 1,
      subtype: 3,
      status: 30,
      start: null,
      end: null,
      actual_start: null,
      actual_end: null,
      created: t,
      modified: t,
      incharge: false,
      isEditExpired: false,
      hosts: [],
      intake_id: null,
      member: person(member),
      provider: person(provider),
      account: { code: 'demo', name: 'Harborview Virtual Care' },
      meeting: null,
      recordings: { count: 0, data: [] },
      _closedForMessages: true,
      ...over,
    };
    const last = [visit.end, visit.actual_end, visit.modified, visit.created]
      .map(Number)
      .filter(Number.isFinite);
    if (Math.max(...last) >= cutoff) {
      seq -= 1;
      return null;
    }
    db.visits.set(id, visit);
    busy.set(member.id, [...(busy.get(member.id) ?? []), [from, to]]);
    return visit;
  };

  /** A post-visit survey for some held visits; scores drift from about 3.4 to 4.4 over the weeks. */
  const rate = (visit: VisitRecord, progress: number, waited: number) => {
    if (random() > 0.4 || typeof visit.actual_end !== 'number') return;
    const drift = 3.4 + progress + (random() - 0.5) * 1.6 - (waited > 30 ? 0.8 : 0);
    const rating = Math.max(1, Math.min(5, Math.round(drift)));
    const created = visit.actual_end + between(10, 180) * MIN;
    if (created >= cutoff) return;
    survey += 1;
    const id = `svy_h${String(survey).padStart(4, '0')}`;
    db.surveyResponses.set(id, {
      id,
      survey_code: 'post_visit_survey',
      clinic_code: 'demo',
      visit_id: visit.id,
      intake_id: null,
      room_code: visit.room_code ?? null,
      user_id: visit.member_id,
      data: {
        reason: rating >= 4 ? pick(GOOD) : pick(POOR),
        rating,
        would_recommend: rating >= 4,
        member_id: visit.member_id,
        provider_id: visit.provider_id ?? null,
      },
      created,
    });
  };

  const today = startOfDay(new TZDate(now, CLINIC_ZONE));
  for (let back = DAYS; back >= 1; back -= 1) {
    const day = addDays(today, -back);
    const at = (minutes: number) => Math.floor(day.getTime() / 1000) + minutes * MIN;
    const weekend = day.getDay() === 0 || day.getDay() === 6;
    const monday = day.getDay() === 1;
    const progress = (DAYS - back) / DAYS;

    // Walk-ins: general all day, pediatrics in the afternoon, after-hours in the evening.
    const walkins = weekend ? between(2, 3) : between(4, 6);
    for (let i = 0; i < walkins; i += 1) {
      const room: RoomCode =
        i === walkins - 1 && !weekend ? 'after-hours' : i % 3 === 2 ? 'pediatrics' : 'general';
      const arrived = at(room === 'after-hours' ? between(16 * 60, 17 * 60) : between(8 * 60, 16 * 60));
      const roll = random();
      if (roll < 0.04) {
        add(room, {
          type: 1,
          status: 40,
          start: arrived,
          created: arrived,
          modified: arrived + between(3, 20) * MIN,
        });
        continue;
      }
      if (roll < 0.09) {
        // Left the queue before being seen: closed without ever starting.
        const left = arrived + between(20, 50) * MIN;
        add(room, { type: 1, status: 30, start: arrived, end: left, created: arrived, modified: left });
        continue;
      }
      // Waits: mostly 4–20 minutes, longer on Mondays, now and then a long one.
      const base = between(4, 20) + (monday ? between(5, 15) : 0) + (random() < 0.08 ? between(20, 40) : 0);
      const began = arrived + base * MIN;
      const ended = began + between(8, 20) * MIN;
      const visit = add(room, {
        type: 1,
        start: arrived,
        end: ended,
        actual_start: began,
        actual_end: ended,
        created: arrived,
        modified: ended,
      });
      if (visit) rate(visit, progress, base);
    }

    // Appointments on the quarter hour in general and pediatrics.
    const appointments = weekend ? between(1, 2) : between(4, 5);
    for (let i = 0; i < appointments; i += 1) {
      const room: RoomCode = i % 2 ? 'pediatrics' : 'general';
      const start = at(between(9 * 4, 17 * 4 - 1) * 15);
      const length = random() < 0.5 ? 15 : 30;
      const common = {
        type: 2,
        start,
        end: start + length * MIN,
        created: start - between(1, 10) * DAY,
      };
      const roll = random();
      if (roll < 0.08) {
        add(room, { ...common, status: 40, modified: start - between(1, 48) * HOUR });
        continue;
      }
      if (roll < 0.15) {
        add(room, { ...common, status: 30, modified: start + length * MIN + HOUR });
        continue;
      }
      const began = start + between(0, 8) * MIN;
      const ended = began + (length - between(0, 5)) * MIN;
      const visit = add(room, { ...common, actual_start: began, actual_end: ended, modified: ended });
      if (visit) rate(visit, progress, 0);
    }

    // E-consults, answered in writing after hours by Dr. Okafor (dermatology's lists stay as seeded).
    const econsults = weekend ? between(0, 1) : between(1, 2);
    for (let i = 0; i < econsults; i += 1) {
      const room: RoomCode = 'after-hours';
      const created = at(between(7 * 60, 20 * 60));
      const reply = created + between(30, 20 * 60) * MIN + between(0, 59);
      const closed = reply + between(2, 30) * HOUR;
      const visit = add(room, {
        type: 1,
        subtype: 4,
        created,
        actual_end: closed,
        modified: closed,
      });
      if (!visit) continue;
      const member = db.users.get(visit.member_id);
      const provider = visit.provider_id ? db.users.get(visit.provider_id) : undefined;
      if (!member || !provider) continue;
      const thread: [UserRecord, string, number][] = [
        [member, `${pick(REASONS)}: could someone take a look at the photo I sent?`, created + 30],
        [provider, 'Thanks for writing. From what you describe this can be treated at home.', reply],
        [member, 'Thank you, that helps.', reply + between(1, 6) * HOUR],
      ];
      for (const [author, content, when] of thread) {
        message += 1;
        const id = `msg_h${String(message).padStart(4, '0')}`;
        db.messages.set(id, {
          id,
          visit_id: visit.id,
          type: author.type === 200 ? 'patient_message' : 'provider_message',
          actor: {
            id: author.id,
            type: author.type,
            display_name:
              typeof author.title === 'string' && author.title
                ? `${author.title} ${author.full_name}`
                : author.full_name,
          },
          content,
          created: Math.min(when, cutoff - 1) + 0.25,
          attachment_ids: [],
        });
      }
    }
  }
}
