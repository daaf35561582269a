import { screen, within } from '@testing-library/react';
import { getResponse, http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it } from 'vitest';
import { paths } from '@/config/paths';
import { db, type VisitRecord } from '@telehealth/mock/db';
import { handlers } from '@telehealth/mock/handlers/index';
import { setMockProfile } from '@telehealth/mock/lib/profile';
import { api } from '@telehealth/mock/lib/routes';
import { server } from '@telehealth/mock/node';
import { SEED_USERS } from '@telehealth/mock/seed/ids';
import { renderRoute } from '~test/render';
import { countRequests, serveWithoutExtensions } from '~test/server-extensions';

afterEach(() => setMockProfile(null));

const DRUG = 'Hydrocortisone 1% cream';

/**
 * The skin clinic (Elena Marchetti, who prescribed the cream, works there) takes free refill
 * requests: a free consultation patients cannot choose in the wizard.
 */
/** The demo skin clinic takes refill requests free (the seed's hidden free consultation). */
function offerFreeRefills() {
  const payment = db.rooms.get('dermatology')?.payment;
  expect(payment?.consultations?.some((c) => c.id === 'cons_derm_refill' && !c.amount)).toBe(true);
}

/** Every e-consult room charges: the free refill consultation is taken away. */
function chargeEveryEconsult() {
  const payment = db.rooms.get('dermatology')?.payment;
  if (payment?.consultations) {
    payment.consultations = payment.consultations.filter((c) => c.id !== 'cons_derm_refill');
  }
}

const econsultsOf = (userId: string, before: Set<string>): VisitRecord[] =>
  [...db.visits.values()].filter((v) => v.member_id === userId && v.subtype === 4 && !before.has(v.id));

const messagesOf = (visitId: string) => [...db.messages.values()].filter((m) => m.visit_id === visitId);

async function openRefill() {
  const before = new Set(db.visits.keys());
  const view = renderRoute(paths.patient.pharmacies(), { as: 'demo-patient' });
  const current = await screen.findByRole('list', { name: 'Current prescriptions' });
  const card = within(current)
    .getAllByRole('listitem')
    .find((item) => within(item).queryByRole('heading', { name: DRUG }))!;
  await view.user.click(await within(card).findByRole('button', { name: `Request a refill of ${DRUG}` }));
  return { ...view, card, before };
}

describe('prescription refill requests (issue 27)', () => {
  it('sends one e-consult to the prescriber’s room, naming the medicine, dose and pharmacy, even on a double click', async () => {
    offerFreeRefills();
    const intakes = countRequests('POST', /\/intakes$/);
    const econsults = countRequests('POST', /\/visits\/add_econsult$/);
    const posts = countRequests('POST', /\/messages$/);
    const { user, card, before } = await openRefill();
    expect(
      within(card).getByText('The clinic will review your request; you’ll get a message here.'),
    ).toBeVisible();
    await user.selectOptions(
      within(card).getByRole('combobox', { name: 'Pharmacy to send it to' }),
      'ph_1002',
    );
    await user.type(
      within(card).getByRole('textbox', { name: /Anything the clinic should know\?/ }),
      'Two days left.',
    );
    await user.dblClick(within(card).getByRole('button', { name: 'Send request' }));

    const sent = await within(card).findByRole('status');
    expect(sent).toHaveTextContent(
      'Refill requested from Skin clinic (e-consult). The clinic will review your request; you’ll get a message here.',
    );
    const [visit, ...others] = econsultsOf(SEED_USERS.patient, before);
    expect(others).toHaveLength(0);
    expect(within(sent).getByRole('link', { name: 'Open your request' })).toHaveAttribute(
      'href',
      paths.patient.visit(visit!.id),
    );
    expect([intakes.count, econsults.count, posts.count]).toEqual([1, 1, 1]);
    expect(visit).toMatchObject({ room_code: 'dermatology', status: 10 });
    const intake = db.intakes.get(String(visit!.intake_id));
    expect(intake).toMatchObject({
      reason_for_visit: `Prescription refill request: ${DRUG}`,
      refill_prescription_id: 'rx_2',
      visit_kind: 'econsult',
      consultation_id: 'cons_derm_refill',
    });
    const [first, ...rest] = messagesOf(visit!.id);
    expect(rest).toHaveLength(0);
    expect(first?.content).toContain(`Medicine: ${DRUG}`);
    expect(first?.content).toContain('Dose and directions: Apply a thin layer twice daily for 7 days');
    expect(first?.content).toContain('Pharmacy: Corner Drugs, 400 Atlantic Avenue, Brooklyn, NY 11217');
    expect(first?.content).toContain('Anything the clinic should know: Two days left.');
  });

  it('a retry after a lost answer creates no second e-consult and no second message', async () => {
    offerFreeRefills();
    let isVisitAnswerLost = false;
    let isMessageAnswerLost = false;
    server.use(
      // The e-consult is made, but its answer never arrives.
      http.post(api('/visits/add_econsult'), async ({ request }) => {
        if (isVisitAnswerLost) return undefined;
        isVisitAnswerLost = true;
        await getResponse(handlers, request.clone());
        return HttpResponse.error();
      }),
      // Then the message is stored, and its answer is lost too.
      http.post('*/messaging/api/visits/:id/messages', async ({ request }) => {
        if (isMessageAnswerLost) return undefined;
        isMessageAnswerLost = true;
        await getResponse(handlers, request.clone());
        return HttpResponse.error();
      }),
    );
    const { user, card, before } = await openRefill();
    const send = within(card).getByRole('button', { name: 'Send request' });
    await user.click(send);
    expect(await within(card).findByRole('alert')).toHaveTextContent(/^Your refill request was not sent\./);
    expect(econsultsOf(SEED_USERS.patient, before)).toHaveLength(1);

    await user.click(send);
    expect(await within(card).findByRole('alert')).toHaveTextContent(/^Your refill request was not sent\./);
    const [visit] = econsultsOf(SEED_USERS.patient, before);
    expect(messagesOf(visit!.id)).toHaveLength(1);

    await user.click(send);
    expect(await within(card).findByRole('status')).toHaveTextContent(/^Refill requested from Skin clinic/);
    expect(econsultsOf(SEED_USERS.patient, before)).toHaveLength(1);
    expect(messagesOf(visit!.id)).toHaveLength(1);
    expect(messagesOf(visit!.id)[0]?.content).toContain(DRUG);
  });

  it('where every e-consult is paid, offers no button and says how to ask instead', async () => {
    chargeEveryEconsult();
    renderRoute(paths.patient.pharmacies(), { as: 'demo-patient' });
    const note = await screen.findByText(/Refill requests go to the clinic as an e-consult/);
    expect(note).toHaveTextContent(
      'Refill requests go to the clinic as an e-consult, and e-consults in Skin clinic (e-consult) are paid ($59.00). To ask for a refill, start an e-consult and name the medicine, or call the clinic.',
    );
    expect(within(note).getByRole('link', { name: 'start an e-consult' })).toHaveAttribute(
      'href',
      paths.patient.intakeStart('dermatology', 'econsult'),
    );
    expect(screen.queryByRole('button', { name: /Request a refill/ })).toBeNull();
  });

  it('on a server that names no e-consult rooms, offers no button and says so', async () => {
    offerFreeRefills();
    serveWithoutExtensions();
    renderRoute(paths.patient.pharmacies(), { as: 'demo-patient' });
    expect(
      await screen.findByText(
        'This clinic doesn’t take refill requests online. To ask for a refill, call the clinic or ask your pharmacy to contact the prescriber.',
      ),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Request a refill/ })).toBeNull();
  });

  it('is not offered on the care team’s read-only chart', async () => {
    offerFreeRefills();
    const { user } = renderRoute(paths.provider.patient(SEED_USERS.patient), { as: 'demo-provider' });
    await user.click(await screen.findByRole('tab', { name: 'Prescriptions and pharmacies' }));
    await screen.findByRole('list', { name: 'Current prescriptions' });
    expect(screen.queryByRole('button', { name: /Request a refill/ })).toBeNull();
    expect(screen.queryByText(/refill requests/i)).toBeNull();
  });
});
