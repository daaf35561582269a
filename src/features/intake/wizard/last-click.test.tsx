import { screen, waitFor, within } from '@testing-library/react';
import { getResponse, http, HttpResponse } from 'msw';
import { beforeAll, beforeEach, describe, expect, it, onTestFinished } from 'vitest';
import { db } from '@telehealth/mock/db';
import { chargesFor } from '@telehealth/mock/handlers/billing';
import { handlers } from '@telehealth/mock/handlers/index';
import { api } from '@telehealth/mock/lib/routes';
import { server } from '@telehealth/mock/node';
import { chargeNothingIn, serveOnSpecTerms } from '~test/payments';
import { endSeededWalkinBeforeEach } from '~test/queue';
import { renderRoute } from '~test/render';

endSeededWalkinBeforeEach();

beforeAll(async () => {
  await Promise.all([
    import('@/app/routes/patient/layout'),
    import('@/app/routes/patient/intake/wizard'),
    import('@/app/routes/patient/visit'),
  ]);
});

/** A paid walk-in in `general`: reason, consultation, payment, consent. */
beforeEach(() => {
  const account = db.accounts.get('demo')!;
  account.intake_steps = [
    { code: 'reason', name: 'Reason for visit' },
    { code: 'consultation', name: 'Type of consultation' },
    { code: 'payment', name: 'Payment' },
    { code: 'consent', name: 'Consent' },
  ];
  account.post_intake_steps = [];
});

type View = ReturnType<typeof renderRoute>;

const intakeOf = (view: View) => new URLSearchParams(view.router.state.location.search).get('intake') ?? '';

/**
 * Records the requests the wizard sends from now until it hands over to the next page (the
 * router starts to leave the wizard): method and path, the intake id written `{intake}`, and
 * whether an invoice call is a quote or a charge.
 */
function recordUntilTheWizardLeaves(view: View) {
  const sent: Promise<string>[] = [];
  const intakeId = intakeOf(view);
  expect(intakeId, 'the last click is made on an intake that exists').not.toBe('');
  let isOpen = true;
  const stop = view.router.subscribe((state) => {
    if (state.navigation.state !== 'idle' || !state.location.pathname.includes('/intake')) isOpen = false;
  });
  const listener = ({ request }: { request: Request }) => {
    if (!isOpen) return;
    sent.push(
      (async () => {
        const path = new URL(request.url).pathname.replaceAll(intakeId, '{intake}');
        if (!path.endsWith('/billing/invoices/process')) return `${request.method} ${path}`;
        const body = (await request.clone().json()) as { create_invoice?: unknown };
        return `${request.method} ${path} (${body.create_invoice === 1 ? 'charge' : 'quote'})`;
      })(),
    );
  };
  server.events.on('request:start', listener);
  const done = () => {
    server.events.removeListener('request:start', listener);
    stop();
  };
  onTestFinished(done);
  return async () => {
    done();
    return Promise.all(sent);
  };
}

/** Reason, consultation and a new test Visa, then the consent ticked: one click left. */
async function reachTheLastClick(): Promise<View> {
  const view = renderRoute('/patient/rooms/general/intake?kind=walkin', { as: 'demo-patient' });
  const { user } = view;
  await user.type(await screen.findByLabelText(/What would you like help with/), 'Sore throat');
  await user.click(screen.getByRole('button', { name: 'Continue' }));
  await user.click(await screen.findByRole('radio', { name: /Standard consultation/ }));
  await user.click(screen.getByRole('button', { name: 'Continue' }));
  const fields = await screen.findByRole('group', { name: /Card details \(test mode/ });
  await user.click(within(fields).getByRole('radio', { name: /Test Visa ending 4242/ }));
  await user.click(screen.getByRole('button', { name: 'Save card' }));
  await waitFor(() => expect(screen.queryByRole('button', { name: 'Save card' })).not.toBeInTheDocument());
  await user.click(screen.getByRole('button', { name: 'Continue' }));
  await user.click(await screen.findByRole('checkbox', { name: 'I have read this and I agree' }));
  return view;
}

async function clickStart(view: View) {
  const recorded = recordUntilTheWizardLeaves(view);
  await view.user.click(screen.getByRole('button', { name: 'Join the waiting room' }));
  await waitFor(() => expect(view.router.state.location.pathname).toMatch(/^\/patient\/visits\//));
  return recorded();
}

/**
 * The last click of a paid walk-in: the consent saved, the intake read once after it (the read
 * the create-once rule needs: a visit made meanwhile is followed), the room's line checked (no
 * second walk-in), the charge re-checked before it is made, the charge, the visit.
 */
const PAID_WALKIN_LAST_CLICK = [
  'POST /api_v3/intakes/{intake}',
  'GET /api_v3/intakes/{intake}',
  'GET /api_v3/visits',
  'POST /api_v3/billing/invoices/process (quote)',
  'POST /api_v3/billing/invoices/process (charge)',
  'POST /api_v3/visits/add_walkin',
];

const intakeReads = (sent: string[]) => sent.filter((r) => r === 'GET /api_v3/intakes/{intake}');

describe('the last click of the wizard', () => {
  it('sends the save, one read of the intake, the line check, the charge check, the charge and the visit', async () => {
    const view = await reachTheLastClick();
    const intakeId = intakeOf(view);
    const sent = await clickStart(view);
    expect(sent).toEqual(PAID_WALKIN_LAST_CLICK);
    expect(intakeReads(sent)).toHaveLength(1);
    expect([...db.visits.values()].filter((v) => v.intake_id === intakeId)).toHaveLength(1);
    expect(chargesFor(intakeId)).toHaveLength(1);
  });

  it('sends the same on the spec’s terms (custom fields dropped, no payment state)', async () => {
    const spec = serveOnSpecTerms({ price: 'cons_general_30' });
    const view = await reachTheLastClick();
    const intakeId = intakeOf(view);
    const sent = await clickStart(view);
    expect(sent).toEqual(PAID_WALKIN_LAST_CLICK);
    expect(intakeReads(sent)).toHaveLength(1);
    expect(spec.chargeRequests).toBe(1);
    expect(chargesFor(intakeId)).toHaveLength(1);
  });

  it('a retry after the visit’s answer was lost reads the intake once and follows the visit made', async () => {
    let posts = 0;
    server.use(
      http.post(api('/visits/add_walkin'), async ({ request }) => {
        posts += 1;
        if (posts > 1) return undefined;
        // The server creates the visit, then the connection dies before the answer arrives.
        await getResponse(handlers, request.clone());
        return HttpResponse.error();
      }),
    );
    const view = await reachTheLastClick();
    await view.user.click(screen.getByRole('button', { name: 'Join the waiting room' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(/we could not start your visit/);

    const intakeId = intakeOf(view);
    const sent = await clickStart(view);
    expect(sent).toEqual(['POST /api_v3/intakes/{intake}', 'GET /api_v3/intakes/{intake}']);
    expect(posts).toBe(1);
    expect(chargesFor(intakeId)).toHaveLength(1);
  });

  it('an e-consult needs no line check and no charge in a room that charges nothing', async () => {
    chargeNothingIn('dermatology');
    const account = db.accounts.get('demo')!;
    account.intake_steps = [
      { code: 'reason', name: 'Describe your concern' },
      { code: 'consent', name: 'Consent' },
    ];
    const view = renderRoute('/patient/rooms/dermatology/intake', { as: 'demo-patient' });
    await view.user.type(await screen.findByLabelText(/What would you like help with/), 'Itchy patch');
    await view.user.click(screen.getByRole('button', { name: 'Continue' }));
    await view.user.click(await screen.findByRole('checkbox', { name: 'I have read this and I agree' }));
    const recorded = recordUntilTheWizardLeaves(view);
    await view.user.click(screen.getByRole('button', { name: 'Send my e-consult' }));
    await waitFor(() => expect(view.router.state.location.pathname).toMatch(/^\/patient\/visits\//));
    expect(await recorded()).toEqual([
      'POST /api_v3/intakes/{intake}',
      'GET /api_v3/intakes/{intake}',
      'POST /api_v3/visits/add_econsult',
    ]);
  });
});
