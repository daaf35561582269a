import { screen, waitFor } from '@testing-library/react';
import { getResponse, http, HttpResponse } from 'msw';
import { beforeAll, describe, expect, it } from 'vitest';
import { db } from '@telehealth/mock/db';
import { handlers } from '@telehealth/mock/handlers/index';
import { server } from '@telehealth/mock/node';
import { QUICK_INTAKE_STEPS } from '@telehealth/mock/seed/account';
import { chargeNothingIn } from '~test/payments';
import { renderRoute } from '~test/render';
import { endSeededWalkinBeforeEach } from '~test/queue';
import { noPhoneOnFileBeforeEach } from '~test/profile';
import { SEED_VISITS } from '@telehealth/mock/seed/ids';

endSeededWalkinBeforeEach();
noPhoneOnFileBeforeEach();

// The route modules load lazily; loading them once up front keeps the first test inside its timeouts.
beforeAll(async () => {
  await Promise.all([
    import('@/app/routes/patient/layout'),
    import('@/app/routes/patient/intake/wizard'),
    import('@/app/routes/patient/visit'),
  ]);
});

function setSteps(intakeSteps: unknown[], postSteps: unknown[] = []) {
  const account = db.accounts.get('demo')!;
  account.intake_steps = intakeSteps;
  account.post_intake_steps = postSteps;
  // These flows have no payment step: the rooms charge nothing, or the mock refuses the visit unpaid.
  chargeNothingIn();
}

const newIntakes = (before: Set<string>) => [...db.intakes.values()].filter((i) => !before.has(i.id));
const newVisits = (before: Set<string>) => [...db.visits.values()].filter((v) => !before.has(v.id));

async function answerReason(
  user: ReturnType<typeof renderRoute>['user'],
  text = 'Sore throat for three days',
) {
  await user.type(await screen.findByLabelText(/What would you like help with/), text);
  await user.click(screen.getByRole('button', { name: 'Continue' }));
}

async function answerLocation(user: ReturnType<typeof renderRoute>['user']) {
  await user.selectOptions(await screen.findByLabelText(/Which state are you in/), 'NY');
  await user.type(screen.getByLabelText(/Phone number/), '212 555 0100');
  await user.click(screen.getByRole('button', { name: 'Continue' }));
}

describe('intake wizard: save as you go', () => {
  it('creates the intake at the first step, updates it after each step and creates one walk-in visit at the end', async () => {
    setSteps(QUICK_INTAKE_STEPS);
    const intakesBefore = new Set(db.intakes.keys());
    const visitsBefore = new Set(db.visits.keys());
    const { user, router } = renderRoute('/patient/rooms/general/intake?kind=walkin', { as: 'demo-patient' });

    expect(await screen.findByRole('heading', { level: 1, name: 'Reason for visit' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/patient/rooms/general/intake/reason');
    expect(screen.getByText(/Walk-in visit · General practice · Step 1 of 3/)).toBeInTheDocument();
    await answerReason(user);

    expect(await screen.findByRole('heading', { level: 1, name: 'Where you are' })).toBeInTheDocument();
    const [created] = newIntakes(intakesBefore);
    expect(created).toMatchObject({
      room_code: 'general',
      type: '1',
      reason_for_visit: 'Sore throat for three days',
      portal_steps_done: 'reason',
    });
    expect(router.state.location.search).toBe(`?intake=${created!.id}`);
    await answerLocation(user);

    expect(await screen.findByRole('heading', { level: 1, name: 'Consent' })).toBeInTheDocument();
    expect(db.intakes.get(created!.id)).toMatchObject({
      location: 'NY',
      phone: '212 555 0100',
      portal_steps_done: 'reason,location',
    });
    expect(newVisits(visitsBefore)).toHaveLength(0);

    await user.click(screen.getByRole('checkbox', { name: 'I have read this and I agree' }));
    await user.click(screen.getByRole('button', { name: 'Join the waiting room' }));

    await waitFor(() => expect(router.state.location.pathname).toMatch(/^\/patient\/visits\//));
    const visits = newVisits(visitsBefore);
    expect(visits).toHaveLength(1);
    expect(router.state.location.pathname).toBe(`/patient/visits/${visits[0]!.id}`);
    expect(db.intakes.get(created!.id)).toMatchObject({ visit_id: visits[0]!.id, consent_accepted: '1' });
    expect(newIntakes(intakesBefore)).toHaveLength(1);
  });

  it('keeps the answers on screen and retries when a save fails', async () => {
    setSteps(QUICK_INTAKE_STEPS);
    const intakesBefore = new Set(db.intakes.keys());
    server.use(
      http.post(
        '*/api_v3/intakes',
        () => HttpResponse.json({ error: 'server', message: 'boom' }, { status: 500 }),
        { once: true },
      ),
    );
    const { user } = renderRoute('/patient/rooms/general/intake/reason?kind=walkin', { as: 'demo-patient' });
    await answerReason(user, 'Headache');

    expect(await screen.findByRole('alert')).toHaveTextContent(
      /trouble right now.*Your answers are still here/,
    );
    expect(screen.getByLabelText(/What would you like help with/)).toHaveValue('Headache');
    expect(newIntakes(intakesBefore)).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Where you are' })).toBeInTheDocument();
    expect(newIntakes(intakesBefore)).toHaveLength(1);
  });

  it('saves once when the access token expired while the patient was typing (case D34)', async () => {
    setSteps(QUICK_INTAKE_STEPS);
    const intakesBefore = new Set(db.intakes.keys());
    const { user } = renderRoute('/patient/rooms/general/intake/reason?kind=walkin', { as: 'demo-patient' });
    await user.type(await screen.findByLabelText(/What would you like help with/), 'Back pain');
    // The server now refuses the token the portal holds: 401, refresh, then the save is replayed once.
    for (const token of db.tokens.values()) if (token.kind === 'access') token.expiry = 1;
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Where you are' })).toBeInTheDocument();
    expect(newIntakes(intakesBefore)).toHaveLength(1);
    expect(newIntakes(intakesBefore)[0]?.reason_for_visit).toBe('Back pain');
  });

  it('resumes at the same step with the saved answers after a reload, and Back shows earlier answers', async () => {
    setSteps(QUICK_INTAKE_STEPS);
    const intakesBefore = new Set(db.intakes.keys());
    const view = renderRoute('/patient/rooms/general/intake?kind=walkin', { as: 'demo-patient' });
    await answerReason(view.user, 'Rash on my arm');
    await screen.findByRole('heading', { level: 1, name: 'Where you are' });
    const url = `${view.router.state.location.pathname}${view.router.state.location.search}`;
    view.unmount();

    // A reload (or a new sign-in with the same return path) starts from the address alone.
    const { user } = renderRoute(url, { as: 'demo-patient' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Where you are' })).toBeInTheDocument();
    await user.click(screen.getByRole('link', { name: 'Back' }));
    expect(await screen.findByLabelText(/What would you like help with/)).toHaveValue('Rash on my arm');
    expect(newIntakes(intakesBefore)).toHaveLength(1);
  });

  it('keeps unsaved answers of a step when the patient goes back and forward again', async () => {
    setSteps(QUICK_INTAKE_STEPS);
    const { user } = renderRoute('/patient/rooms/general/intake?kind=walkin', { as: 'demo-patient' });
    await answerReason(user);
    await user.type(await screen.findByLabelText(/Phone number/), '212 555');
    await user.click(screen.getByRole('link', { name: 'Back' }));
    await screen.findByRole('heading', { level: 1, name: 'Reason for visit' });
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByLabelText(/Phone number/)).toHaveValue('212 555');
  });

  it('sends a patient who opens a later step first to the first unanswered step', async () => {
    setSteps(QUICK_INTAKE_STEPS);
    const { router } = renderRoute('/patient/rooms/general/intake/consent?kind=walkin', {
      as: 'demo-patient',
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Reason for visit' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/patient/rooms/general/intake/reason');
  });

  it('never shows one patient’s answers to another patient on the same browser', async () => {
    setSteps(QUICK_INTAKE_STEPS);
    const view = renderRoute('/patient/rooms/general/intake?kind=walkin', { as: 'demo-patient' });
    await answerReason(view.user, 'Private reason');
    await screen.findByRole('heading', { level: 1, name: 'Where you are' });
    const url = `${view.router.state.location.pathname}${view.router.state.location.search}`;
    view.unmount();

    // The second patient has accepted the terms, so the portal opens straight on the address.
    [...db.users.values()].find((u) => u.code === 'demo-patient-2')!.tos = true;
    renderRoute(url, { as: 'demo-patient-2' });
    expect(
      await screen.findByRole('heading', { name: 'We could not find these answers' }),
    ).toBeInTheDocument();
    expect(screen.queryByText('Private reason')).not.toBeInTheDocument();
  });

  it('says so when the intake in the address cannot be found', async () => {
    setSteps(QUICK_INTAKE_STEPS);
    renderRoute('/patient/rooms/general/intake/reason?intake=int_missing', { as: 'demo-patient' });
    expect(
      await screen.findByRole('heading', { name: 'We could not find these answers' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Start again' })).toHaveAttribute(
      'href',
      '/patient/rooms/general/intake',
    );
  });
});

describe('intake wizard: the visit is created once (case D32)', () => {
  async function reachConsent() {
    setSteps([
      { code: 'reason', name: 'Reason for visit' },
      { code: 'consent', name: 'Consent' },
    ]);
    const view = renderRoute('/patient/rooms/general/intake?kind=walkin', { as: 'demo-patient' });
    await answerReason(view.user);
    await view.user.click(await screen.findByRole('checkbox', { name: 'I have read this and I agree' }));
    return view;
  }

  it('a double click on the last step creates one visit', async () => {
    const visitsBefore = new Set(db.visits.keys());
    const { user, router } = await reachConsent();
    await user.dblClick(screen.getByRole('button', { name: 'Join the waiting room' }));
    await waitFor(() => expect(router.state.location.pathname).toMatch(/^\/patient\/visits\//));
    expect(newVisits(visitsBefore)).toHaveLength(1);
  });

  it('a retry after the visit answer was lost goes to the visit already made', async () => {
    const visitsBefore = new Set(db.visits.keys());
    let posts = 0;
    server.use(
      http.post('*/api_v3/visits/add_walkin', async ({ request }) => {
        posts += 1;
        if (posts > 1) return undefined;
        // The server applies the write, then the connection dies before the answer arrives.
        await getResponse(handlers, request.clone());
        return HttpResponse.error();
      }),
    );
    const { user, router } = await reachConsent();
    await user.click(screen.getByRole('button', { name: 'Join the waiting room' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      /Your answers are saved, but we could not start your visit/,
    );
    expect(newVisits(visitsBefore)).toHaveLength(1);

    await user.click(screen.getByRole('button', { name: 'Join the waiting room' }));
    const [visit] = newVisits(visitsBefore);
    await waitFor(() => expect(router.state.location.pathname).toBe(`/patient/visits/${visit!.id}`));
    expect(newVisits(visitsBefore)).toHaveLength(1);
    expect(posts).toBe(1);
  });

  it('a second tab that already created the visit is followed, not repeated', async () => {
    const visitsBefore = new Set(db.visits.keys());
    const { user, router } = await reachConsent();
    const intakeId = new URLSearchParams(router.state.location.search).get('intake')!;
    // The other tab: same intake, visit created there.
    db.intakes.get(intakeId)!.visit_id = 'vis_other_tab';
    db.visits.set('vis_other_tab', {
      ...db.visits.get(SEED_VISITS.pending)!,
      id: 'vis_other_tab',
      intake_id: intakeId,
      status: 10,
    });
    let posts = 0;
    server.use(http.post('*/api_v3/visits/add_walkin', () => void (posts += 1)));

    await user.click(screen.getByRole('button', { name: 'Join the waiting room' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/patient/visits/vis_other_tab'));
    expect(posts).toBe(0);
    expect(newVisits(visitsBefore).map((v) => v.id)).toEqual(['vis_other_tab']);
  });

  it('after the visit exists, the intake steps lead on to the post-intake steps', async () => {
    setSteps(
      [{ code: 'reason', name: 'Reason for visit' }],
      [{ code: 'legacy_widget', name: 'Quick survey' }],
    );
    const { user, router } = renderRoute('/patient/rooms/general/intake?kind=walkin', { as: 'demo-patient' });
    await user.type(await screen.findByLabelText(/What would you like help with/), 'Cough');
    await user.click(screen.getByRole('button', { name: 'Join the waiting room' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Quick survey' })).toBeInTheDocument();
    expect(screen.getByText(/Your visit is set up/)).toBeInTheDocument();
    expect(screen.getByRole('note', { name: 'Step skipped' })).toBeInTheDocument();
    const intakeId = new URLSearchParams(router.state.location.search).get('intake')!;
    const visitId = String(db.intakes.get(intakeId)!.visit_id);

    // The reason step's address now leads to what remains, never to a second visit.
    await router.navigate(`/patient/rooms/general/intake/reason?intake=${intakeId}`);
    await waitFor(() =>
      expect(router.state.location.pathname).toBe('/patient/rooms/general/intake/legacy_widget'),
    );
    await user.click(await screen.findByRole('button', { name: 'Finish' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/patient/visits/${visitId}`));
  });
});

describe('intake wizard: which visit', () => {
  it('creates an e-consult in a room that offers only e-consults', async () => {
    setSteps([
      { code: 'reason', name: 'Describe your concern' },
      { code: 'consent', name: 'Consent' },
    ]);
    const visitsBefore = new Set(db.visits.keys());
    const { user, router } = renderRoute('/patient/rooms/dermatology/intake', { as: 'demo-patient' });
    expect(
      await screen.findByText(/E-consult · Skin clinic \(e-consult\) · Step 1 of 2/),
    ).toBeInTheDocument();
    await answerReason(user, 'Itchy patch');
    expect(
      await screen.findByText(/a clinician reviews what I send and answers in writing/),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('checkbox', { name: 'I have read this and I agree' }));
    await user.click(screen.getByRole('button', { name: 'Send my e-consult' }));
    await waitFor(() => expect(router.state.location.pathname).toMatch(/^\/patient\/visits\//));
    const [visit] = newVisits(visitsBefore);
    expect(visit).toMatchObject({ room_code: 'dermatology', subtype: 4 });
  });

  it('explains when a room takes no kind of visit now', async () => {
    db.rooms.get('general')!.visits = {
      walkin: { enabled: false },
      appointment: { enabled: false },
      econsult: { enabled: false },
    };
    renderRoute('/patient/rooms/general/intake?kind=walkin', { as: 'demo-patient' });
    expect(await screen.findByText('This room is not taking new visits right now.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'See what this room offers' })).toHaveAttribute(
      'href',
      '/patient/rooms/general',
    );
  });
});
