import { screen, waitFor } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { db } from '@/mocks/db';
import { DEMO_SURVEY_STEP } from '@/mocks/seed/account';
import { chargeNothingIn } from '~test/payments';
import { renderRoute, sessionFor } from '~test/render';
import { endSeededWalkinBeforeEach } from '~test/queue';
import { SEED_USERS } from '@/mocks/seed/ids';

endSeededWalkinBeforeEach();

beforeAll(async () => {
  await Promise.all([import('@/app/routes/patient/layout'), import('@/app/routes/patient/intake/wizard')]);
});

async function reachSurvey() {
  const account = db.accounts.get('demo');
  if (!account) throw new Error('no demo account');
  account.intake_steps = [{ code: 'reason', name: 'Reason for visit' }];
  account.post_intake_steps = [DEMO_SURVEY_STEP];
  // No payment step in this flow: the room charges nothing, or the mock refuses the visit unpaid.
  chargeNothingIn('general');
  const utils = renderRoute('/patient/rooms/general/intake?kind=walkin', { as: 'demo-patient' });
  await utils.user.type(await screen.findByLabelText(/What would you like help with/), 'Cough');
  await utils.user.click(screen.getByRole('button', { name: 'Join the waiting room' }));
  expect(await screen.findByRole('heading', { level: 1, name: 'Quick survey' })).toBeInTheDocument();
  const intakeId = new URLSearchParams(utils.router.state.location.search).get('intake') ?? '';
  return { ...utils, intakeId };
}

describe('survey step', () => {
  it('asks the survey’s questions and keeps the answers on the intake with the survey’s code', async () => {
    const { user, router, intakeId } = await reachSurvey();
    expect(screen.getByText(/Two short questions about getting care today/)).toBeInTheDocument();
    await user.click(screen.getByRole('radio', { name: 'Easy' }));
    await user.type(screen.getByRole('textbox', { name: 'Anything we could do better?' }), 'Shorter wait');
    await user.click(screen.getByRole('button', { name: 'Finish' }));
    await waitFor(() => expect(router.state.location.pathname).toMatch(/^\/patient\/visits\//));
    const intake = db.intakes.get(intakeId);
    expect(intake).toMatchObject({
      survey_code: 'post_visit_survey',
      'survey.experience.ease': 'easy',
      'survey.experience.comment': 'Shorter wait',
    });
    expect(Number((intake as Record<string, unknown>).survey_answered_at)).toBeGreaterThan(0);
  });

  it('answers come back from the survey service as a response of the visit, for the clinic team', async () => {
    const { user, router, intakeId } = await reachSurvey();
    await user.click(screen.getByRole('radio', { name: 'Very hard' }));
    await user.click(screen.getByRole('button', { name: 'Finish' }));
    await waitFor(() => expect(router.state.location.pathname).toMatch(/^\/patient\/visits\//));
    const visitId = String(db.intakes.get(intakeId)?.visit_id);
    const response = await fetch(
      `http://mock.test/survey/surveys/post_visit_survey/responses?visit_ids=${visitId}`,
      { headers: { 'X-ApiToken': sessionFor('demo-provider').token.token } },
    );
    const body = (await response.json()) as { data: Record<string, unknown>[]; total_count: number };
    expect(body.total_count).toBe(1);
    expect(body.data[0]).toMatchObject({
      survey_code: 'post_visit_survey',
      clinic_code: 'demo',
      visit_id: visitId,
      intake_id: intakeId,
      user_id: SEED_USERS.patient,
      data: { ease: 'very_hard', member_id: SEED_USERS.patient },
    });
  });

  it('can be passed without answering: the answers are optional', async () => {
    const { user, router, intakeId } = await reachSurvey();
    await user.click(screen.getByRole('button', { name: 'Finish' }));
    await waitFor(() => expect(router.state.location.pathname).toMatch(/^\/patient\/visits\//));
    expect(db.intakes.get(intakeId)?.survey_code).toBe('post_visit_survey');
  });
});
