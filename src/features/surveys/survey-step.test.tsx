import { screen, waitFor } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { db } from '@telehealth/mock/db';
import { DEMO_SURVEY_STEP } from '@telehealth/mock/seed/account';
import { chargeNothingIn } from '~test/payments';
import { renderRoute, sessionFor } from '~test/render';
import { endSeededWalkinBeforeEach } from '~test/queue';

endSeededWalkinBeforeEach();

beforeAll(async () => {
  await Promise.all([import('@/app/routes/patient/layout'), import('@/app/routes/patient/intake/wizard')]);
});

describe('the clinic’s survey and the wizard (issue 27)', () => {
  it('is not asked right after joining: the patient lands on the visit, the survey waits for the visit’s end', async () => {
    const account = db.accounts.get('demo');
    if (!account) throw new Error('no demo account');
    account.intake_steps = [{ code: 'reason', name: 'Reason for visit' }];
    account.post_intake_steps = [DEMO_SURVEY_STEP];
    // No payment step in this flow: the room charges nothing, or the mock refuses the visit unpaid.
    chargeNothingIn('general');
    const { user, router } = renderRoute('/patient/rooms/general/intake?kind=walkin', { as: 'demo-patient' });
    await user.type(await screen.findByLabelText(/What would you like help with/), 'Cough');
    await user.click(screen.getByRole('button', { name: 'Join the waiting room' }));
    await waitFor(() => expect(router.state.location.pathname).toMatch(/^\/patient\/visits\//));
    expect(screen.queryByRole('heading', { name: 'Quick survey' })).not.toBeInTheDocument();
    const visitId = router.state.location.pathname.split('/').pop();
    const intake = [...db.intakes.values()].find((i) => i.visit_id === visitId);
    expect(intake?.survey_code).toBeUndefined();
    // The survey service has nothing for the visit until the patient answers on the visit page.
    const response = await fetch(
      `http://mock.test/survey/surveys/post_visit_survey/responses?visit_ids=${String(visitId)}`,
      { headers: { 'X-ApiToken': sessionFor('demo-provider').token.token } },
    );
    expect(((await response.json()) as { total_count: number }).total_count).toBe(0);
  });
});
