import { screen, within } from '@testing-library/react';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { db } from '@telehealth/mock/db';
import { CUSTOM_FIELDS } from '@/wizard';
import { renderRoute } from '~test/render';
import { countRequests, serveWithoutExtensions } from '~test/server-extensions';

beforeAll(async () => {
  await Promise.all([import('@/app/routes/patient/layout'), import('@/app/routes/patient/intake/wizard')]);
});

beforeEach(() => {
  db.rooms.get('general')!.visits = {
    walkin: { enabled: true },
    appointment: { enabled: true },
    econsult: { enabled: true },
  };
});

const kinds = () =>
  within(screen.getByRole('group', { name: 'General practice offers these kinds of visit' }))
    .getAllByRole('radio')
    .map((radio) => (radio as HTMLInputElement).value);

describe('the choice of visit in a room that says it takes e-consults', () => {
  it('offers an e-consult where the server offers econsult-rooms, and starts one', async () => {
    const before = new Set(db.intakes.keys());
    const { user } = renderRoute('/patient/rooms/general/intake', { as: 'demo-patient' });
    await screen.findByRole('heading', { level: 1, name: 'How would you like to be seen?' });
    expect(kinds()).toEqual(['walkin', 'appointment', 'econsult']);
    await user.click(screen.getByRole('radio', { name: /E-consult/ }));
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await screen.findByText(/E-consult · General practice · Step 1 of/);
    const created = [...db.intakes.values()].filter((i) => !before.has(i.id));
    expect(created).toHaveLength(1);
    expect(created[0]?.[CUSTOM_FIELDS.visitKind]).toBe('econsult');
  });

  it('offers walk-ins and appointments only on a spec server, even when asked for an e-consult', async () => {
    serveWithoutExtensions();
    const intakes = countRequests('POST', /\/intakes$/);
    renderRoute('/patient/rooms/general/intake?kind=econsult', { as: 'demo-patient' });
    await screen.findByRole('heading', { level: 1, name: 'How would you like to be seen?' });
    expect(kinds()).toEqual(['walkin', 'appointment']);
    expect(screen.queryByRole('radio', { name: /E-consult/ })).not.toBeInTheDocument();
    expect(intakes.count).toBe(0);
  });
});
