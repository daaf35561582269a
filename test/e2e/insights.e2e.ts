import { expect, expectNoAxeViolations, test } from './support/fixtures';
import { signInAs } from './support/sign-in';

test('clinic insights show the seeded eight weeks as charts with a table behind each, at 320 px and 1280 px in both themes', async ({
  page,
}) => {
  await signInAs(page, 'Dr. Samira Okafor', '/provider');
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Clinic insights' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Clinic insights' })).toBeVisible();

  const waits = page.getByRole('region', { name: 'Walk-in waits' });
  // The history gives every figure a value: waits in minutes, counts, reply times, scores.
  await expect(waits.getByText(/^\d+(\.\d)? min$/).first()).toBeVisible();
  await expect(page.getByRole('img', { name: /^Walk-in wait by day\. Median \d/ })).toBeVisible();
  await expect(page.getByRole('img', { name: /^Walk-in wait by room\./ })).toBeVisible();
  await expect(
    page.getByRole('img', { name: /^Visits by week\. \d+ walk-ins and \d+ appointments over \d+ weeks/ }),
  ).toBeVisible();
  await expect(
    page.getByRole('img', {
      name: /^No-shows and cancellations by week\. \d+ no-shows and \d+ cancellations/,
    }),
  ).toBeVisible();
  await expect(page.getByRole('img', { name: /^First reply by week\. Median / })).toBeVisible();
  await expect(
    page.getByRole('img', { name: /\d+ scored responses; from \d\.\d in the week of/ }),
  ).toBeVisible();
  // Rooms by name, never by code.
  await expect(page.getByRole('main')).not.toContainText(/\b(general|dermatology|after-hours)\b/);

  // The table behind a chart, for screen readers and anyone who wants the figures.
  await waits.getByText('Show the table').first().click();
  const table = page.getByRole('region', { name: 'Walk-in wait by day, table' });
  await expect(table.getByRole('columnheader', { name: 'Median wait' })).toBeVisible();
  expect(await table.getByRole('row').count()).toBeGreaterThan(50);
  await page.getByRole('region', { name: 'Walk-ins and appointments' }).getByText('Show the table').click();
  await expect(page.getByRole('region', { name: 'Visits by week, table' }).getByRole('row')).not.toHaveCount(
    0,
  );

  for (const width of [320, 1280]) {
    await page.setViewportSize({ width, height: 800 });
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow, `the insights page fits ${width} px`).toBeLessThanOrEqual(0);
    for (const colorScheme of ['dark', 'light'] as const) {
      await page.emulateMedia({ colorScheme });
      await expectNoAxeViolations(page, `clinic insights (${colorScheme}, ${width} px)`);
    }
  }
});
