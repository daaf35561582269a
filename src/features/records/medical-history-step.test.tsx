import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { beforeAll, describe, expect, it } from 'vitest';
import { db, nowSeconds } from '@telehealth/mock/db';
import { api } from '@telehealth/mock/lib/routes';
import { server } from '@telehealth/mock/node';
import { renderRoute } from '~test/render';
import { endSeededWalkinBeforeEach } from '~test/queue';
import { SEED_USERS } from '@telehealth/mock/seed/ids';

endSeededWalkinBeforeEach();

beforeAll(async () => {
  await Promise.all([import('@/app/routes/patient/layout'), import('@/app/routes/patient/intake/wizard')]);
});

const CONSENT = { code: 'consent', name: 'Consent', text: 'I agree.', next: { title: 'Start my visit' } };

/** The flow, with Casey's record last looked at a year ago, so the step asks (a current one is confirmed). */
function setSteps(intakeSteps: unknown[], { recordAgeDays = 365 } = {}) {
  const account = db.accounts.get('demo');
  if (!account) throw new Error('no demo account');
  account.intake_steps = intakeSteps;
  account.post_intake_steps = [];
  for (const [key, entry] of db.emr) {
    if (key.startsWith(`${SEED_USERS.patient}:`)) entry.modified = nowSeconds() - recordAgeDays * 86_400;
  }
}

const section = (name: string) => screen.getByRole('region', { name });
const newIntakes = (before: Set<string>) => [...db.intakes.values()].filter((i) => !before.has(i.id));

describe('medical_history step', () => {
  it('a record looked at within 180 days is confirmed on the review, not asked again', async () => {
    setSteps([{ code: 'medical_history', name: 'Medical history' }, CONSENT], { recordAgeDays: 20 });
    const { user } = renderRoute('/patient/rooms/general/intake?kind=walkin', { as: 'demo-patient' });
    const review = await screen.findByRole('region', { name: 'Check your answers' });
    expect(review).toHaveTextContent(/Your health record, up to date since/);
    expect(screen.getByRole('heading', { level: 1, name: 'Consent' })).toBeInTheDocument();
    await user.click(within(review).getByRole('link', { name: 'Change medical history' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Medical history' })).toBeInTheDocument();
  });

  it('shows only the sections the step names, pre-filled, and "Nothing has changed, continue" moves on in one click', async () => {
    setSteps([
      {
        code: 'medical_history',
        name: 'Medical history',
        sections: [
          { code: 'allergies', schema: {}, form: [] },
          { code: 'medications', schema: {}, form: [] },
        ],
      },
      CONSENT,
    ]);
    const before = new Set(db.intakes.keys());
    const { user } = renderRoute('/patient/rooms/general/intake?kind=walkin', { as: 'demo-patient' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Medical history' })).toBeInTheDocument();
    await screen.findByRole('region', { name: 'Allergies' });
    expect(screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent)).toEqual([
      'Allergies',
      'Medications',
    ]);
    expect(section('Allergies')).toHaveTextContent('Penicillin');
    await user.click(screen.getByRole('button', { name: 'Nothing has changed, continue' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Consent' })).toBeInTheDocument();
    const [intake] = newIntakes(before);
    expect(intake?.portal_steps_done).toBe('medical_history');
    expect(db.emr.get(`${SEED_USERS.patient}:allergies`)?.data).toEqual([{ substance: 'Penicillin' }]);
  });

  it('saves an edited section to the record, not the intake, and will not move on past unsaved typing', async () => {
    setSteps([{ code: 'medical_history', name: 'Medical history' }, CONSENT]);
    const before = new Set(db.intakes.keys());
    const { user } = renderRoute('/patient/rooms/general/intake?kind=walkin', { as: 'demo-patient' });
    await screen.findByRole('region', { name: 'Health habits' });
    expect(screen.getAllByRole('heading', { level: 2 })).toHaveLength(7);
    await user.click(within(section('Allergies')).getByRole('button', { name: 'Edit allergies' }));
    await user.click(within(section('Allergies')).getByRole('button', { name: 'Add an allergy' }));
    await user.keyboard('Latex');
    await user.click(screen.getByRole('button', { name: 'Nothing has changed, continue' }));
    expect(await screen.findByText(/Save or cancel your changes to allergies first\./)).toBeInTheDocument();
    expect(within(section('Allergies')).getByRole('textbox', { name: 'Allergy 2' })).toHaveValue('Latex');

    await user.click(within(section('Allergies')).getByRole('button', { name: 'Save allergies' }));
    await waitFor(() => expect(section('Allergies')).toHaveTextContent('Latex'));
    expect(db.emr.get(`${SEED_USERS.patient}:allergies`)).toMatchObject({
      data: [{ substance: 'Penicillin' }, { substance: 'Latex' }],
      data_not_reported: false,
    });
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Consent' })).toBeInTheDocument();
    const [intake] = newIntakes(before);
    expect(JSON.stringify(intake)).not.toContain('Latex');
  });

  it('keeps the patient on the step with the record saved when moving on fails', async () => {
    setSteps([{ code: 'medical_history', name: 'Medical history' }, CONSENT]);
    server.use(
      http.post(api('/intakes'), () =>
        HttpResponse.json({ error: 'server', message: 'down' }, { status: 503 }),
      ),
    );
    const { user } = renderRoute('/patient/rooms/general/intake?kind=walkin', { as: 'demo-patient' });
    await screen.findByRole('region', { name: 'Allergies' });
    await user.click(screen.getByRole('button', { name: 'Nothing has changed, continue' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('The clinic is having trouble right now.');
    expect(screen.getByRole('heading', { level: 1, name: 'Medical history' })).toBeInTheDocument();
  });
});
