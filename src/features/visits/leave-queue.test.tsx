import { screen, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { renderRoute } from '~test/render';
import { countRequests, serveWithoutExtensions } from '~test/server-extensions';
import { db } from '@telehealth/mock/db';
import { chargesFor, settleForControl } from '@telehealth/mock/handlers/billing';
import { SEED_INTAKES, SEED_VISITS } from '@telehealth/mock/seed/ids';

beforeAll(async () => {
  await import('@/app/routes/patient/visit');
});

describe('leaving the waiting room', () => {
  it('asks first, then cancels the walk-in and says the visit was left', async () => {
    const { user, db } = renderRoute(`/patient/visits/${SEED_VISITS.walkInWaiting}`, { as: 'demo-patient' });
    await user.click(await screen.findByRole('button', { name: 'Leave the waiting room' }));
    const dialog = screen.getByRole('dialog', { name: 'Leave the waiting room?' });
    expect(
      await within(dialog).findByText(
        'Nothing was charged for this visit, so leaving the line costs nothing.',
      ),
    ).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Stay in line' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(db.visits.get(SEED_VISITS.walkInWaiting)?.status).toBe(10);

    await user.click(screen.getByRole('button', { name: 'Leave the waiting room' }));
    await user.click(
      within(screen.getByRole('dialog', { name: 'Leave the waiting room?' })).getByRole('button', {
        name: 'Leave',
      }),
    );
    expect(await screen.findByText(/You left the waiting room/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Leave the waiting room' })).not.toBeInTheDocument();
    expect(db.visits.get(SEED_VISITS.walkInWaiting)?.status).toBe(40);
  });

  it('says what was paid for the walk-in and that leaving does not refund it', async () => {
    // Paid as the payment step would have: the room's first consultation ($49.00).
    const intake = db.intakes.get(SEED_INTAKES.walkInWaiting)!;
    settleForControl(intake, db.rooms.get('general')!);
    const { user } = renderRoute(`/patient/visits/${SEED_VISITS.walkInWaiting}`, { as: 'demo-patient' });
    await user.click(await screen.findByRole('button', { name: 'Leave the waiting room' }));
    const dialog = screen.getByRole('dialog', { name: 'Leave the waiting room?' });
    expect(
      await within(dialog).findByText(
        'You paid $49.00 for this visit. Leaving the line does not refund it: refunds are handled by the clinic, so contact the clinic to ask for one.',
      ),
    ).toBeInTheDocument();
    expect(dialog).toHaveAccessibleDescription(/^You will lose your place in line.*You paid \$49\.00/);
    await user.click(within(dialog).getByRole('button', { name: 'Leave' }));
    expect(await screen.findByText(/You left the waiting room/)).toBeInTheDocument();
    expect(db.visits.get(SEED_VISITS.walkInWaiting)?.status).toBe(40);
    expect(chargesFor(SEED_INTAKES.walkInWaiting).map((c) => c.amount)).toEqual([49]);
  });

  it('without visit-status (a spec server): no leave button, says how to leave, sends nothing', async () => {
    serveWithoutExtensions();
    const writes = countRequests('POST', new RegExp(`/visits/${SEED_VISITS.walkInWaiting}$`));
    const { db } = renderRoute(`/patient/visits/${SEED_VISITS.walkInWaiting}`, { as: 'demo-patient' });
    expect(
      await screen.findByText(
        'To leave the line, contact the clinic. Closing this page does not take you out of the line.',
      ),
    ).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'You are in the waiting room' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Leave the waiting room' })).not.toBeInTheDocument();
    expect(writes.count).toBe(0);
    expect(db.visits.get(SEED_VISITS.walkInWaiting)?.status).toBe(10);
  });
});
