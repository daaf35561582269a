import { screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { db } from '@telehealth/mock/db';
import { server } from '@telehealth/mock/node';
import { renderRoute } from '~test/render';
import { INSURANCE_INTAKE_FIELDS } from './insurance-step';
import { endSeededWalkinBeforeEach } from '~test/queue';
import { SEED_USERS, seedQueuePatient } from '@telehealth/mock/seed/ids';

endSeededWalkinBeforeEach();

const stubbed = ['clientHeight', 'clientWidth', 'offsetHeight', 'offsetWidth'] as const;
const descriptors = Object.fromEntries(
  stubbed.map((k) => [k, Object.getOwnPropertyDescriptor(HTMLElement.prototype, k)]),
);
beforeEach(() => {
  for (const key of stubbed)
    Object.defineProperty(HTMLElement.prototype, key, { configurable: true, get: () => 320 });
  const account = db.accounts.get('demo')!;
  account.intake_steps = [
    { code: 'reason', name: 'Reason for visit' },
    { code: 'insurance', name: 'Insurance' },
    { code: 'consent', name: 'Consent' },
  ];
  account.post_intake_steps = [];
});
afterEach(() => {
  for (const key of stubbed) {
    const d = descriptors[key];
    if (d) Object.defineProperty(HTMLElement.prototype, key, d);
  }
});

async function reachInsuranceStep() {
  const view = renderRoute('/patient/rooms/general/intake?kind=walkin', { as: 'demo-patient' });
  await view.user.type(await screen.findByLabelText(/What would you like help with/), 'Check-up');
  await view.user.click(screen.getByRole('button', { name: 'Continue' }));
  // With a card on file the step is confirmed on the review instead: "Change" opens it.
  const heading = await screen.findByRole('heading', { level: 1, name: /^(Insurance|Consent)$/ });
  if (heading.textContent === 'Consent') {
    await view.user.click(screen.getByRole('link', { name: 'Change insurance' }));
  }
  expect(await screen.findByRole('heading', { level: 1, name: 'Insurance' })).toBeInTheDocument();
  // The step's own code loads on demand: wait for its choices.
  await screen.findByRole('radio', { name: 'Use my insurance cards on file' });
  return view;
}

const intakeOf = (router: ReturnType<typeof renderRoute>['router']) =>
  db.intakes.get(new URLSearchParams(router.state.location.search).get('intake') ?? '');

describe('the insurance step', () => {
  it('adds a card, starts a check that stays pending, and goes on with the insurance recorded on the intake', async () => {
    const { user, router } = await reachInsuranceStep();
    // Choosing insurance with no card on file says what to do and stays.
    await user.click(screen.getByRole('radio', { name: 'Use my insurance cards on file' }));
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByText(/There is no insurance card on file yet/)).toBeVisible();
    expect(screen.getByRole('heading', { level: 1, name: 'Insurance' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Add primary card' }));
    await user.type(screen.getByRole('combobox', { name: /insurer or carrier/i }), 'INS0003');
    await user.keyboard('{ArrowDown}{Enter}');
    await user.type(screen.getByRole('textbox', { name: /member id/i }), 'XHM-55501');
    await user.click(screen.getByRole('checkbox', { name: /clinic may use this card/i }));
    await user.click(screen.getByRole('button', { name: 'Save primary card' }));
    await screen.findByText('Primary insurance saved.');
    await user.click(screen.getByRole('button', { name: 'Check my coverage' }));
    await screen.findByText('Waiting for your insurer to answer');

    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Consent' })).toBeInTheDocument();
    await waitFor(() =>
      expect(intakeOf(router)).toMatchObject({
        [INSURANCE_INTAKE_FIELDS.choice]: 'insurance',
        [INSURANCE_INTAKE_FIELDS.eligibilityStatus]: 'pending',
        [INSURANCE_INTAKE_FIELDS.eligibilityJob]: db.eligibility.get(SEED_USERS.patient)?.job_id,
      }),
    );
    expect(db.insuranceCards.get(`${SEED_USERS.patient}:primary`)).toMatchObject({ insurer_code: 'INS0003' });
  });

  it('lets the patient go on as self-pay even when the coverage check failed', async () => {
    db.insuranceCards.set(`${SEED_USERS.patient}:primary`, {
      ...db.insuranceCards.get(`${seedQueuePatient(1)}:primary`)!,
      id: `${SEED_USERS.patient}:primary`,
    });
    server.use(
      http.get('*/api_v3/users/:id/insurances/primary/eligibility', () =>
        HttpResponse.json({ data: { job_id: 'job-9', status: 'failed' } }),
      ),
    );
    const { user, router } = await reachInsuranceStep();
    expect(await screen.findByText('The check could not be completed')).toBeVisible();
    // The card on file was the known answer: the patient changes it to self-pay.
    expect(screen.getByRole('radio', { name: 'Use my insurance cards on file' })).toBeChecked();
    await user.click(screen.getByRole('radio', { name: /Continue without insurance/ }));
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Consent' })).toBeInTheDocument();
    await waitFor(() =>
      expect(intakeOf(router)).toMatchObject({
        [INSURANCE_INTAKE_FIELDS.choice]: 'self_pay',
        [INSURANCE_INTAKE_FIELDS.eligibilityStatus]: '',
      }),
    );
  });
});
