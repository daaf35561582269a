import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { env } from '@/config/env';
import { db } from '@telehealth/mock/db';
import { chargesFor } from '@telehealth/mock/handlers/billing';
import { setMockProfile } from '@telehealth/mock/lib/profile';
import { server } from '@telehealth/mock/node';
import { renderRoute } from '~test/render';

beforeAll(async () => {
  await Promise.all([import('@/app/routes/patient/layout'), import('@/app/routes/patient/intake/wizard')]);
});

afterEach(() => setMockProfile(null));

/** The portal as built with `VITE_ACCOUNT_CODE=<code>`, for this test only. */
function portalOf(code: string) {
  const mutable = env as { VITE_ACCOUNT_CODE: string };
  const before = mutable.VITE_ACCOUNT_CODE;
  mutable.VITE_ACCOUNT_CODE = code;
  onTestFinished(() => {
    mutable.VITE_ACCOUNT_CODE = before;
  });
}

/** Every answer the mock gives during the test, as "METHOD /path status". */
function recordAnswers(): string[] {
  const answers: string[] = [];
  const listener = ({ request, response }: { request: Request; response: Response }) => {
    answers.push(`${request.method} ${new URL(request.url).pathname} ${response.status}`);
  };
  server.events.on('response:mocked', listener);
  onTestFinished(() => server.events.removeListener('response:mocked', listener));
  return answers;
}

const failed = (answers: string[]) => answers.filter((a) => / [45]\d\d$/.test(a));
const panel = (name: string) => screen.findByRole('region', { name });
const ASK = 'Ask a clinician in writing';

describe('starting care from the home', () => {
  it('on the demo-econsult portal, offers an e-consult with its price and shows no error', async () => {
    portalOf('demo-econsult');
    const answers = recordAnswers();
    renderRoute('/patient', { as: 'demo-patient' });
    const ask = within(await panel(ASK));
    expect(await ask.findByRole('link', { name: 'Send a question to Skin photo review' })).toHaveAttribute(
      'href',
      '/patient/rooms/skin-photos/intake?kind=econsult',
    );
    expect(ask.getByText('$45.00, paid when you send it')).toBeInTheDocument();
    // The account has no room open for walk-ins.
    expect(screen.queryByRole('region', { name: 'See a provider now' })).not.toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(failed(answers)).toEqual([]);
    expect(answers.filter((a) => a.includes('/rooms/') && !a.includes('/rooms/skin-photos'))).toEqual([]);
  });

  it('takes the e-consult’s $45.00 on the payment step, then sends the e-consult once paid', async () => {
    portalOf('demo-econsult');
    const visitsBefore = new Set(db.visits.keys());
    const { user, router } = renderRoute('/patient', { as: 'demo-patient' });
    const ask = within(await panel(ASK));
    await user.click(await ask.findByRole('link', { name: 'Send a question to Skin photo review' }));

    await screen.findByRole('heading', { level: 1, name: 'Describe your concern' });
    await user.type(screen.getByLabelText(/What would you like help with/), 'A mole that changed colour');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    // The room's one consultation is known, so the wizard goes on to the photos.
    await screen.findByRole('heading', { level: 1, name: 'Photos of the area' });
    const photo = new File(['fake image bytes'], 'mole.png', { type: 'image/png' });
    await user.upload(screen.getByLabelText('Add photos or documents'), photo);
    expect(await screen.findByText('mole.png uploaded.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Continue' }));

    await screen.findByRole('heading', { level: 1, name: 'Payment' });
    const price = within(await screen.findByLabelText('Price'));
    expect(price.getByText('Photo review, answered in writing')).toBeInTheDocument();
    // The consultation's price, and the amount due with no coupon.
    expect(price.getAllByText('$45.00')).toHaveLength(2);
    const intakeId = new URLSearchParams(router.state.location.search).get('intake') ?? '';
    expect(db.intakes.get(intakeId)).toMatchObject({
      room_code: 'skin-photos',
      consultation_id: 'cons_photos',
    });

    const fields = await screen.findByRole('group', { name: /Card details \(test mode/ });
    await user.click(within(fields).getByRole('radio', { name: /Test Visa ending 4242/ }));
    await user.click(screen.getByRole('button', { name: 'Save card' }));
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Save card' })).not.toBeInTheDocument());
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    // Nothing is charged and no e-consult exists before the patient sends it.
    await user.click(await screen.findByRole('checkbox', { name: 'I have read this and I agree' }));
    expect(chargesFor(intakeId)).toEqual([]);
    expect(db.intakes.get(intakeId)?.visit_id ?? null).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Send my e-consult' }));
    // No survey right after sending (it waits for the e-consult's end): the e-consult's page.
    await waitFor(() => expect(router.state.location.pathname).toMatch(/^\/patient\/visits\//));
    expect(chargesFor(intakeId)).toEqual([expect.objectContaining({ amount: 45, last4: '4242' })]);
    const created = [...db.visits.values()].filter((v) => !visitsBefore.has(v.id));
    expect(created).toEqual([
      expect.objectContaining({ intake_id: intakeId, room_code: 'skin-photos', subtype: 4 }),
    ]);
  });

  it('offers e-consults only where the server offers them: none on the spec’s terms', async () => {
    setMockProfile('spec');
    portalOf('demo-econsult');
    renderRoute('/patient', { as: 'demo-patient' });
    await screen.findByRole('heading', { level: 1, name: 'Welcome, Casey' });
    await panel('Your next appointment');
    expect(screen.queryByRole('region', { name: ASK })).not.toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /^Send a question/ })).not.toBeInTheDocument();
  });

  it('on the demo portal, offers walk-ins and e-consults side by side', async () => {
    renderRoute('/patient', { as: 'demo-patient' });
    const now = within(await panel('See a provider now'));
    expect(
      await now.findByRole('link', { name: 'Start a walk-in visit in General practice' }),
    ).toBeInTheDocument();
    const ask = within(await panel(ASK));
    expect(ask.getByRole('link', { name: 'Send a question to Skin clinic (e-consult)' })).toBeInTheDocument();
    // A closed room still takes e-consults, and says when they are answered.
    const item = ask.getAllByRole('listitem').find((li) => within(li).queryByText('After-hours care'));
    const afterHours = within(item!);
    expect(afterHours.getByText('Closed now: a clinician answers when it opens.')).toBeInTheDocument();
    expect(afterHours.getByText('$99.00, paid when you send it')).toBeInTheDocument();
  });
});
