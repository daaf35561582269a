import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { db, resetDb } from '@telehealth/mock/db';
import { renderRoute } from '~test/render';
import { SEED_SLOT_GROUPS, SEED_USERS } from '@telehealth/mock/seed/ids';

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
    await within(groups).findByText(/Every Saturday, 8:00\sAM – 12:00\sPM \(Eastern Time\)/);
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

  describe('as a calendar', () => {
    /** Monday 23 November 2026, 7:00 AM in New York (Dr. Okafor's zone). */
    const NOW = Date.UTC(2026, 10, 23, 12, 0);
    const at = (iso: string) => Date.parse(iso) / 1000;

    afterEach(() => {
      vi.useRealTimers();
    });

    it('switches between day and week, moves through days, and deletes an open slot from the grid', async () => {
      // Only the clock is pinned (timers stay real); the seed is rebuilt around it.
      vi.useFakeTimers({ toFake: ['Date'], now: NOW });
      resetDb(NOW);
      // An open slot of her own on Friday at 7 AM, before any seeded slot or visit of that day.
      const model = [...db.slots.values()].find((s) => s.provider_id === SEED_USERS.provider);
      if (!model) throw new Error('the seed has no slot of the provider');
      db.slots.set('slot_calendar_test', {
        ...model,
        id: 'slot_calendar_test',
        group_id: null,
        start: at('2026-11-27T12:00:00Z'),
        end: at('2026-11-27T12:30:00Z'),
      });
      const { user, router } = renderRoute('/provider/schedule', { as: 'demo-provider' });

      // The week of today, Sunday to Saturday, each day a section with its heading.
      expect(
        await screen.findByRole('heading', { level: 2, name: /Nov 22, 2026 to .*Nov 28, 2026/ }),
      ).toBeVisible();
      expect(screen.getByRole('button', { name: 'Week' })).toHaveAttribute('aria-pressed', 'true');
      expect(screen.getByRole('button', { name: 'Day' })).toHaveAttribute('aria-pressed', 'false');
      expect(screen.getByText(/Times are in your time zone \(Eastern Time\)\./)).toBeInTheDocument();
      const friday = screen.getByRole('region', { name: /Friday, November 27/ });
      expect(within(friday).getByRole('heading', { level: 3 })).toBeInTheDocument();
      for (const day of ['Sunday, November 22', 'Saturday, November 28'])
        expect(screen.getByRole('region', { name: new RegExp(day) })).toBeInTheDocument();

      // The day view opens on today, which the week showed.
      await user.click(screen.getByRole('button', { name: 'Day' }));
      expect(await screen.findByRole('heading', { level: 2, name: 'Mon, Nov 23, 2026' })).toBeVisible();
      expect(screen.getByRole('region', { name: /Monday, November 23.*Today/ })).toBeInTheDocument();
      expect(screen.queryByRole('region', { name: /Tuesday, November 24/ })).not.toBeInTheDocument();
      expect(router.state.location.search).toBe('?view=day&date=2026-11-23');

      // Tomorrow holds the patient's booked appointments (the seed books the first and third free
      // weekday slots after a day).
      await user.click(screen.getByRole('button', { name: 'Next day' }));
      const tuesday = await screen.findByRole('region', { name: /Tuesday, November 24/ });
      const booked = [...db.visits.values()].find((v) => v.id === 'vis_seed_booked_1');
      const appointment = await within(tuesday).findByRole('link', {
        name: /^Jamie Rivera, appointment, 9:00 to 9:30\sAM, Tuesday, November 24, booked$/,
      });
      expect(appointment).toHaveAttribute('href', `/provider/visits/${booked?.id ?? 'missing'}`);
      expect(within(appointment).getByText('Jamie Rivera').tagName).toBe('BDI');
      // Blocks come in time order, so Tab reaches them as the clock runs.
      const starts = within(tuesday)
        .getAllByRole('listitem')
        .map((item) => Number(getComputedStyle(item).getPropertyValue('--cal-top')));
      expect(starts).toEqual([...starts].sort((a, b) => a - b));
      expect(router.state.location.search).not.toMatch(/Jamie|Rivera/);

      // Each move lands before the next press (a slow machine may render later than it clicks).
      await user.click(screen.getByRole('button', { name: 'Previous day' }));
      expect(await screen.findByRole('heading', { level: 2, name: 'Mon, Nov 23, 2026' })).toBeVisible();
      await user.click(screen.getByRole('button', { name: 'Previous day' }));
      expect(await screen.findByRole('heading', { level: 2, name: 'Sun, Nov 22, 2026' })).toBeVisible();

      // Back to the week, then a week ahead and back again.
      await user.click(screen.getByRole('button', { name: 'Week' }));
      expect(
        await screen.findByRole('heading', { level: 2, name: /Nov 22, 2026 to .*Nov 28, 2026/ }),
      ).toBeVisible();
      await user.click(screen.getByRole('button', { name: 'Next week' }));
      expect(
        await screen.findByRole('heading', { level: 2, name: /Nov 29, 2026 to .*Dec 5, 2026/ }),
      ).toBeVisible();
      expect(screen.getByRole('region', { name: /Wednesday, December 2/ })).toBeInTheDocument();
      await user.click(screen.getByRole('button', { name: 'Today' }));
      expect(
        await screen.findByRole('heading', { level: 2, name: /Nov 22, 2026 to .*Nov 28, 2026/ }),
      ).toBeVisible();

      // Deleting from the grid asks first, then the slot is gone from the screen and the mock.
      const slot = await screen.findByRole('button', {
        name: /^Delete the open slot, 7:00 to 7:30\sAM, Friday, November 27, 0 of 1 place booked$/,
      });
      await user.click(slot);
      const dialog = screen.getByRole('dialog', { name: 'Delete this open slot?' });
      expect(dialog).toHaveTextContent('1 slot will be deleted.');
      expect(dialog).toHaveTextContent('None of them is booked.');
      await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
      expect(await screen.findByText('Deleted 1 slot.')).toBeInTheDocument();
      expect(db.slots.has('slot_calendar_test')).toBe(false);
      expect(
        screen.queryByRole('button', { name: /7:00 to 7:30\sAM, Friday, November 27/ }),
      ).not.toBeInTheDocument();
      expect(screen.getByRole('heading', { level: 2, name: /Nov 22, 2026 to/ })).toHaveFocus();
    });

    it('shows a group session with its places booked and its patients', async () => {
      vi.useFakeTimers({ toFake: ['Date'], now: NOW });
      resetDb(NOW);
      renderRoute('/provider/schedule?date=2026-11-25', { as: 'demo-provider' });
      // The seed books three of the four places of the next Wednesday session, 6 to 7 PM.
      const wednesday = await screen.findByRole('region', { name: /Wednesday, November 25/ });
      expect(
        await within(wednesday).findByRole('button', {
          name: /^Delete the group session, 6:00 to 7:00\sPM, Wednesday, November 25, 3 of 4 places booked$/,
        }),
      ).toBeInTheDocument();
      expect(within(wednesday).getByText('3 of 4 booked')).toBeInTheDocument();
      expect(
        within(wednesday).getByRole('link', { name: /^Jamie Rivera, group session, 6:00 to 7:00\sPM/ }),
      ).toHaveAttribute('href', expect.stringMatching(/^\/provider\/visits\/vis_seed_booked_\d+$/));
    });
  });
});
