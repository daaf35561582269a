import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { db, resetDb } from '@telehealth/mock/db';
import { SEED_USERS } from '@telehealth/mock/seed/ids';
import { chargeNothingIn } from '~test/payments';
import { renderRoute } from '~test/render';

/** Monday 23 November 2026, 7:00 AM in New York (the patient's zone). */
const NOVEMBER = Date.UTC(2026, 10, 23, 12, 0);
/** Monday 1 March 2027, 7:00 AM in New York: New York moves its clocks on Sunday 14 March. */
const MARCH = Date.UTC(2027, 2, 1, 12, 0);

beforeAll(async () => {
  await Promise.all([
    import('@/app/routes/patient/layout'),
    import('@/app/routes/patient/intake/wizard'),
    import('@/app/routes/patient/visit'),
  ]);
});

afterEach(() => {
  vi.useRealTimers();
});

/**
 * The wizard up to "Choose a time" with the clock pinned at `now` (timers stay real) on a fresh
 * seed, changed by `prepare` first.
 */
async function reachSchedule(
  now: number,
  {
    consultation = /Standard consultation/,
    prepare = () => {},
  }: { consultation?: RegExp; prepare?: () => void } = {},
) {
  vi.useFakeTimers({ toFake: ['Date'], now });
  resetDb(now);
  prepare();
  db.accounts.get('demo')!.intake_steps = [
    { code: 'consultation', name: 'Type of consultation' },
    { code: 'schedule', name: 'Choose a time' },
  ];
  db.accounts.get('demo')!.post_intake_steps = [];
  chargeNothingIn('general');
  const view = renderRoute('/patient/rooms/general/intake?kind=appointment', { as: 'demo-patient' });
  await view.user.click(await screen.findByRole('radio', { name: consultation }));
  await view.user.click(screen.getByRole('button', { name: 'Continue' }));
  expect(await screen.findByRole('heading', { level: 1, name: 'Choose a time' })).toBeInTheDocument();
  return view;
}

const grid = () => screen.getByRole('grid');
/** A day of the month grid by its date in words ("Tuesday, November 24"), whatever its count. */
const gridDay = (words: string) =>
  within(grid()).getByRole('button', { name: new RegExp(`^${words}, (no open times|\\d+ open times?)$`) });
/** The chosen day's times, under its heading ("Monday, November 23, 2026"). */
const timesOf = (words: string) => screen.findByRole('region', { name: words });
/** The times offered in a region, as read (spaces made plain: Intl puts a narrow one before AM). */
const timeTexts = (region: HTMLElement) =>
  within(region)
    .getAllByRole('button')
    .map((b) => (b.textContent ?? '').replace(/\s+/g, ' '));

describe('slot picker: the month', () => {
  it('moves the month grid’s one tab stop by day, week, week end and month', async () => {
    const { user } = await reachSchedule(NOVEMBER);
    expect(screen.getByRole('grid', { name: 'November 2026' })).toBeInTheDocument();
    // Opens on the first open day, which holds the grid's one tab stop.
    const monday = await waitFor(() => gridDay('Monday, November 23'));
    await waitFor(() => expect(monday).toHaveAccessibleName(/^Monday, November 23, \d+ open times$/));
    expect(monday).toHaveAttribute('tabindex', '0');
    expect(
      within(grid())
        .getAllByRole('button')
        .filter((b) => b.tabIndex === 0),
    ).toHaveLength(1);
    expect(monday).toHaveAttribute('aria-current', 'date');

    monday.focus();
    await user.keyboard('{ArrowRight}');
    expect(gridDay('Tuesday, November 24')).toHaveFocus();
    expect(gridDay('Tuesday, November 24')).toHaveAttribute('tabindex', '0');
    await user.keyboard('{ArrowDown}');
    expect(await screen.findByRole('grid', { name: 'December 2026' })).toBeInTheDocument();
    expect(gridDay('Tuesday, December 1')).toHaveFocus();
    await user.keyboard('{ArrowUp}');
    expect(screen.getByRole('grid', { name: 'November 2026' })).toBeInTheDocument();
    expect(gridDay('Tuesday, November 24')).toHaveFocus();
    await user.keyboard('{PageDown}');
    expect(screen.getByRole('grid', { name: 'December 2026' })).toBeInTheDocument();
    expect(gridDay('Thursday, December 24')).toHaveFocus();
    // The seed's open times end on December 22: Christmas Eve has none, and says so.
    await waitFor(() =>
      expect(gridDay('Thursday, December 24')).toHaveAccessibleName('Thursday, December 24, no open times'),
    );
    expect(gridDay('Thursday, December 24')).toHaveAttribute('aria-disabled', 'true');
    await user.keyboard('{Home}');
    expect(gridDay('Sunday, December 20')).toHaveFocus();
    await user.keyboard('{End}');
    expect(gridDay('Saturday, December 26')).toHaveFocus();
    await user.keyboard('{PageUp}');
    expect(screen.getByRole('grid', { name: 'November 2026' })).toBeInTheDocument();
    expect(gridDay('Thursday, November 26')).toHaveFocus();
    // Nothing is open before November: the tab stop stays in the month.
    await user.keyboard('{PageUp}');
    expect(screen.getByRole('grid', { name: 'November 2026' })).toBeInTheDocument();
    expect(gridDay('Sunday, November 1')).toHaveFocus();
  });

  it('Enter chooses a day, and its times are listed under Morning and Afternoon in the patient’s zone', async () => {
    const { user } = await reachSchedule(NOVEMBER);
    const firstDay = await timesOf('Monday, November 23, 2026');
    expect(within(firstDay).getByRole('heading', { name: 'Morning' })).toBeInTheDocument();
    expect(within(firstDay).getByRole('heading', { name: 'Afternoon' })).toBeInTheDocument();
    gridDay('Monday, November 23').focus();
    await user.keyboard('{ArrowRight}{ArrowRight}{ArrowRight}{ArrowRight}');
    const friday = gridDay('Friday, November 27');
    expect(friday).toHaveFocus();
    expect(friday).toHaveAccessibleName(/^Friday, November 27, \d+ open times$/);

    await user.keyboard('{Enter}');
    const chosen = await timesOf('Friday, November 27, 2026');
    expect(within(grid()).getByRole('gridcell', { selected: true })).toContainElement(friday);
    expect(screen.queryByRole('region', { name: 'Monday, November 23, 2026' })).not.toBeInTheDocument();
    const morning = within(chosen).getByRole('region', { name: 'Morning' });
    const afternoon = within(chosen).getByRole('region', { name: 'Afternoon' });
    expect(within(chosen).queryByRole('region', { name: 'Evening' })).not.toBeInTheDocument();
    expect(timeTexts(morning)[0]).toBe('9:00 AM EST with Dr. Samira Okafor, MD');
    expect(timeTexts(morning).every((t) => /^\d+:\d{2} AM EST/.test(t))).toBe(true);
    expect(timeTexts(afternoon).every((t) => /^\d+:\d{2} PM EST/.test(t))).toBe(true);
    const count = Number(/(\d+) open times/.exec(friday.getAttribute('aria-label') ?? '')?.[1]);
    expect(timeTexts(morning).length + timeTexts(afternoon).length).toBe(count);

    await user.click(within(morning).getByRole('button', { name: /^9:00\sAM EST with Dr\. Samira Okafor/ }));
    expect(screen.getByText('Your time: Fri, Nov 27, 2026, 9:00 AM EST')).toBeInTheDocument();
    expect(within(morning).getByRole('button', { name: /^9:00\sAM EST/, pressed: true })).toBeInTheDocument();
  });

  it('marks days without open times disabled and does not choose them; the month buttons go only where there are times', async () => {
    const { user } = await reachSchedule(NOVEMBER);
    await timesOf('Monday, November 23, 2026');
    const sunday = await waitFor(() => gridDay('Sunday, November 29'));
    await waitFor(() => expect(sunday).toHaveAccessibleName('Sunday, November 29, no open times'));
    expect(sunday).toHaveAttribute('aria-disabled', 'true');
    // Days already past have no open times either.
    expect(gridDay('Sunday, November 22')).toHaveAccessibleName('Sunday, November 22, no open times');
    expect(gridDay('Sunday, November 22')).toHaveAttribute('aria-disabled', 'true');
    expect(gridDay('Tuesday, November 24')).not.toHaveAttribute('aria-disabled');

    await user.click(sunday);
    sunday.focus();
    await user.keyboard('{Enter}');
    await user.keyboard(' ');
    expect(screen.queryByRole('region', { name: 'Sunday, November 29, 2026' })).not.toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Monday, November 23, 2026' })).toBeInTheDocument();
    expect(within(grid()).getByRole('gridcell', { selected: true })).toContainElement(
      gridDay('Monday, November 23'),
    );

    // Nothing open before this month; December has times.
    expect(screen.getByRole('button', { name: 'Previous month' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Next month' }));
    expect(await screen.findByRole('grid', { name: 'December 2026' })).toBeInTheDocument();
    await waitFor(() => expect(gridDay('Tuesday, December 1')).toHaveAccessibleName(/\d+ open times$/));
    expect(screen.getByRole('button', { name: 'Previous month' })).toBeEnabled();
    // The month changed, the chosen day did not.
    expect(screen.getByRole('region', { name: 'Monday, November 23, 2026' })).toBeInTheDocument();
  });

  it('an empty month says so and leads to the next open day', async () => {
    const { user } = await reachSchedule(NOVEMBER);
    await timesOf('Monday, November 23, 2026');
    await user.click(screen.getByRole('button', { name: 'Next month' }));
    await screen.findByRole('grid', { name: 'December 2026' });
    await waitFor(() => expect(screen.getByRole('button', { name: 'Next month' })).toBeEnabled());
    await user.click(screen.getByRole('button', { name: 'Next month' }));
    await screen.findByRole('grid', { name: 'January 2027' });
    expect(await screen.findByText('No open times in January 2027.')).toBeInTheDocument();
    // The seed's next open times are around New York's daylight-saving change in March.
    await user.click(
      await screen.findByRole('button', { name: 'Show the next open day: Saturday, March 13, 2027' }),
    );
    expect(await screen.findByRole('grid', { name: 'March 2027' })).toBeInTheDocument();
    const day = await timesOf('Saturday, March 13, 2027');
    expect(timeTexts(day)[0]).toBe('8:00 AM EST with Dr. Samira Okafor, MD');
    expect(screen.getByRole('button', { name: 'Previous month' })).toBeEnabled();
  });

  it('offers the same days as a strip on narrow screens, chosen with the keyboard', async () => {
    const { user } = await reachSchedule(NOVEMBER);
    await timesOf('Monday, November 23, 2026');
    const strip = screen.getByRole('listbox', { name: 'Days in November 2026' });
    const options = within(strip).getAllByRole('option');
    // From today to the month's end.
    expect(options).toHaveLength(8);
    expect(options[0]).toHaveAccessibleName(/^Monday, November 23, \d+ open times$/);
    expect(options[0]).toHaveAttribute('aria-selected', 'true');
    await waitFor(() =>
      expect(
        within(strip).getByRole('option', { name: 'Sunday, November 29, no open times' }),
      ).toHaveAttribute('aria-disabled', 'true'),
    );
    options[0]!.focus();
    await user.keyboard('{ArrowRight}');
    const tuesday = within(strip).getByRole('option', { name: /^Tuesday, November 24, \d+ open times$/ });
    expect(tuesday).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(await timesOf('Tuesday, November 24, 2026')).toBeInTheDocument();
    expect(tuesday).toHaveAttribute('aria-selected', 'true');
    // The grid follows: the same day is chosen there.
    expect(within(grid()).getByRole('gridcell', { selected: true })).toContainElement(
      gridDay('Tuesday, November 24'),
    );
  });
});

describe('slot picker: first available, zones and groups', () => {
  it('“First available” chooses the first open time in one tap, and the booking is that time', async () => {
    const view = await reachSchedule(NOVEMBER);
    const { user } = view;
    const first = await screen.findByRole('button', {
      name: /^First available: Mon, Nov 23 at \d+:\d{2}\s[AP]M$/,
    });
    const [, time] = /at (\d+:\d{2}\s[AP]M)$/.exec(first.textContent ?? '') ?? [];
    await user.click(first);

    const day = await timesOf('Monday, November 23, 2026');
    const pressed = within(day).getByRole('button', { pressed: true });
    expect(pressed.textContent).toMatch(new RegExp(`^${time} EST`));
    // It is the earliest time offered.
    expect(within(day).getAllByRole('button')[0]).toBe(pressed);
    expect(screen.getByText(`Your time: Mon, Nov 23, 2026, ${time} EST`)).toBeInTheDocument();

    const intakeId = new URLSearchParams(view.router.state.location.search).get('intake');
    await user.click(screen.getByRole('button', { name: 'Book my appointment' }));
    await waitFor(() => expect([...db.visits.values()].some((v) => v.intake_id === intakeId)).toBe(true));
    const visit = [...db.visits.values()].find((v) => v.intake_id === intakeId)!;
    const inNewYork = new Intl.DateTimeFormat('en-US', {
      timeZone: 'America/New_York',
      dateStyle: 'medium',
      timeStyle: 'short',
    });
    expect(inNewYork.format(Number(visit.start) * 1000)).toBe(`Nov 23, 2026, ${time}`);
    expect(db.intakes.get(String(intakeId))).toMatchObject({
      slot_start: String(visit.start),
      slot_end: String(visit.end),
    });
  });

  it('names the patient’s zone in words, and the clinic’s when it differs, with times in the patient’s zone', async () => {
    await reachSchedule(NOVEMBER, {
      prepare: () => {
        db.users.get(SEED_USERS.patient)!.timezone = 'America/Los_Angeles';
      },
    });
    expect(
      await screen.findByText(
        'Times are shown in your time zone, Pacific Time. The clinic is on Eastern Time.',
      ),
    ).toBeInTheDocument();
    const day = await timesOf('Monday, November 23, 2026');
    // Dr. Okafor's 9:00 AM in New York is 6:00 AM in Los Angeles.
    expect(
      within(day).getByRole('button', { name: /^6:00\sAM PST with Dr\. Samira Okafor, MD$/ }),
    ).toBeInTheDocument();
    expect(timeTexts(day).every((t) => /\sPST\b/.test(t))).toBe(true);
  });

  it('shows a group session in the evening with the places left', async () => {
    const { user } = await reachSchedule(NOVEMBER, { consultation: /Blood pressure group session/ });
    const first = await screen.findByRole('button', { name: /^First available: Wed, Nov 25 at 6:00\sPM$/ });
    await user.click(first);
    const day = await timesOf('Wednesday, November 25, 2026');
    const evening = within(day).getByRole('region', { name: 'Evening' });
    expect(
      within(evening).getByRole('button', {
        name: /^6:00\sPM EST with Dr\. Samira Okafor, MD, 1 place left$/,
        pressed: true,
      }),
    ).toBeInTheDocument();
    expect(within(day).queryByRole('region', { name: 'Morning' })).not.toBeInTheDocument();
  });
});

describe('slot picker: a month with a daylight-saving change', () => {
  it('puts every slot on its own day in New York across the March change, whatever the machine’s zone', async () => {
    const { user } = await reachSchedule(MARCH);
    expect(screen.getByRole('grid', { name: 'March 2027' })).toBeInTheDocument();
    // The seed offers 8:00 to 12:00 on the day before, the day of and the day after the change.
    const sunday = await waitFor(() => gridDay('Sunday, March 14'));
    await waitFor(() => expect(sunday).toHaveAccessibleName('Sunday, March 14, 8 open times'));
    expect(gridDay('Sunday, March 7')).toHaveAccessibleName('Sunday, March 7, no open times');
    expect(gridDay('Sunday, March 21')).toHaveAccessibleName('Sunday, March 21, no open times');

    await user.click(gridDay('Saturday, March 13'));
    const saturday = await timesOf('Saturday, March 13, 2027');
    expect(timeTexts(saturday)).toEqual(
      ['8:00', '8:30', '9:00', '9:30', '10:00', '10:30', '11:00', '11:30'].map(
        (t) => `${t} AM EST with Dr. Samira Okafor, MD`,
      ),
    );
    await user.click(sunday);
    const changeDay = await timesOf('Sunday, March 14, 2027');
    expect(timeTexts(changeDay)).toEqual(
      ['8:00', '8:30', '9:00', '9:30', '10:00', '10:30', '11:00', '11:30'].map(
        (t) => `${t} AM EDT with Dr. Samira Okafor, MD`,
      ),
    );
    await user.click(within(changeDay).getByRole('button', { name: /^8:00\sAM EDT/ }));
    expect(screen.getByText('Your time: Sun, Mar 14, 2027, 8:00 AM EDT')).toBeInTheDocument();

    // Nothing before this month, and nothing in the months after it.
    expect(screen.getByRole('button', { name: 'Previous month' })).toBeDisabled();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Next month' })).toBeDisabled());
  });
});
