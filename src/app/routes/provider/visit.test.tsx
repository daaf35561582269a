import { screen, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { renderRoute } from '~test/render';
import { db } from '@telehealth/mock/db';
import { issuePair } from '@telehealth/mock/lib/auth';
import { countRequests, serveWithoutExtensions } from '~test/server-extensions';
import { SEED_USERS, SEED_VISITS, seedQueueVisit } from '@telehealth/mock/seed/ids';

beforeAll(async () => {
  await import('./visit');
  await import('../patient/visit');
});

/** Another provider acts on a visit from their own browser. */
async function actAs(userId: string, visitId: string, query: string) {
  return fetch(`http://localhost/api_v3/visits/${visitId}?version=2&${query}`, {
    method: 'POST',
    headers: { 'X-ApiToken': issuePair(userId).access.token, 'X-AccountCode': 'demo' },
  });
}

describe('provider visit page', () => {
  it('shows the patient, the intake answers under the account’s titles, consent and the photo', async () => {
    renderRoute(`/provider/visits/${SEED_VISITS.walkInWaiting}`, { as: 'demo-provider' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Walk-in visit' })).toBeInTheDocument();
    expect(screen.getByText('Casey Morgan')).toBeInTheDocument();
    const intake = await screen.findByRole('region', { name: 'Intake answers' });
    expect(within(intake).getByText('Follow-up on seasonal allergies')).toBeInTheDocument();
    expect(await within(intake).findByText('How severe is it?')).toBeInTheDocument();
    expect(within(intake).getByText('Moderate')).toBeInTheDocument();
    expect(within(intake).getByText('Sneezing and itchy eyes, worse in the morning.')).toBeInTheDocument();
    expect(within(intake).getByText(/^Accepted on /)).toBeInTheDocument();
    const photos = await screen.findByRole('region', { name: 'Photos and documents' });
    expect(within(photos).getByRole('button', { name: 'Photo of my eyes' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Open the patient’s chart' })).toHaveAttribute(
      'href',
      `/provider/patients/${SEED_USERS.patient}`,
    );
  });

  it('takes, starts and completes a walk-in, once each, and stores every step', async () => {
    const { user } = renderRoute(`/provider/visits/${SEED_VISITS.walkInWaiting}`, { as: 'demo-provider' });
    const take = await screen.findByRole('button', { name: 'Take this visit' });
    await user.dblClick(take);
    expect(await screen.findByRole('button', { name: 'Start the visit' })).toBeEnabled();
    expect(db.visits.get(SEED_VISITS.walkInWaiting)?.provider_id).toBe(SEED_USERS.provider);
    expect(screen.queryByRole('button', { name: 'Take this visit' })).not.toBeInTheDocument();
    const took = screen.getByText('You took Casey Morgan’s walk-in. It is now in your list.');
    expect(took).toHaveFocus();
    expect(
      screen.getAllByRole('status').filter((line) => within(line).queryByText(took.textContent)),
    ).toHaveLength(1);

    await user.click(screen.getByRole('button', { name: 'Start the visit' }));
    expect(
      await screen.findByText('You started the visit with Casey Morgan. You can join the call below.'),
    ).toHaveFocus();
    const join = await screen.findByRole('region', { name: 'The visit is in progress — join' });
    expect(within(join).getByRole('link', { name: 'Join the video visit' })).toHaveAttribute(
      'href',
      'https://demo.rooms.example.test/general',
    );
    expect(db.visits.get(SEED_VISITS.walkInWaiting)?.status).toBe(25);

    await user.click(screen.getByRole('button', { name: 'Complete the visit' }));
    // Completing asks first (the summary is optional: features/visits/provider/complete-dialog.test.tsx).
    expect(db.visits.get(SEED_VISITS.walkInWaiting)?.status).toBe(25);
    await user.click(
      within(screen.getByRole('dialog', { name: 'Complete this visit?' })).getByRole('button', {
        name: 'Complete the visit',
      }),
    );
    expect(await screen.findByText('This visit is closed; there is nothing left to do.')).toBeInTheDocument();
    expect(screen.getByText('Visit completed.')).toHaveFocus();
    const stored = db.visits.get(SEED_VISITS.walkInWaiting);
    expect(stored?.status).toBe(30);
    expect(stored?.actual_end).toEqual(expect.any(Number));
    expect(
      db.outbox.filter((e) => e.type === 'visit.completed' && e.data.id === SEED_VISITS.walkInWaiting),
    ).toHaveLength(1);
  });

  it('without visit-status (a spec server): no actions, says where the status changes, and still joins', async () => {
    serveWithoutExtensions();
    const writes = countRequests('POST', new RegExp(`/visits/${SEED_VISITS.walkInWaiting}$`));
    const visit = db.visits.get(SEED_VISITS.walkInWaiting)!;
    visit.provider_id = SEED_USERS.provider;
    visit.status = 25;
    renderRoute(`/provider/visits/${SEED_VISITS.walkInWaiting}`, { as: 'demo-provider' });
    const actions = await screen.findByRole('region', { name: 'Actions' });
    expect(actions).toHaveTextContent(
      'Taking, starting, completing and cancelling this visit are done in the clinic’s own system.',
    );
    expect(within(actions).queryByRole('button')).not.toBeInTheDocument();
    const join = screen.getByRole('region', { name: 'The visit is in progress — join' });
    expect(within(join).getByRole('link', { name: 'Join the video visit' })).toHaveAttribute(
      'href',
      'https://demo.rooms.example.test/general',
    );
    expect(writes.count).toBe(0);
    expect(db.visits.get(SEED_VISITS.walkInWaiting)?.status).toBe(25);
  });

  it('when two providers take the same visit, one wins and the other sees who took it', async () => {
    const { user } = renderRoute(`/provider/visits/${seedQueueVisit(1)}`, { as: 'demo-provider' });
    const take = await screen.findByRole('button', { name: 'Take this visit' });
    // The nurse takes it from another browser while this page still offers it; exactly one wins
    // (the mock's atomic take is raced in mocks/handlers/visit-actions.test.ts).
    const nurse = await actAs(SEED_USERS.nurse, seedQueueVisit(1), `provider_id=${SEED_USERS.nurse}`);
    await user.click(take);
    expect(nurse.status).toBe(200);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Noah Lindqvist has already taken this visit.',
    );
    expect(await screen.findByText(/has taken this visit\.$/)).toHaveTextContent('Noah Lindqvist');
    expect(screen.queryByRole('button', { name: 'Take this visit' })).not.toBeInTheDocument();
    expect(db.visits.get(seedQueueVisit(1))?.provider_id).toBe(SEED_USERS.nurse);
  });

  it('says so when the patient cancelled meanwhile, and changes nothing', async () => {
    const { user } = renderRoute(`/provider/visits/${seedQueueVisit(2)}`, { as: 'demo-provider' });
    const start = await screen.findByRole('button', { name: 'Start the visit' });
    // The patient leaves the queue while the provider reads the page.
    db.visits.get(seedQueueVisit(2))!.status = 40;
    await user.click(start);
    expect(await screen.findByRole('alert')).toHaveTextContent('This visit has been cancelled.');
    expect(await screen.findByText('This visit is closed; there is nothing left to do.')).toBeInTheDocument();
    expect(db.visits.get(seedQueueVisit(2))).toMatchObject({ status: 40, provider_id: null });
  });

  it('cancels a visit only with a reason, after a confirmation', async () => {
    const { user } = renderRoute(`/provider/visits/${seedQueueVisit(2)}`, { as: 'demo-provider' });
    await user.click(await screen.findByRole('button', { name: 'Cancel the visit' }));
    const dialog = screen.getByRole('dialog', { name: 'Cancel this visit?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel the visit' }));
    expect(
      await within(dialog).findByText('Tell the patient why the visit is cancelled.'),
    ).toBeInTheDocument();
    expect(db.visits.get(seedQueueVisit(2))?.status).toBe(10);
    await user.type(within(dialog).getByLabelText(/Reason for cancelling/), 'The clinic closes early today');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel the visit' }));
    expect(await screen.findByText('This visit is closed; there is nothing left to do.')).toBeInTheDocument();
    expect(db.visits.get(seedQueueVisit(2))).toMatchObject({
      status: 40,
      cancel_reason: 'The clinic closes early today',
    });
  });

  it('completing an e-consult closes its thread for the patient', async () => {
    const { user, unmount, session } = renderRoute(`/provider/visits/${SEED_VISITS.econsultOpen}`, {
      as: 'demo-provider',
    });
    await user.click(await screen.findByRole('button', { name: 'Complete the e-consult' }));
    await user.click(
      within(screen.getByRole('dialog', { name: 'Complete this e-consult?' })).getByRole('button', {
        name: 'Complete the e-consult',
      }),
    );
    expect(await screen.findByText('This visit is closed; there is nothing left to do.')).toBeInTheDocument();
    expect(db.visits.get(SEED_VISITS.econsultOpen)?.status).toBe(30);
    unmount();
    session.dispose();

    renderRoute(`/patient/visits/${SEED_VISITS.econsultOpen}`, { as: 'demo-patient' });
    expect(await screen.findByText('This consultation is closed.')).toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: 'Your message' })).not.toBeInTheDocument();
  });
  it('accepting an e-consult opens its thread at once, without leaving the page', async () => {
    const { user } = renderRoute(`/provider/visits/${SEED_VISITS.econsultNew1}`, { as: 'demo-nurse' });
    expect(await screen.findByText(/not taking part in this consultation/)).toBeInTheDocument();
    await user.click(await screen.findByRole('button', { name: 'Accept this e-consult' }));
    expect(await screen.findByRole('textbox', { name: 'Your message' })).toBeInTheDocument();
    expect(screen.queryByText(/not taking part in this consultation/)).not.toBeInTheDocument();
    expect(db.visits.get(SEED_VISITS.econsultNew1)?.provider_id).toBe(SEED_USERS.nurse);
    const said = screen.getByText(/^You accepted .+’s e-consult\. You can write to them below\.$/);
    expect(said).toHaveFocus();
    expect(
      screen.getAllByRole('status').filter((line) => within(line).queryByText(said.textContent)),
    ).toHaveLength(1);
  });
});
