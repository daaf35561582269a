import { screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { db, type IntakeRecord } from '@telehealth/mock/db';
import { renderRoute } from '~test/render';
import { endSeededWalkinBeforeEach } from '~test/queue';
import { SEED_USERS } from '@telehealth/mock/seed/ids';

endSeededWalkinBeforeEach();

beforeAll(async () => {
  await Promise.all([import('@/app/routes/patient/layout'), import('@/app/routes/patient/intake/wizard')]);
});

/** Puts `step` first in the demo account's flow, followed by a second step to land on. */
function flowStartingWith(step: Record<string, unknown>) {
  const account = db.accounts.get('demo')!;
  account.intake_steps = [
    step,
    { code: 'wrap_up', name: 'Next step', sections: [{ code: 'x', schema: {}, form: [] }] },
  ];
  account.post_intake_steps = [];
}

function latestIntake(before: Set<string>): IntakeRecord {
  const created = [...db.intakes.values()].filter((i) => !before.has(i.id));
  expect(created).toHaveLength(1);
  return created[0]!;
}

async function startAt(step: Record<string, unknown>, room = 'general') {
  flowStartingWith(step);
  const before = new Set(db.intakes.keys());
  // Addressed by its slug, as the review's "Change" does: a step whose answer is known still opens.
  const view = renderRoute(`/patient/rooms/${room}/intake/${String(step.code)}?kind=walkin`, {
    as: 'demo-patient',
  });
  await screen.findByRole('heading', { level: 1, name: String(step.name) });
  const next = async () => {
    await view.user.click(screen.getByRole('button', { name: 'Continue' }));
    await screen.findByRole('heading', { level: 1, name: 'Next step' });
    return latestIntake(before);
  };
  return { ...view, before, next };
}

describe('reason step', () => {
  it('asks for a reason, refuses an empty or overlong one, and saves it as reason_for_visit', async () => {
    const { user, next } = await startAt({ code: 'reason', name: 'Reason for visit' });
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    const field = screen.getByLabelText(/What would you like help with/);
    expect(await screen.findByText('Tell us briefly why you want to see a clinician.')).toBeInTheDocument();
    expect(field).toHaveAttribute('aria-invalid', 'true');

    await user.click(field);
    await user.paste('x'.repeat(1001));
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByText(/Keep it under 1000 characters/)).toBeInTheDocument();

    await user.clear(field);
    await user.type(field, '  Earache since Monday ');
    expect((await next()).reason_for_visit).toBe('Earache since Monday');
  });
});

describe('location step', () => {
  it('needs a state and a full phone number, then saves location and phone', async () => {
    const { user, next } = await startAt({ code: 'location', name: 'Where you are' });
    await user.type(screen.getByLabelText(/Phone number/), 'call me');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByText('Choose the state you are in right now.')).toBeInTheDocument();
    expect(screen.getByText('Use digits, spaces, + - . and parentheses only.')).toBeInTheDocument();

    await user.clear(screen.getByLabelText(/Phone number/));
    await user.type(screen.getByLabelText(/Phone number/), '555 0100');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByText(/Enter the full number, with area code/)).toBeInTheDocument();

    await user.selectOptions(screen.getByLabelText(/Which state are you in/), 'Texas');
    await user.clear(screen.getByLabelText(/Phone number/));
    await user.type(screen.getByLabelText(/Phone number/), '+1 (512) 555-0100');
    expect(await next()).toMatchObject({ location: 'TX', phone: '+1 (512) 555-0100' });
  });
});

describe('location step, what the profile knows', () => {
  it('offers the profile’s phone, and the e-consult hint says why the clinic would call', async () => {
    flowStartingWith({ code: 'location', name: 'Where you are' });
    db.users.get(SEED_USERS.patient)!.phone = '2125550143';
    renderRoute('/patient/rooms/dermatology/intake/location?kind=econsult', { as: 'demo-patient' });
    await screen.findByRole('heading', { level: 1, name: 'Where you are' });
    await waitFor(() => expect(screen.getByLabelText(/Phone number/)).toHaveValue('2125550143'));
    expect(
      screen.getByText('The clinic calls this number if it needs to reach you about your e-consult.'),
    ).toBeInTheDocument();
    expect(screen.queryByText(/video connection drops/)).not.toBeInTheDocument();
  });
});

describe('provider step', () => {
  it('lists the room’s providers and saves the choice; “first available” clears it', async () => {
    const { user, router, next } = await startAt({ code: 'provider', name: 'Choose a provider' });
    const group = await screen.findByRole('group', { name: 'Who would you like to see?' });
    expect(within(group).getByRole('radio', { name: /Dr\. Samira Okafor, MD/ })).toBeInTheDocument();
    expect(within(group).getByRole('radio', { name: /Noah Lindqvist, RN/ })).toBeInTheDocument();
    expect(within(group).queryByRole('radio', { name: /Elena Marchetti/ })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByText('Choose a provider, or “First available”.')).toBeInTheDocument();

    await user.click(within(group).getByRole('radio', { name: /Dr\. Samira Okafor/ }));
    const intake = await next();
    expect(intake.provider).toBe(SEED_USERS.provider);

    await user.click(screen.getByRole('link', { name: 'Back' }));
    expect(await screen.findByRole('radio', { name: /Dr\. Samira Okafor/ })).toBeChecked();
    await user.click(screen.getByRole('radio', { name: /First available/ }));
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await screen.findByRole('heading', { level: 1, name: 'Next step' });
    expect(db.intakes.get(intake.id)?.provider).toBeNull();
    expect(router.state.location.pathname).toBe('/patient/rooms/general/intake/wrap_up');
  });
});

describe('consultation step', () => {
  it('offers the consultations visible to patients with length and price, and saves the choice', async () => {
    const room = db.rooms.get('general')!;
    const payment = room.payment as { consultations: Record<string, unknown>[] };
    payment.consultations.push({
      id: 'cons_hidden',
      description: 'Staff only',
      duration: 60,
      amount: 10,
      visible_to_patient: false,
    });
    const { user, next } = await startAt({ code: 'consultation', name: 'Type of consultation' });
    expect(
      screen.getByRole('radio', { name: /Quick consultation.*15 minutes · \$49\.00/ }),
    ).toBeInTheDocument();
    expect(
      screen.getByRole('radio', { name: /Standard consultation.*30 minutes · \$89\.00/ }),
    ).toBeInTheDocument();
    expect(screen.queryByRole('radio', { name: /Staff only/ })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByText('Choose a consultation.')).toBeInTheDocument();
    await user.click(screen.getByRole('radio', { name: /Standard consultation/ }));
    expect((await next()).consultation_id).toBe('cons_general_30');
  });

  it('shows a free consultation as “No charge”', async () => {
    await startAt({ code: 'consultation', name: 'Type of consultation' }, 'pediatrics');
    expect(
      screen.getByRole('radio', { name: /Child health visit.*20 minutes · No charge/ }),
    ).toBeInTheDocument();
  });
});

describe('consent step', () => {
  it('shows the clinic’s consent text and will not go on until the box is ticked', async () => {
    const { user, next } = await startAt({
      code: 'consent',
      name: 'Consent',
      text: 'I agree to the sample terms.\n\nSecond paragraph.',
      next: { title: 'Continue' },
    });
    expect(screen.getByText('I agree to the sample terms.')).toBeInTheDocument();
    expect(screen.getByText('Second paragraph.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByText('Tick the box to agree before you continue.')).toBeInTheDocument();

    await user.click(screen.getByRole('checkbox', { name: 'I have read this and I agree' }));
    const intake = await next();
    expect(intake.consent_accepted).toBe('1');
    expect(Number(intake.consent_accepted_at)).toBeGreaterThan(1_600_000_000);
  });

  it('renders consent text from the server as text, never as markup', async () => {
    await startAt({
      code: 'consent',
      name: 'Consent',
      text: '<img src=x onerror="window.__xss=1"><b>bold</b>',
    });
    expect(screen.getByText('<img src=x onerror="window.__xss=1"><b>bold</b>')).toBeInTheDocument();
    expect(screen.queryByRole('img')).not.toBeInTheDocument();
    expect(screen.queryByText('bold')).not.toBeInTheDocument();
  });
});

describe('attachments step', () => {
  it('uploads intake_attachment files with progress and lists them on the intake', async () => {
    const { user, next, router } = await startAt({ code: 'attachments', name: 'Photos and documents' });
    const file = new File(['fake image bytes'], 'left-arm.png', { type: 'image/png' });
    await user.upload(screen.getByLabelText('Add photos or documents'), file);
    expect(await screen.findByText('left-arm.png uploaded.')).toBeInTheDocument();

    const intake = await next();
    const uploaded = [...db.files.values()].find((f) => f.name === 'left-arm.png')!;
    expect(uploaded.meta).toMatchObject({ category: 'intake_attachment' });
    expect(intake.attachment_ids).toBe(uploaded.id);
    expect(intake.attachments).toEqual([expect.objectContaining({ _id: uploaded.id, name: 'left-arm.png' })]);

    // Back on the step after a reload, the saved file is listed and can be taken off the intake.
    const url = `/patient/rooms/general/intake/attachments${router.state.location.search}`;
    await router.navigate(url);
    const attached = await screen.findByRole('region', { name: 'Already attached' });
    expect(within(attached).getByText('left-arm.png')).toBeInTheDocument();
    await user.click(within(attached).getByRole('button', { name: 'Remove left-arm.png' }));
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await screen.findByRole('heading', { level: 1, name: 'Next step' });
    await waitFor(() => expect(db.intakes.get(intake.id)?.attachments).toEqual([]));
  });

  it('goes on without files: the step is optional', async () => {
    const { next } = await startAt({ code: 'attachments', name: 'Photos and documents' });
    expect((await next()).attachment_ids).toBe('');
  });
});
