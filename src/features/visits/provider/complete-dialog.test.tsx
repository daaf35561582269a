import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { beforeAll, describe, expect, it } from 'vitest';
import { renderRoute } from '~test/render';
import { countRequests } from '~test/server-extensions';
import { db } from '@telehealth/mock/db';
import { server } from '@telehealth/mock/node';
import { SEED_USERS, SEED_VISITS } from '@telehealth/mock/seed/ids';

beforeAll(async () => {
  await import('@/app/routes/provider/visit');
  await import('@/app/routes/patient/visit');
});

const VISIT = SEED_VISITS.walkInWaiting;
const ECONSULT = SEED_VISITS.econsultOpen;

/** The walk-in, taken and started by the demo provider (the steps before completing). */
function inProgress() {
  const visit = db.visits.get(VISIT)!;
  visit.provider_id = SEED_USERS.provider;
  visit.status = 25;
}

/** The summary files the provider put on a visit. */
function summariesOn(visitId: string) {
  return [...db.files.values()].filter(
    (file) => file.meta?.target?.id === visitId && file.creator?.id === SEED_USERS.provider,
  );
}

function bytesOf(fileId: string): string {
  const base64 = db.fileBlobs.get(fileId) ?? '';
  // The byte-order mark is part of what is checked, so the decoder keeps it.
  return new TextDecoder('utf-8', { ignoreBOM: true }).decode(
    Uint8Array.from(atob(base64), (c) => c.charCodeAt(0)),
  );
}

async function openDialog(name: 'Complete the visit' | 'Complete the e-consult', title: string) {
  const { user, unmount, session } = renderRoute(
    `/provider/visits/${name === 'Complete the visit' ? VISIT : ECONSULT}`,
    { as: 'demo-provider' },
  );
  await user.click(await screen.findByRole('button', { name }));
  const dialog = screen.getByRole('dialog', { name: title });
  return { user, dialog, unmount, session };
}

describe('completing a visit', () => {
  it('asks first: one click completes nothing, and "Keep it open" (focused first) keeps it open', async () => {
    inProgress();
    const { user, dialog } = await openDialog('Complete the visit', 'Complete this visit?');
    expect(dialog).toHaveAccessibleDescription(/Completing ends the visit/);
    await waitFor(() => expect(within(dialog).getByRole('button', { name: 'Keep it open' })).toHaveFocus());
    expect(db.visits.get(VISIT)?.status).toBe(25);

    await user.type(within(dialog).getByLabelText('What we discussed'), 'Allergies');
    await user.click(within(dialog).getByRole('button', { name: 'Keep it open' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(db.visits.get(VISIT)?.status).toBe(25);
    expect(summariesOn(VISIT)).toHaveLength(0);
    // What was typed is still there when the dialog opens again.
    await user.click(screen.getByRole('button', { name: 'Complete the visit' }));
    expect(within(screen.getByRole('dialog')).getByLabelText('What we discussed')).toHaveValue('Allergies');
  });

  it('uploads the summary to the visit, then completes it, and says so', async () => {
    inProgress();
    const { user, dialog, unmount, session } = await openDialog('Complete the visit', 'Complete this visit?');
    await user.type(within(dialog).getByLabelText('What we discussed'), 'Seasonal allergies – better.');
    await user.type(within(dialog).getByLabelText('What to do next'), 'Keep the nasal spray daily.');
    await user.type(within(dialog).getByLabelText('When to come back'), 'In 3 months.');
    await user.click(within(dialog).getByRole('button', { name: 'Complete the visit' }));

    const status = await screen.findByText('Visit completed. The summary was sent to the patient.');
    expect(within(screen.getByRole('region', { name: 'Actions' })).getByRole('status')).toContainElement(
      status,
    );
    await waitFor(() => expect(status).toHaveFocus());
    expect(screen.getByText('This visit is closed; there is nothing left to do.')).toBeInTheDocument();
    expect(db.visits.get(VISIT)?.status).toBe(30);

    const [file, ...others] = summariesOn(VISIT);
    expect(others).toHaveLength(0);
    expect(file?.name).toMatch(/^Visit summary – [A-Z][a-z]{2} \d{1,2}, \d{4}\.txt$/);
    expect(file?.name).not.toContain('Casey');
    expect(file?.meta).toMatchObject({ category: 'user_document', target: { id: VISIT, type: 'visit' } });
    const text = bytesOf(file!.id);
    expect(text.startsWith('\uFEFFVisit summary – ')).toBe(true);
    expect(text).toContain('What we discussed\r\n-----------------\r\nSeasonal allergies – better.\r\n');
    expect(text).toContain('What to do next\r\n---------------\r\nKeep the nasal spray daily.\r\n');
    expect(text).toContain('When to come back\r\n-----------------\r\nIn 3 months.\r\n');
    unmount();
    session.dispose();

    // The patient's page of that visit offers it.
    renderRoute(`/patient/visits/${VISIT}`, { as: 'demo-patient' });
    expect(await screen.findByRole('button', { name: 'Open your visit summary' })).toBeInTheDocument();
    expect(screen.getByText(/^Visit summary – /)).toBeInTheDocument();
  });

  it('completes without a summary when none is written, and uploads nothing', async () => {
    inProgress();
    const uploads = countRequests('POST', /\/files$/);
    const { user, dialog } = await openDialog('Complete the visit', 'Complete this visit?');
    await user.click(within(dialog).getByRole('button', { name: 'Complete the visit' }));
    const status = await screen.findByText('Visit completed.');
    expect(within(screen.getByRole('region', { name: 'Actions' })).getByRole('status')).toContainElement(
      status,
    );
    expect(db.visits.get(VISIT)?.status).toBe(30);
    expect(uploads.count).toBe(0);
  });

  it('when the summary upload fails: keeps every word, says why, and does not complete', async () => {
    inProgress();
    server.use(
      http.post('*/api_v3/files', () =>
        HttpResponse.json({ code: 503, message: 'Storage is down' }, { status: 503 }),
      ),
    );
    const completes = countRequests('POST', new RegExp(`/visits/${VISIT}$`));
    const { user, dialog } = await openDialog('Complete the visit', 'Complete this visit?');
    await user.type(within(dialog).getByLabelText('What we discussed'), 'Allergies');
    await user.type(within(dialog).getByLabelText('When to come back'), 'In a month');
    await user.click(within(dialog).getByRole('button', { name: 'Complete the visit' }));

    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      /The summary could not be sent: .* The visit is still open and everything you wrote is still here\./,
    );
    expect(within(dialog).getByLabelText('What we discussed')).toHaveValue('Allergies');
    expect(within(dialog).getByLabelText('When to come back')).toHaveValue('In a month');
    expect(completes.count).toBe(0);
    expect(db.visits.get(VISIT)?.status).toBe(25);
    expect(summariesOn(VISIT)).toHaveLength(0);
  });

  it('uploads once and completes once on a double click', async () => {
    inProgress();
    const uploads = countRequests('POST', /\/files$/);
    const completes = countRequests('POST', new RegExp(`/visits/${VISIT}$`));
    const { user, dialog } = await openDialog('Complete the visit', 'Complete this visit?');
    await user.type(within(dialog).getByLabelText('What to do next'), 'Rest');
    await user.dblClick(within(dialog).getByRole('button', { name: 'Complete the visit' }));
    expect(
      await screen.findByText('Visit completed. The summary was sent to the patient.'),
    ).toBeInTheDocument();
    expect(uploads.count).toBe(1);
    expect(completes.count).toBe(1);
    expect(summariesOn(VISIT)).toHaveLength(1);
  });

  it('after the summary went but completing failed, trying again does not send it twice', async () => {
    inProgress();
    let refusals = 1;
    server.use(
      http.post(`*/api_v3/visits/${VISIT}`, () =>
        refusals-- > 0 ? HttpResponse.json({ code: 503, message: 'Busy' }, { status: 503 }) : undefined,
      ),
    );
    const uploads = countRequests('POST', /\/files$/);
    const { user, dialog } = await openDialog('Complete the visit', 'Complete this visit?');
    await user.type(within(dialog).getByLabelText('What we discussed'), 'Allergies');
    await user.click(within(dialog).getByRole('button', { name: 'Complete the visit' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      /The visit could not be completed: .* The patient already has the summary; trying again does not send it twice\./,
    );
    expect(db.visits.get(VISIT)?.status).toBe(25);
    await user.click(within(dialog).getByRole('button', { name: 'Complete the visit' }));
    expect(
      await screen.findByText('Visit completed. The summary was sent to the patient.'),
    ).toBeInTheDocument();
    expect(uploads.count).toBe(1);
    expect(db.visits.get(VISIT)?.status).toBe(30);
  });
});

describe('completing an e-consult', () => {
  it('sends the last message, then completes, and says both', async () => {
    const { user, dialog } = await openDialog('Complete the e-consult', 'Complete this e-consult?');
    expect(dialog).toHaveAccessibleDescription(/Completing closes the conversation/);
    await user.type(
      within(dialog).getByLabelText('Send a last message (optional)'),
      'Nothing worrying; see the summary.',
    );
    await user.type(within(dialog).getByLabelText('What to do next'), 'Check the mole again in a year.');
    await user.click(within(dialog).getByRole('button', { name: 'Complete the e-consult' }));

    expect(
      await screen.findByText(
        'E-consult completed. Your last message was sent. The summary was sent to the patient.',
      ),
    ).toBeInTheDocument();
    expect(db.visits.get(ECONSULT)?.status).toBe(30);
    const thread = db.messages.by('visit', ECONSULT);
    const last = [...thread].sort((a, b) => Number(b.created) - Number(a.created))[0];
    expect(last).toMatchObject({ content: 'Nothing worrying; see the summary.' });
    expect(last?.actor.id).toBe(SEED_USERS.provider);
    expect(summariesOn(ECONSULT)).toHaveLength(1);
  });

  it('when the last message fails: keeps it, says why, and does not complete', async () => {
    server.use(
      http.post('*/messaging/api/visits/:id/messages', () =>
        HttpResponse.json({ code: 503, message: 'Down' }, { status: 503 }),
      ),
    );
    const messagesBefore = db.messages.by('visit', ECONSULT).length;
    const { user, dialog } = await openDialog('Complete the e-consult', 'Complete this e-consult?');
    await user.type(within(dialog).getByLabelText('Send a last message (optional)'), 'All clear.');
    await user.click(within(dialog).getByRole('button', { name: 'Complete the e-consult' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      /^Your last message could not be sent: .+\. The e-consult is still open and everything you wrote is still here\./,
    );
    expect(within(dialog).getByLabelText('Send a last message (optional)')).toHaveValue('All clear.');
    expect(db.visits.get(ECONSULT)?.status).toBe(20);
    expect(db.messages.by('visit', ECONSULT)).toHaveLength(messagesBefore);
  });

  it('"Leave open, waiting for the patient" changes nothing stored and says it stays open', async () => {
    const messagesBefore = db.messages.by('visit', ECONSULT).length;
    const filesBefore = db.files.size;
    const { user, dialog } = await openDialog('Complete the e-consult', 'Complete this e-consult?');
    await user.type(within(dialog).getByLabelText('Send a last message (optional)'), 'Any news?');
    await user.click(within(dialog).getByRole('button', { name: 'Leave open, waiting for the patient' }));

    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(within(screen.getByRole('region', { name: 'Actions' })).getByRole('status')).toHaveTextContent(
      'The e-consult stays open. The patient wrote last, so they may be waiting for your reply. What you wrote is kept here, unsent, for when you complete it.',
    );
    expect(db.visits.get(ECONSULT)?.status).toBe(20);
    expect(db.messages.by('visit', ECONSULT)).toHaveLength(messagesBefore);
    expect(db.files.size).toBe(filesBefore);
  });

  it('shows an open e-consult whose last message is the care team’s as waiting for the patient', async () => {
    const patientMessage = [...db.messages.by('visit', ECONSULT)][0]!;
    db.messages.set('msg_provider_reply', {
      ...patientMessage,
      id: 'msg_provider_reply',
      type: 'provider_message',
      actor: { id: SEED_USERS.provider, type: 400, display_name: 'Dr. Provider' },
      content: 'Could you send a photo?',
      created: Number(patientMessage.created) + 60,
    });
    renderRoute(`/provider/visits/${ECONSULT}`, { as: 'demo-provider' });
    expect(
      await screen.findByText(
        'Waiting for the patient: the last message in the conversation is from the care team.',
      ),
    ).toBeInTheDocument();
  });
});
