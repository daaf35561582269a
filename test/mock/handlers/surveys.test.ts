import { describe, expect, it } from 'vitest';
import { db } from '@telehealth/mock/db';
import { sessionFor, type PersonaCode } from '../../render';
import { SEED_INTAKES, SEED_USERS, SEED_VISITS, seedSurveyResponse } from '@telehealth/mock/seed/ids';

const API = 'http://mock.test/api_v3';
const SURVEY = 'http://mock.test/survey';

type Response = Record<string, unknown> & { data?: Record<string, unknown> };
type ReportBody = { data: Response[]; total_count: number; code?: number; message?: string };

/** The survey step's write: custom fields on the patient's own intake (int_completed, of vis_completed). */
async function answer(fields: Record<string, string>, intakeId: string = SEED_INTAKES.completed) {
  const response = await fetch(`${API}/intakes/${intakeId}`, {
    method: 'POST',
    headers: {
      'X-ApiToken': sessionFor('demo-patient').token.token,
      'X-AccountCode': 'demo',
      'Content-Type': 'application/x-www-form-urlencoded',
    },
    body: new URLSearchParams(fields).toString(),
  });
  return response.status;
}

async function report(query = '', as: PersonaCode = 'demo-provider') {
  const response = await fetch(`${SURVEY}/surveys/all/responses${query}`, {
    headers: { 'X-ApiToken': sessionFor(as).token.token },
  });
  const text = await response.text();
  return { status: response.status, body: JSON.parse(text) as ReportBody };
}

/** Responses of the demo clinic the seed holds (the wizard's intakes hold none before a test writes). */
const seededDemo = () => [...db.surveyResponses.values()].filter((r) => r.clinic_code === 'demo').length;

/** The wizard's response of int_completed (the seed also has a response naming that intake). */
const OWN = 'sr_int_completed';
const own = async () =>
  (await report(`?visit_ids=${SEED_VISITS.completed}`)).body.data.filter((r) => r.id === OWN);

const intake = (id: string = SEED_INTAKES.completed) => db.intakes.get(id) as Record<string, unknown>;

describe('survey report robustness (S7): no stored value makes it fail for the clinic', () => {
  it.each<[string, Record<string, string>]>([
    ['a survey code that is no survey', { survey_code: 'nope' }],
    ['a survey code named like a prototype property', { survey_code: '__proto__' }],
    ['an answer time beyond any date', { survey_code: 'post_visit_survey', survey_answered_at: '1e400' }],
    ['a negative answer time', { survey_code: 'post_visit_survey', survey_answered_at: '-5' }],
    ['an answer time that is not a number', { survey_code: 'post_visit_survey', survey_answered_at: '{}' }],
    [
      'answers named like prototype properties',
      {
        survey_code: 'post_visit_survey',
        'survey.a.constructor': 'x',
        'survey.a.__proto__': '{"polluted":true}',
        'survey.a.toString': 'x',
        'survey.a.': 'empty key',
      },
    ],
    ['a very long answer', { survey_code: 'post_visit_survey', 'survey.a.reason': 'é'.repeat(5000) }],
    ['an answer that is not JSON', { survey_code: 'post_visit_survey', 'survey.a.comment': '{"a":' }],
  ])('a patient’s %s: 200 with every other response', async (_name, fields) => {
    expect(await answer(fields)).toBe(200);
    expect(intake()).toMatchObject(fields);
    const { status, body } = await report();
    expect(status).toBe(200);
    expect(body.data.filter((r) => r.id !== OWN)).toHaveLength(seededDemo());
    expect(body.total_count).toBe(body.data.length);
    const mine = body.data.find((r) => r.id === OWN);
    if (mine) {
      expect(Object.keys(mine.data ?? {})).not.toContain('');
      expect(Object.getPrototypeOf(mine.data)).toBe(Object.prototype);
      expect(Object.keys(mine.data ?? {}).filter((k) => k in {})).toEqual([]);
    }
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('a survey code that is no survey gives no response; a bad answer time falls back to the write', async () => {
    await answer({ survey_code: 'all', 'survey.a.reason': 'x' });
    expect(await own()).toEqual([]);
    await answer({ survey_code: 'post_visit_survey', survey_answered_at: '1e400' });
    const [response] = await own();
    expect(response?.created).toBe(intake().modified);
  });

  it('stored values of any type are kept when they can be read, stringified or skipped otherwise', async () => {
    const record = intake();
    const cyclic: Record<string, unknown> = { a: 1 };
    cyclic.self = cyclic;
    Object.assign(record, {
      survey_code: 'post_visit_survey',
      survey_answered_at: { not: 'a time' },
      'survey.a.rating': 4,
      'survey.a.recommend': false,
      'survey.a.object': { nested: ['x', 1] },
      'survey.a.list': [1, 2],
      'survey.a.big': 10n,
      'survey.a.cyclic': cyclic,
      'survey.a.symbol': Symbol('s'),
      'survey.a.fn': () => 1,
      'survey.a.nan': Number.NaN,
      'survey.a.infinite': Number.POSITIVE_INFINITY,
      'survey.a.nothing': null,
      'survey.a.reason': 'x'.repeat(100_000),
    });
    Object.defineProperty(record, 'survey.a.getter', {
      enumerable: true,
      get() {
        throw new Error('unreadable');
      },
    });
    // A seeded response whose fields are not what the contract says is left out, not a 500.
    db.surveyResponses.set('svy_broken', {
      id: 'svy_broken',
      survey_code: 'post_visit_survey',
      clinic_code: 'demo',
      data: 'not an object',
      created: Number.NaN,
      extra: 10n,
    });
    db.surveyResponses.set('svy_odd', {
      id: 'svy_odd',
      survey_code: 'post_visit_survey',
      clinic_code: 'demo',
      visit_id: 'vis_odd',
      data: { reason: 7, big: 1n, member_id: { id: 'x' } },
      created: 1_000,
      extra: 10n,
    });
    const { status, body } = await report();
    expect(status).toBe(200);
    expect(body.data.find((r) => r.id === 'svy_broken')).toBeUndefined();
    expect(body.data.find((r) => r.id === 'svy_odd')).toEqual({
      id: 'svy_odd',
      survey_code: 'post_visit_survey',
      clinic_code: 'demo',
      visit_id: 'vis_odd',
      data: { reason: '7', big: '1' },
      created: 1_000,
    });
    const mine = body.data.find((r) => r.id === OWN);
    expect(mine?.data).toEqual({
      member_id: SEED_USERS.patient,
      provider_id: SEED_USERS.provider,
      rating: 4,
      recommend: false,
      object: '{"nested":["x",1]}',
      list: '[1,2]',
      big: '10',
      reason: 'x'.repeat(5000),
    });
    expect(mine?.created).toBe(record.modified);
  });
});

describe('survey answers cannot name server-owned fields (S8)', () => {
  it('a posted body naming another patient, provider, visit or time stores and reports the true ones', async () => {
    const before = { ...intake() };
    const seeded = seedSurveyResponse(1);
    const hostile = {
      survey_code: 'post_visit_survey',
      'survey.experience.ease': 'easy',
      'survey.experience.member_id': SEED_USERS.patient2,
      'survey.experience.provider_id': SEED_USERS.derm,
      'survey.experience.user_id': SEED_USERS.patient2,
      'survey.experience.id': seeded.id,
      'survey.experience.visit_id': seeded.visitId,
      'survey.experience.intake_id': seeded.intakeId,
      'survey.experience.created': '1',
      'survey.experience.clinic_code': 'other-clinic',
      'survey.experience.account': 'other-clinic',
      'survey.experience.account_code': 'other-clinic',
      'survey.experience.room_code': 'dermatology',
      'survey.experience.survey_code': 'cancel_call_survey',
      survey_answered_at: '1',
    };
    expect(await answer(hostile)).toBe(200);
    // The intake keeps its own references: the answers are stored as answers, nothing else.
    expect(intake()).toMatchObject({
      id: SEED_INTAKES.completed,
      member_id: before.member_id,
      visit_id: SEED_VISITS.completed,
      room_code: before.room_code,
      created: before.created,
      ...hostile,
    });
    const { status } = await report(`?visit_ids=${SEED_VISITS.completed}`);
    expect(status).toBe(200);
    expect(await own()).toEqual([
      {
        id: `sr_${SEED_INTAKES.completed}`,
        survey_code: 'post_visit_survey',
        clinic_code: 'demo',
        visit_id: SEED_VISITS.completed,
        intake_id: SEED_INTAKES.completed,
        room_code: 'general',
        user_id: SEED_USERS.patient,
        data: { member_id: SEED_USERS.patient, provider_id: SEED_USERS.provider, ease: 'easy' },
        // Not before the intake was made, whatever the body says.
        created: before.created,
      },
    ]);
    // The seeded response the body named is untouched.
    expect(db.surveyResponses.get(seeded.id)).toMatchObject({ id: seeded.id, visit_id: seeded.visitId });
  });

  it('an answer time after the last write is read as the time of that write', async () => {
    expect(
      await answer({
        survey_code: 'post_visit_survey',
        survey_answered_at: String(2 ** 40),
        'survey.a.x': 'y',
      }),
    ).toBe(200);
    const [response] = await own();
    expect(response?.created).toBe(intake().modified);
  });
});
