import { screen } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { renderRoute } from '~test/render';

beforeAll(async () => {
  await Promise.all([import('@/app/routes/patient/layout'), import('@/app/routes/patient/intake/wizard')]);
});

describe('starting a visit in a closed room', () => {
  it('says the room is closed and that an e-consult is answered later, before anything is started', async () => {
    const { db } = renderRoute('/patient/rooms/after-hours/intake?kind=econsult', { as: 'demo-patient' });
    const before = db.intakes.size;
    const note = await screen.findByRole('note', { name: 'This room is closed right now' });
    expect(note).toHaveTextContent(/answers in writing when the room opens/);
    expect(note).toHaveTextContent(/not right away/);
    expect(db.intakes.size).toBe(before);
  });

  it('says so on the choice of visit too', async () => {
    renderRoute('/patient/rooms/after-hours/intake', { as: 'demo-patient' });
    const note = await screen.findByRole('note', { name: 'This room is closed right now' });
    expect(note).toHaveTextContent(/answers in writing when the room opens/);
    expect(note).toHaveTextContent(/book an appointment for a time when it is open/);
  });
});
