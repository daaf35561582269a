import type { Db } from '../db.ts';
import { SEED_INTAKES, SEED_USERS, SEED_VISITS, seedQueuePatient, seedSurveyResponse } from './ids.ts';

const DAY = 86400;

const POST_VISIT_REASONS = [
  'Quick and easy',
  'The clinician listened carefully',
  'Video froze twice',
  'Got my prescription the same day',
  'Waited longer than expected',
];
const CANCEL_REASONS = ['Found a time that suits me better', 'Felt better', 'Took too long', 'Cost'];

/**
 * Survey responses over the last eight weeks (spec 2.16), for the providers' report: every survey
 * code, several patients and providers, answers beyond `reason` (a rating, a comment).
 */
export function seedSurveys(db: Db, now: number): void {
  const t = Math.floor(now / 1000);
  const patients = [
    SEED_USERS.patient,
    SEED_USERS.patient2,
    seedQueuePatient(1),
    seedQueuePatient(2),
    seedQueuePatient(3),
    seedQueuePatient(4),
  ];
  const providers = [SEED_USERS.provider, SEED_USERS.nurse, SEED_USERS.derm];
  const codes = [
    'post_visit_survey',
    'provider_visit_survey',
    'cancel_intake_survey',
    'cancel_call_survey',
  ] as const;
  for (let i = 0; i < 36; i += 1) {
    const code = codes[i % codes.length] ?? 'post_visit_survey';
    const member = patients[i % patients.length] ?? SEED_USERS.patient;
    const provider = providers[i % providers.length] ?? SEED_USERS.provider;
    const cancelled = code === 'cancel_intake_survey' || code === 'cancel_call_survey';
    const { id, visitId, intakeId } = seedSurveyResponse(i + 1);
    db.surveyResponses.set(id, {
      id,
      survey_code: code,
      clinic_code: 'demo',
      visit_id: cancelled && code === 'cancel_intake_survey' ? '' : visitId,
      intake_id: intakeId,
      room_code: i % 3 === 0 ? 'dermatology' : 'general',
      user_id: member,
      data: cancelled
        ? { reason: CANCEL_REASONS[i % CANCEL_REASONS.length], member_id: member }
        : {
            reason: POST_VISIT_REASONS[i % POST_VISIT_REASONS.length],
            rating: 5 - (i % 3),
            would_recommend: i % 4 !== 3,
            member_id: member,
            provider_id: provider,
          },
      created: t - Math.floor((i * 56 * DAY) / 36) - 3600 * (i % 7),
    });
  }
  // One response of another clinic: the report of this clinic never shows it.
  db.surveyResponses.set('svy_other_clinic', {
    id: 'svy_other_clinic',
    survey_code: 'post_visit_survey',
    clinic_code: 'other-clinic',
    visit_id: SEED_VISITS.other,
    intake_id: SEED_INTAKES.other,
    room_code: 'elsewhere',
    user_id: SEED_USERS.other,
    data: { reason: 'Not this clinic', member_id: SEED_USERS.other },
    created: t - 2 * DAY,
  });
}
