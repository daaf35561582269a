import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { expect, expectNoAxeViolations, MOCK_ORIGIN, test } from './support/fixtures';
import { signInAs } from './support/sign-in';
import { chooseFirstAvailable, chooseTimeOfDay, pass, walkToConsent } from './support/steps';

/**
 * Scheduling journeys (issue 10): a patient books through the wizard, sees the appointment with
 * its zone, downloads its calendar file, moves it and cancels it; two tabs race for the last place
 * of a group session; a provider sees the booking and deletes an empty slot group. Phone width.
 */

test.describe.configure({ timeout: 240_000 });
test.use({ viewport: { width: 320, height: 740 }, timezoneId: 'America/New_York' });

const ADMIN = { 'X-ApiToken': 'demo-admin-token', 'X-AccountCode': 'demo' };

interface StoredVisit {
  id: string;
  status: number;
  start: number;
  end: number;
  provider_id: string | null;
}

async function visitOf(id: string): Promise<StoredVisit> {
  const response = await fetch(`${MOCK_ORIGIN}/api_v3/visits/${id}`, { headers: ADMIN });
  return ((await response.json()) as { data: StoredVisit }).data;
}

async function placesLeft(visit: StoredVisit): Promise<number> {
  const response = await fetch(
    `${MOCK_ORIGIN}/__mock/scheduling/places?provider_id=${visit.provider_id ?? ''}&start=${visit.start}`,
  );
  return ((await response.json()) as { data: { places_left: number } }).data.places_left;
}

async function expectPage(page: Page, title: string) {
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expectNoAxeViolations(page, title);
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow, `“${title}” fits 320 px`).toBeLessThanOrEqual(0);
}

async function icsOf(page: Page): Promise<string> {
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Download calendar file (.ics)' }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^appointment-[\w-]+\.ics$/);
  return readFile(await download.path(), 'utf8');
}

test('a patient books through the wizard, sees it with its zone, downloads the .ics, moves it and cancels it', async ({
  page,
}) => {
  await signInAs(page, 'Casey Morgan');
  let chosen = '';
  await walkToConsent(page, /Standard consultation/, async (p) => {
    await expectPage(p, 'Choose a time');
    // At phone width a strip of days stands in for the month; the zone is named in words.
    await expect(p.getByRole('listbox', { name: /^Days in / })).toBeVisible();
    await expect(p.getByRole('grid')).toBeHidden();
    await expect(p.getByText(/^Times are shown in your time zone, Eastern Time/)).toBeVisible();
    chosen = await chooseFirstAvailable(p);
    await expect(p.getByText(/^Your time: /)).toBeVisible();
  });
  await pass(page, 'Book my appointment');
  await page.getByRole('link', { name: 'Skip to your visit' }).click();
  await expect(page).toHaveURL(/\/patient\/visits\/[^/]+$/);
  const visitId = decodeURIComponent(page.url().split('/').pop() ?? '');
  const booked = await visitOf(visitId);
  expect(booked.status).toBe(10);

  await page.goto('/patient/appointments');
  await expectPage(page, 'Appointments');
  const item = page
    .getByRole('listitem')
    .filter({ hasText: 'Requested' })
    .filter({ hasText: 'Okafor' })
    .first();
  await expect(item).toContainText(/E[SD]T/);
  await expect(item).toContainText(
    chosen
      .replace(/\s+with.*$/, '')
      .replace(/\s+E[SD]T$/, '')
      .trim(),
  );
  await item.getByRole('link').click();
  await expectPage(page, 'Appointment');
  await expect(page.getByText(/^Join opens|Join the video visit/)).toBeVisible();

  const ics = await icsOf(page);
  expect(ics).toContain('BEGIN:VCALENDAR');
  expect(ics).toContain(`UID:visit-${visitId}@demo`);
  expect(ics).toMatch(/DTSTART:\d{8}T\d{6}Z/);
  expect(ics).toContain('SEQUENCE:0');
  expect(ics).not.toContain('Casey');
  await expect(page.getByRole('link', { name: 'Add to Google Calendar' })).toHaveAttribute(
    'href',
    /^https:\/\/calendar\.google\.com\/calendar\/render\?action=TEMPLATE/,
  );

  // Move it to another time: the old slot is released.
  expect(await placesLeft(booked)).toBe(0);
  await page.getByRole('button', { name: 'Change time' }).click();
  await expect(page.getByRole('heading', { name: 'Choose a new time' })).toBeVisible();
  await expectNoAxeViolations(page, 'reschedule picker');
  // Another time, not only another provider at the same time (at some hours the first two
  // buttons are the same time with two providers): the move must change the start.
  const bookedTime = chosen
    .replace(/\s+with.*$/, '')
    .replace(/\s+E[SD]T$/, '')
    .trim();
  await chooseTimeOfDay(page, { hasNotText: bookedTime });
  await page.getByRole('button', { name: 'Move my appointment' }).click();
  await expect(page.getByText(/Your appointment is now on/)).toBeVisible();
  const moved = await visitOf(visitId);
  expect(moved.start).not.toBe(booked.start);
  expect(await placesLeft(booked)).toBe(1);
  expect(await placesLeft(moved)).toBe(0);
  expect(await icsOf(page)).toMatch(/SEQUENCE:[1-9]\d*/);

  // Cancel it, after a confirmation that says what happens to a payment.
  await page.getByRole('button', { name: 'Cancel appointment' }).click();
  const dialog = page.getByRole('dialog', { name: 'Cancel this appointment?' });
  await expect(dialog).toContainText('refund');
  await expectNoAxeViolations(page, 'cancel dialog');
  await dialog.getByRole('button', { name: 'Cancel appointment' }).click();
  await expect(page.getByText('Your appointment is cancelled.', { exact: false })).toBeVisible();
  const cancelled = await visitOf(visitId);
  expect(cancelled.status).toBe(40);
  expect(cancelled.start).toBe(moved.start);
  expect(await placesLeft(moved)).toBe(1);
});

test('two tabs book the same last place: one succeeds, the other is offered the nearest open times', async ({
  context,
}) => {
  const first = await context.newPage();
  await signInAs(first, 'Casey Morgan');
  const second = await context.newPage();
  const pickSession = async (p: Page) => {
    await chooseFirstAvailable(p);
    await chooseTimeOfDay(p, { hasText: '1 place left' });
  };
  await walkToConsent(first, /Blood pressure group session/, pickSession);
  await walkToConsent(second, /Blood pressure group session/, pickSession);
  await Promise.all([
    first.getByRole('button', { name: 'Book my appointment' }).click(),
    second.getByRole('button', { name: 'Book my appointment' }).click(),
  ]);
  const outcome = async (p: Page) => {
    const taken = p.getByText(/That time was just taken by someone else/);
    const booked = p.getByText(/Your appointment is (requested|booked)/);
    await expect(taken.or(booked)).toBeVisible({ timeout: 20_000 });
    return (await taken.isVisible()) ? 'taken' : 'booked';
  };
  const results = [await outcome(first), await outcome(second)];
  expect([...results].sort()).toEqual(['booked', 'taken']);
  const loser = results[0] === 'taken' ? first : second;
  await expect(loser.getByRole('heading', { level: 1, name: 'Choose a time' })).toBeVisible();
  await expect(loser.getByRole('region', { name: 'Nearest open times' })).toBeVisible();
  await expectNoAxeViolations(loser, 'schedule step after a lost race');
});

test('the provider sees a booked appointment and deletes an empty slot group; the picker stops offering it', async ({
  page,
}) => {
  await signInAs(page, 'Dr. Samira Okafor', '/provider/schedule');
  await expectPage(page, 'My schedule');
  const booking = page.getByText(/Jamie Rivera/).first();
  if (!(await booking.isVisible())) await page.getByRole('button', { name: 'Next week' }).click();
  await expect(page.getByText(/Jamie Rivera/).first()).toBeVisible();
  await expect(page.getByText(/Every Saturday, 8:00\sAM – 12:00\sPM \(Eastern Time\)/)).toBeVisible();
  // The calendar fits a phone (the week stacks by day) and a desktop (a grid), in both themes.
  for (const width of [320, 1280]) {
    await page.setViewportSize({ width, height: 740 });
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow, `the calendar fits ${width} px`).toBeLessThanOrEqual(0);
    await expectBothThemesClean(page, `the schedule calendar at ${width} px`);
  }
  await page.getByRole('button', { name: 'Day', exact: true }).click();
  await expect(page.getByRole('button', { name: 'Day', exact: true })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await expect(page).toHaveURL(/view=day/);
  await page.getByRole('button', { name: 'Week', exact: true }).click();
  await page.setViewportSize({ width: 320, height: 740 });
  await page.getByRole('button', { name: /^Delete the slot group: Every Saturday/ }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete this slot group?' });
  await expect(dialog).toContainText('None of them is booked.');
  await expectNoAxeViolations(page, 'delete group dialog');
  await dialog.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText(/^Deleted \d+ slots and the group\.$/)).toBeVisible();
  const group = (await (await fetch(`${MOCK_ORIGIN}/__mock/scheduling/groups/grp_okafor_quick`)).json()) as {
    data: { exists: boolean; slots: number };
  };
  expect(group.data).toEqual({ exists: false, slots: 0 });
  await expect(page.getByText(/Every Saturday/)).toHaveCount(0);
});

async function charges(): Promise<number> {
  const response = await fetch(`${MOCK_ORIGIN}/__mock/stats`);
  return ((await response.json()) as { data: { charges: number } }).data.charges;
}

/** Scans the page in the light and the dark theme. */
async function expectBothThemesClean(page: Page, what: string) {
  for (const colorScheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme });
    await expectNoAxeViolations(page, `${what} (${colorScheme})`);
  }
  await page.emulateMedia({ colorScheme: 'light' });
}

test('the cancel dialog says what happens to the money: $80.10 paid stays with the clinic, nothing paid costs nothing', async ({
  page,
}) => {
  await signInAs(page, 'Casey Morgan', '/patient/appointments/vis_upcoming');
  await expectPage(page, 'Appointment');
  await page.getByRole('button', { name: 'Cancel appointment' }).click();
  const dialog = page.getByRole('dialog', { name: 'Cancel this appointment?' });
  await expect(dialog).toContainText(
    'You paid $80.10 with the Visa card ending 4242. Cancelling does not refund it: refunds are handled by the clinic, so contact the clinic to ask for one.',
  );
  await expect(dialog).not.toContainText('costs nothing');
  await expectBothThemesClean(page, 'cancel dialog of a paid appointment');
  await dialog.getByRole('button', { name: 'Keep it' }).click();
  await expect(dialog).toBeHidden();
  expect((await visitOf('vis_upcoming')).status).toBe(20);

  const chargesBefore = await charges();
  await page.goto('/patient/appointments/vis_pending');
  await expectPage(page, 'Appointment');
  await page.getByRole('button', { name: 'Cancel appointment' }).click();
  await expect(dialog).toContainText('Nothing was charged for this visit, so cancelling costs nothing.');
  await expect(dialog).not.toContainText('You paid');
  await expectBothThemesClean(page, 'cancel dialog of an unpaid appointment');
  await dialog.getByRole('button', { name: 'Cancel appointment' }).click();
  await expect(page.getByText('Your appointment is cancelled.', { exact: false })).toBeVisible();
  expect((await visitOf('vis_pending')).status).toBe(40);
  expect(await charges()).toBe(chargesBefore);
});

test.describe('on a desktop', () => {
  test.use({ viewport: { width: 1280, height: 900 } });

  test('the month picker works by keyboard alone: arrows between days, Enter chooses, a time by Space', async ({
    page,
  }) => {
    await signInAs(page, 'Casey Morgan');
    await walkToConsent(page, /Standard consultation/, async (p) => {
      const grid = p.getByRole('grid');
      await expect(grid).toBeVisible();
      await expect(grid).not.toHaveAttribute('aria-busy', 'true');
      // The phone's day strip is not shown beside the month.
      await expect(p.getByRole('listbox', { name: /^Days in / })).toBeHidden();
      await expectBothThemesClean(p, 'the month picker');

      await p.getByRole('button', { name: /^First available: / }).focus();
      const inGrid = () => grid.evaluate((g) => g.contains(document.activeElement));
      for (let i = 0; i < 8 && !(await inGrid()); i++) await p.keyboard.press('Tab');
      expect(await inGrid(), 'Tab reaches the month').toBe(true);
      const focused = () => p.evaluate(() => document.activeElement?.getAttribute('aria-label') ?? '');
      const start = await focused();
      await p.keyboard.press('ArrowRight');
      await expect.poll(focused).not.toBe(start);
      await p.keyboard.press('ArrowLeft');
      await expect.poll(focused).toBe(start);

      // Onwards day by day to the first day with open times; Enter chooses it.
      let label = start;
      for (let i = 0; i < 45 && !/ open times?$/.test(label); i++) {
        const before = label;
        await p.keyboard.press('ArrowRight');
        await expect.poll(focused).not.toBe(before);
        label = await focused();
      }
      expect(label).toMatch(/, \d+ open times?$/);
      await p.keyboard.press('Enter');
      const dayWords = label.replace(/, \d+ open times?$/, '');
      const times = p.getByRole('region', { name: new RegExp(`^${dayWords}`) });
      await expect(times).toBeVisible();
      await expect(grid.getByRole('gridcell', { selected: true })).toHaveCount(1);

      // Into the day's times by Tab; Space chooses one.
      const inTimes = () => times.evaluate((t) => t.contains(document.activeElement));
      for (let i = 0; i < 12 && !(await inTimes()); i++) await p.keyboard.press('Tab');
      expect(await inTimes(), 'Tab reaches the day’s times').toBe(true);
      await p.keyboard.press('Space');
      await expect(times.getByRole('button', { pressed: true })).toHaveCount(1);
      await expect(p.getByText(/^Your time: /)).toBeVisible();
    });
    await expect(page.getByRole('button', { name: 'Book my appointment' })).toBeVisible();
  });
});
