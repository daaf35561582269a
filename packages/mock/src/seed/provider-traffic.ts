import { CUSTOM_FIELDS } from '@telehealth/client/intakes/custom-fields';
import type { Db, UserRecord, VisitRecord } from '../db.ts';
import { SEED_INTAKES, SEED_USERS, SEED_VISITS, seedQueuePatient } from './ids.ts';

const MIN = 60;
const HOUR = 60 * MIN;

/** A 16x16 teal square with a white centre: the photo Casey attached to her walk-in. */
const RASH_PHOTO_PNG =
  'iVBORw0KGgoAAAANSUhEUgAAABAAAAAQCAIAAACQkWg2AAAAHklEQVR4nGPgjskmCTEMcg3/cYBRDfTVMAiTBjEIAOBLXNCF2KNIAAAAAElFTkSuQmCC';

/** A user as a visit embeds it (`member`, `provider`). */
export const person = (u: UserRecord) => ({
  id: u.id,
  first_name: u.first_name,
  last_name: u.last_name,
  full_name: u.full_name,
  email: u.email,
  phone: typeof u.phone === 'string' ? u.phone : '',
  code: u.code,
});

/**
 * Traffic for the provider workspace: the photo and symptom answers on the demo patient's walk-in,
 * e-consults waiting to be accepted in `dermatology` (one with an unanswered patient message), and
 * Dr. Okafor's appointments today. Walk-ins waiting in `general` are seeded with the visits.
 */
export function seedProviderTraffic(db: Db, now: number): void {
  const t = Math.floor(now / 1000);
  const patient = db.users.get(SEED_USERS.patient);
  const provider = db.users.get(SEED_USERS.provider);
  const walkinIntake = db.intakes.get(SEED_INTAKES.walkInWaiting);
  if (!patient || !provider || !walkinIntake) return;

  // Casey's walk-in: generic step answers under the account's field keys, consent, and a photo.
  Object.assign(walkinIntake, {
    'symptoms.symptoms.severity': 'moderate',
    'symptoms.symptoms.fever': 'false',
    'symptoms.symptoms.details': 'Sneezing and itchy eyes, worse in the morning.',
    [CUSTOM_FIELDS.consentAccepted]: '1',
    [CUSTOM_FIELDS.consentAcceptedAt]: String(t - 5 * MIN),
    [CUSTOM_FIELDS.attachmentIds]: 'file_walkin_photo',
    attachments: [{ _id: 'file_walkin_photo', name: 'eyes-photo.png', path: '', size: 120, ext: 'png' }],
  });
  db.files.set('file_walkin_photo', {
    id: 'file_walkin_photo',
    name: 'eyes-photo.png',
    size: atob(RASH_PHOTO_PNG).length,
    ext: 'png',
    meta: {
      category: 'intake_attachment',
      title: 'Photo of my eyes',
      target: { id: SEED_INTAKES.walkInWaiting, type: 'intake' },
      account: { code: 'demo' },
    },
    creator: {
      id: patient.id,
      username: patient.username,
      email: patient.email,
      full_name: patient.full_name,
      type: patient.type,
    },
    created: t - 5 * MIN,
    is_deletable: true,
    _owner: patient.id,
    _mime: 'image/png',
  });
  db.fileBlobs.set('file_walkin_photo', RASH_PHOTO_PNG);

  const visit = (id: string, member: UserRecord, reason: string, over: Partial<VisitRecord>): void => {
    const intakeId = id.replace('vis_', 'int_');
    const created = Number(over.created ?? t - HOUR);
    db.intakes.set(intakeId, {
      id: intakeId,
      created,
      modified: created,
      type: String(over.type ?? 1),
      reason_for_visit: reason,
      attachments: [],
      provider: over.provider_id ?? null,
      visit_id: id,
      room_code: over.room_code ?? 'general',
      member_id: member.id,
      _owner: member.id,
    });
    db.visits.set(id, {
      id,
      code: id.replace('vis_', 'V-').toUpperCase(),
      member_id: member.id,
      provider_id: null,
      account_code: 'demo',
      room_id: 'room_general',
      room_code: 'general',
      type: 1,
      subtype: 3,
      status: 10,
      start: null,
      end: null,
      actual_start: null,
      actual_end: null,
      created,
      modified: created,
      incharge: false,
      isEditExpired: false,
      hosts: [],
      intake_id: intakeId,
      member: person(member),
      provider: null,
      account: { code: 'demo', name: 'Harborview Virtual Care' },
      meeting: null,
      recordings: { count: 0, data: [] },
      ...over,
    });
  };

  const [p3, p4, p5, p6] = [
    seedQueuePatient(3),
    seedQueuePatient(4),
    seedQueuePatient(5),
    seedQueuePatient(6),
  ].map((id) => db.users.get(id));
  const derm = { room_id: 'room_dermatology', room_code: 'dermatology', subtype: 4 } as const;
  if (p3)
    visit(SEED_VISITS.econsultNew1, p3, 'Dry patches on both elbows', { ...derm, created: t - 3 * HOUR });
  if (p4) visit(SEED_VISITS.econsultNew2, p4, 'New freckle on my cheek', { ...derm, created: t - 40 * MIN });
  if (p5 && p6) {
    const meeting = {
      recording_auto_start: false,
      phone_numbers: { US: ['+1 555 0100 200'] },
      hosts: [],
      expiry: t + 2 * 24 * HOUR,
      conference_pin: '318204',
      meeting_id: '800 555 0142',
    };
    const appointment = {
      type: 2,
      status: 20,
      provider_id: provider.id,
      provider: person(provider),
      meeting,
    };
    visit(SEED_VISITS.today1, p5, 'Blood pressure check', {
      ...appointment,
      start: t + 6 * HOUR,
      end: t + 6 * HOUR + 15 * MIN,
      created: t - 2 * 24 * HOUR,
    });
    visit(SEED_VISITS.today2, p6, 'Review of lab results', {
      ...appointment,
      start: t + 7 * HOUR,
      end: t + 7 * HOUR + 30 * MIN,
      created: t - 4 * 24 * HOUR,
    });
  }
}
