import type { Db, VisitRecord } from '../db.ts';
import { SEED_USERS, SEED_VISITS, seedQueuePatient } from './ids.ts';

const MIN = 60;
const DAY = 24 * 60 * MIN;

/**
 * Completed, recorded visits in two rooms (the admin's recordings page), modelled on the seeded
 * completed visit. Links to the recordings are signed per request by the admin handlers.
 */
export function seedRecordings(db: Db, now: number): void {
  const t = Math.floor(now / 1000);
  const template = db.visits.get(SEED_VISITS.completed);
  const peds = db.users.get(SEED_USERS.peds);
  // Two directory patients; the personas' own visit lists stay as they were.
  const first = db.users.get(seedQueuePatient(10));
  const second = db.users.get(seedQueuePatient(11));
  if (!template || !peds || !first || !second) return;
  const person = (u: typeof peds) => ({
    id: u.id,
    first_name: u.first_name,
    last_name: u.last_name,
    full_name: u.full_name,
    email: u.email,
    code: u.code,
  });
  const participant = (u: typeof peds) => ({
    first_name: u.first_name,
    last_name: u.last_name,
    platformid: `pf-${u.id}`,
  });
  const recorded = (
    id: string,
    recordingId: number,
    patient: typeof peds,
    start: number,
    minutes: number,
  ): VisitRecord => ({
    ...template,
    id,
    code: id.replace('vis_', 'V-').toUpperCase(),
    room_id: 'room_pediatrics',
    room_code: 'pediatrics',
    member_id: patient.id,
    member: person(patient),
    provider_id: peds.id,
    provider: person(peds),
    start,
    end: start + minutes * MIN,
    actual_start: start,
    actual_end: start + minutes * MIN,
    created: start - DAY,
    modified: start + minutes * MIN,
    status: 30,
    intake_id: undefined,
    recordings: {
      count: 1,
      data: [
        {
          id: recordingId,
          visit_id: id,
          start: start + MIN,
          end: start + (minutes - 1) * MIN,
          version: 1,
          participants: [participant(patient), participant(peds)],
        },
      ],
    },
  });
  for (const visit of [
    recorded(SEED_VISITS.pedsRecorded, 502, first, t - 6 * DAY, 20),
    recorded(SEED_VISITS.pedsFollowup, 503, second, t - 3 * DAY, 12),
  ])
    db.visits.set(visit.id, visit);
}
