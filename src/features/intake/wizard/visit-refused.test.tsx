import { screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { beforeAll, describe, expect, it } from 'vitest';
import { db } from '@telehealth/mock/db';
import { api } from '@telehealth/mock/lib/routes';
import { server } from '@telehealth/mock/node';
import { endSeededWalkinBeforeEach } from '~test/queue';
import { renderRoute } from '~test/render';

endSeededWalkinBeforeEach();

beforeAll(async () => {
  await Promise.all([import('@/app/routes/patient/layout'), import('@/app/routes/patient/intake/wizard')]);
});

describe('a visit the clinic refuses to create', () => {
  it('says so in a patient’s words, keeps the answers and does not offer a retry that cannot help', async () => {
    const account = db.accounts.get('demo')!;
    account.intake_steps = [];
    account.post_intake_steps = [];
    server.use(
      http.post(api('/visits/add_walkin'), () =>
        HttpResponse.json({ error: 'bad_request', message: 'Room general not found' }, { status: 400 }),
      ),
    );
    const { user } = renderRoute('/patient/rooms/general/intake?kind=walkin', { as: 'demo-patient' });
    await user.click(await screen.findByRole('button', { name: 'Join the waiting room' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(
      'Your answers are saved, but General practice is not taking this visit from you right now.',
    );
    expect(alert).toHaveTextContent(/choose another room|contact the clinic/);
    expect(alert).not.toHaveTextContent(/not found|try again/i);
  });
});
