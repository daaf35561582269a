import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { db, resetDb } from '@telehealth/mock/db';
import { chargeNothingIn } from '~test/payments';
import { renderRoute } from '~test/render';
import { SEED_USERS } from '@telehealth/mock/seed/ids';

/** Monday 23 November 2026, 7:00 AM in New York (the patient's zone). */
const NOW = Date.UTC(2026, 10, 23, 12, 0);
const nineAm = Date.UTC(2026, 10, 23, 14, 0) / 1000;

beforeAll(async () => {
  await Promise.all([
    import('@/app/routes/patient/layout'),
    import('@/app/routes/patient/intake/wizard'),
    import('@/app/routes/patient/visit'),
  ]);
});

beforeEach(() => {
  // Only the clock is pinned (timers stay real); the seed is rebuilt around it.
  vi.useFakeTimers({ toFake: ['Date'], now: NOW });
  resetDb(NOW);
  db.accounts.get('demo')!.intake_steps = [
    { code: 'consultation', name: 'Type of consultation' },
    { code: 'schedule', name: 'Choose a time' },
  ];
  db.accounts.get('demo')!.post_intake_steps = [];
  // The flow has no payment step: the room charges nothing, or the mock refuses the booking unpaid.
  chargeNothingIn('general');
});

afterEach(() => {
  vi.useRealTimers();
});

async function reachSchedule() {
  const view = renderRoute('/patient/rooms/general/intake?kind=appointment', { as: 'demo-patient' });
  const { user } = view;
  await user.click(await screen.findByRole('radio', { name: /Standard consultation/ }));
  await user.click(screen.getByRole('button', { name: 'Continue' }));
  expect(await screen.findByRole('heading', { level: 1, name: 'Choose a time' })).toBeInTheDocument();
  return view;
}

const today = () => screen.findByRole('region', { name: 'Monday, November 23, 2026' });
const okaforAt = (day: HTMLElement, time: string) =>
  within(day).findByRole('button', { name: new RegExp(`^${time}\\sAM EST with Dr\\. Samira Okafor`) });

describe('schedule step', () => {
  it('shows open times in the patient’s zone, saves the chosen one and books exactly it', async () => {
    const { user } = await reachSchedule();
    expect(screen.getByText(/Times are shown in your time zone, Eastern Time\./)).toBeInTheDocument();
    await user.click(await okaforAt(await today(), '9:00'));
    expect(screen.getByText('Your time: Mon, Nov 23, 2026, 9:00 AM EST')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Book my appointment' }));

    await waitFor(() =>
      expect(
        [...db.visits.values()].filter((v) => v.member_id === SEED_USERS.patient && v.start === nineAm),
      ).toHaveLength(1),
    );
    const visit = [...db.visits.values()].find(
      (v) => v.member_id === SEED_USERS.patient && v.start === nineAm,
    )!;
    expect(visit).toMatchObject({ type: 2, provider_id: SEED_USERS.provider, end: nineAm + 1800 });
    const intake = db.intakes.get(String(visit.intake_id))!;
    expect(intake).toMatchObject({
      slot_start: String(nineAm),
      slot_end: String(nineAm + 1800),
      slot_provider_id: SEED_USERS.provider,
      visit_id: visit.id,
    });
  });

  it('asks for a time before going on', async () => {
    const { user } = await reachSchedule();
    await user.click(screen.getByRole('button', { name: 'Book my appointment' }));
    expect(await screen.findByText('Choose a time for your appointment.')).toBeInTheDocument();
  });

  it('a time taken meanwhile: refused, the nearest open times come first, and one visit is made with the next choice', async () => {
    const { user } = await reachSchedule();
    await user.click(await okaforAt(await today(), '9:00'));
    // Another patient books the same time before this one presses the button.
    db.visits.set('vis_rival', {
      id: 'vis_rival',
      member_id: SEED_USERS.patient2,
      provider_id: SEED_USERS.provider,
      account_code: 'demo',
      room_code: 'general',
      type: 2,
      status: 20,
      start: nineAm,
      end: nineAm + 1800,
    });
    await user.click(screen.getByRole('button', { name: 'Book my appointment' }));

    expect(await screen.findByText(/That time was just taken by someone else/)).toBeInTheDocument();
    const nearest = await screen.findByRole('region', { name: 'Nearest open times' });
    const offered = within(nearest).getAllByRole('button');
    expect(offered.length).toBeGreaterThan(0);
    expect(offered.some((b) => /^9:00\sAM EST with Dr\. Samira/.test(b.textContent ?? ''))).toBe(false);
    expect(
      within(nearest).getByRole('button', { name: /^9:30\sAM EST with Dr\. Samira Okafor/ }),
    ).toBeInTheDocument();
    // The calendar opens on the lost time's day, which no longer offers it.
    const lostDay = await today();
    expect(
      within(lostDay).queryByRole('button', { name: /^9:00\sAM EST with Dr\. Samira Okafor/ }),
    ).not.toBeInTheDocument();
    expect(
      within(lostDay).getByRole('button', { name: /^9:30\sAM EST with Dr\. Samira Okafor/ }),
    ).toBeInTheDocument();
    const intakeId = [...db.intakes.values()].find(
      (i) => i.member_id === SEED_USERS.patient && i.slot_start === String(nineAm),
    )?.id;
    expect(intakeId).toBeDefined();
    expect([...db.visits.values()].filter((v) => v.intake_id === intakeId)).toHaveLength(0);

    await user.click(within(nearest).getByRole('button', { name: /^9:30\sAM EST with Dr\. Samira Okafor/ }));
    await user.click(screen.getByRole('button', { name: 'Book my appointment' }));
    await waitFor(() =>
      expect([...db.visits.values()].filter((v) => v.intake_id === intakeId)).toHaveLength(1),
    );
    expect([...db.visits.values()].find((v) => v.intake_id === intakeId)?.start).toBe(nineAm + 1800);
  });

  it('a time the patient already holds with another provider: the server says so, and no visit is made', async () => {
    const { user } = await reachSchedule();
    await user.click(await okaforAt(await today(), '9:00'));
    // Meanwhile the same patient books the nurse at that time in another tab.
    db.visits.set('vis_other_tab', {
      id: 'vis_other_tab',
      member_id: SEED_USERS.patient,
      provider_id: SEED_USERS.nurse,
      provider: {
        id: SEED_USERS.nurse,
        first_name: 'Noah',
        last_name: 'Lindqvist',
        full_name: 'Noah Lindqvist',
      },
      account_code: 'demo',
      room_code: 'general',
      type: 2,
      status: 20,
      start: nineAm,
      end: nineAm + 1800,
    });
    await user.click(screen.getByRole('button', { name: 'Book my appointment' }));

    expect(
      await screen.findByText(/You already have an appointment with .+ at this time/),
    ).toBeInTheDocument();
    expect(screen.queryByText(/That time was just taken by someone else/)).not.toBeInTheDocument();
    const intakeId = [...db.intakes.values()].find(
      (i) => i.member_id === SEED_USERS.patient && i.slot_start === String(nineAm),
    )?.id;
    expect([...db.visits.values()].filter((v) => v.intake_id === intakeId)).toHaveLength(0);
  });
});
