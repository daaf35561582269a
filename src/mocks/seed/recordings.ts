import type { Db, VisitRecord } from '../db';

const MIN = 60;
const DAY = 24 * 60 * MIN;

/**
 * Completed, recorded visits in two rooms (the admin's recordings page), modelled on the seeded
 * completed visit. Links to the recordings are signed per request by the admin handlers.
 */
export function seedRecordings(db: Db, now: number): void {
  const t = Math.floor(now / 1000);
  const template = db.visits.get('vis_completed');
  const patient2 = db.users.get('usr_patient2');
  const derm = db.users.get('usr_derm');
  const nurse = db.users.get('usr_nurse');
  if (!template || !patient2 || !derm || !nurse) return;
  const person = (u: typeof derm) => ({
    id: u.id,
    first_name: u.first_name,
    last_name: u.last_name,
    full_name: u.full_name,
    email: u.email,
    code: u.code,
  });
  const participant = (u: typeof derm) => ({
    first_name: u.first_name,
    last_name: u.last_name,
    platformid: `pf-${u.id}`,
  });
  const recorded = (
    id: string,
    recordingId: number,
    start: number,
    minutes: number,
    over: Partial<VisitRecord>,
  ): VisitRecord => ({
    ...template,
    id,
    code: id.replace('vis_', 'V-').toUpperCase(),
    start,
    end: start + minutes * MIN,
    actual_start: start,
    actual_end: start + minutes * MIN,
    created: start - DAY,
    modified: start + minutes * MIN,
    status: 30,
    intake_id: undefined,
    ...over,
    recordings: {
      count: 1,
      data: [
        {
          id: recordingId,
          visit_id: id,
          start: start + MIN,
          end: start + (minutes - 1) * MIN,
          version: 1,
          participants: [participant(patient2), participant(over.provider_id === nurse.id ? nurse : derm)],
        },
      ],
    },
  });
  const visits = [
    recorded('vis_derm_recorded', 502, t - 6 * DAY, 20, {
      room_id: 'room_dermatology',
      room_code: 'dermatology',
      member_id: patient2.id,
      member: person(patient2),
      provider_id: derm.id,
      provider: person(derm),
    }),
    recorded('vis_general_recorded', 503, t - 3 * DAY, 12, {
      member_id: patient2.id,
      member: person(patient2),
      provider_id: nurse.id,
      provider: person(nurse),
    }),
  ];
  for (const visit of visits) db.visits.set(visit.id, visit);
}
