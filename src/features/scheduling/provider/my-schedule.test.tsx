import { screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { db } from '@/mocks/db';
import { renderRoute } from '~test/render';
import { SEED_SLOT_GROUPS, SEED_USERS } from '@/mocks/seed/ids';

beforeAll(async () => {
  await Promise.all([import('@/app/routes/provider/layout'), import('@/app/routes/provider/schedule')]);
});

describe('my schedule', () => {
  it('shows slot groups in words and deletes an empty group after saying how many slots go', async () => {
    // Seeded visits sit at times relative to now, so at some hours one falls on a Saturday morning:
    // the group is made empty here, whatever the hour the test runs at.
    const saturday = [...db.slots.values()].filter((s) => s.group_id === SEED_SLOT_GROUPS.okaforQuick);
    for (const visit of [...db.visits.values()]) {
      if (visit.provider_id !== SEED_USERS.provider || typeof visit.start !== 'number') continue;
      const end = typeof visit.end === 'number' ? visit.end : visit.start;
      const start = visit.start;
      if (saturday.some((s) => start < s.end && end > s.start)) db.visits.delete(visit.id);
    }
    const { user } = renderRoute('/provider/schedule', { as: 'demo-provider' });
    const groups = await screen.findByRole('region', { name: 'Your slot groups' });
    await within(groups).findByText(/Every Saturday, 8:00\sAM – 12:00\sPM \(America\/New_York\)/);
    expect(
      within(groups).getByText(/Every Monday, Tuesday, Wednesday, Thursday and Friday, 9:00\sAM – 5:00\sPM/),
    ).toBeInTheDocument();
    const count = [...db.slots.values()].filter((s) => s.group_id === SEED_SLOT_GROUPS.okaforQuick).length;
    await user.click(within(groups).getByRole('button', { name: /^Delete the slot group: Every Saturday/ }));
    const dialog = screen.getByRole('dialog', { name: 'Delete this slot group?' });
    expect(dialog).toHaveTextContent(`${count} slots will be deleted, and the group with them.`);
    expect(dialog).toHaveTextContent('None of them is booked.');
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText(`Deleted ${count} slots and the group.`)).toBeInTheDocument();
    expect(db.slotGroups.has(SEED_SLOT_GROUPS.okaforQuick)).toBe(false);
    await waitFor(() => expect(screen.queryByText(/Every Saturday/)).not.toBeInTheDocument());
  });

  it('warns that a group with bookings has booked slots', async () => {
    const { user } = renderRoute('/provider/schedule', { as: 'demo-provider' });
    const groups = await screen.findByRole('region', { name: 'Your slot groups' });
    await user.click(
      await within(groups).findByRole('button', { name: /^Delete the slot group: Every Wednesday/ }),
    );
    const dialog = screen.getByRole('dialog', { name: 'Delete this slot group?' });
    // The seed books the next class session; on some days another of her visits overlaps a later
    // session too (Wednesdays at noon UTC: 2), so the count is not pinned, only that it warns.
    expect(dialog).toHaveTextContent(/\b[1-9]\d* of them (is|are) booked \(first: /);
    await user.click(within(dialog).getByRole('button', { name: 'Keep them' }));
    expect(db.slotGroups.has(SEED_SLOT_GROUPS.okaforClass)).toBe(true);
  });
});
