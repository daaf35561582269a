import { expect, expectNoAxeViolations, MOCK_ORIGIN, test } from './support/fixtures';
import { signInAs } from './support/sign-in';

test('a provider sees Casey Morgan waiting, opens her visit, sees the intake and photo, starts and completes it', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1024, height: 800 });
  await signInAs(page, 'Dr. Samira Okafor', '/provider');
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
  const queue = page.getByRole('list', { name: 'Patients waiting in General practice' });
  const casey = queue.getByRole('listitem').filter({ hasText: 'Casey Morgan' });
  await expect(casey).toContainText('Follow-up on seasonal allergies');
  await expect(casey).toContainText('number 3 in line');
  await expect(page.getByRole('region', { name: 'Assigned to you' }).getByText('New reply')).toBeVisible();
  expect(
    await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
  ).toBeLessThanOrEqual(0);
  await expect(page).not.toHaveTitle(/Casey/);
  await expectNoAxeViolations(page, 'provider dashboard (1024 px)');
  await page.screenshot({ path: 'test-results-e3/provider-dashboard-1024.png', fullPage: true });

  await casey.getByRole('link', { name: 'Casey Morgan' }).click();
  await expect(page).toHaveURL(/\/provider\/visits\/vis_walkin_waiting$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Walk-in visit' })).toBeVisible();
  const intake = page.getByRole('region', { name: 'Intake answers' });
  await expect(intake.getByText('Follow-up on seasonal allergies')).toBeVisible();
  await expect(intake.getByText('How severe is it?')).toBeVisible();
  await expect(intake.getByText('Moderate')).toBeVisible();
  const photo = page.getByRole('button', { name: 'Photo of my eyes' }).locator('img');
  await expect(photo).toBeVisible();
  expect(await photo.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  await expectNoAxeViolations(page, 'provider visit page');
  await page.screenshot({ path: 'test-results-e3/provider-visit-1024.png', fullPage: true });

  await page.getByRole('button', { name: 'Start the visit' }).click();
  const join = page.getByRole('region', { name: 'The visit is in progress — join' });
  await expect(join.getByRole('link', { name: 'Join the video visit' })).toHaveAttribute(
    'href',
    'https://demo.rooms.example.test/general',
  );
  await expectNoAxeViolations(page, 'provider visit in progress');
  await page.getByRole('button', { name: 'Complete the visit' }).click();
  // Without a summary: the dialog's own button completes it.
  await page
    .getByRole('dialog', { name: 'Complete this visit?' })
    .getByRole('button', { name: 'Complete the visit' })
    .click();
  await expect(page.getByText('Visit completed.', { exact: true })).toBeVisible();
  await expect(page.getByText('This visit is closed; there is nothing left to do.')).toBeVisible();
  await expect(page.getByText('Completed', { exact: true })).toBeVisible();

  await page.getByRole('link', { name: 'Open the patient’s chart' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Patient: Casey Morgan' })).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Documents' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('region', { name: 'Profile' })).toContainText(/@example\.test/);
  await expectNoAxeViolations(page, 'patient chart');
  await page.getByRole('tab', { name: 'Documents' }).press('ArrowRight');
  await expect(page.getByRole('tab', { name: 'Visits' })).toBeFocused();
  await expect(page.getByRole('tab', { name: 'Visits' })).toHaveAttribute('aria-selected', 'true');
  await expect(
    page
      .getByRole('tabpanel')
      .getByRole('link', { name: /^Walk-in visit/ })
      .first(),
  ).toBeVisible();
  await expectNoAxeViolations(page, 'patient chart visits');

  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'My patients' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'My patients' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Casey Morgan' })).toBeVisible();
  await expectNoAxeViolations(page, 'my patients');
});

test('the provider dashboard works on a phone and for a nurse with e-consults to accept', async ({
  page,
}) => {
  await page.setViewportSize({ width: 375, height: 800 });
  await signInAs(page, 'Noah Lindqvist', '/provider');
  await expect(page.getByRole('list', { name: 'Patients waiting in General practice' })).toBeVisible();
  const waiting = page.getByRole('region', { name: 'Waiting to be accepted' });
  await expect(waiting.getByText('Dry patches on both elbows')).toBeVisible();
  expect(
    await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
  ).toBeLessThanOrEqual(0);
  await expectNoAxeViolations(page, 'provider dashboard (phone)');

  // A patient joins the queue meanwhile: the dashboard shows them at its next poll, without a reload.
  await page.evaluate(() => {
    (window as unknown as { __notReloaded: boolean }).__notReloaded = true;
  });
  const added = await fetch(`${MOCK_ORIGIN}/__mock/rooms/general/walkins`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ reason: 'Twisted ankle' }),
  });
  expect(added.status).toBe(201);
  const general = page.getByRole('list', { name: 'Patients waiting in General practice' });
  await expect(general.getByRole('listitem').filter({ hasText: 'Twisted ankle' })).toBeVisible({
    timeout: 30_000,
  });
  await expect(general.getByRole('listitem')).toHaveCount(4);
  expect(await page.evaluate(() => (window as unknown as { __notReloaded?: boolean }).__notReloaded)).toBe(
    true,
  );
  await page.screenshot({ path: 'test-results-e3/provider-dashboard-phone.png', fullPage: true });

  await waiting
    .getByRole('listitem')
    .filter({ hasText: 'Dry patches on both elbows' })
    .getByRole('link')
    .click();
  await expect(page.getByRole('heading', { level: 1, name: 'E-consult' })).toBeVisible();
  await page.getByRole('button', { name: 'Accept this e-consult' }).click();
  await expect(page.getByRole('button', { name: 'Complete the e-consult' })).toBeVisible();
  // She replies at once, on the same page: the thread knows she now takes part.
  await expect(page.getByText('You are not taking part in this consultation')).toHaveCount(0);
  const reply = 'Thank you. Please send a photo of each elbow in daylight.';
  await page.getByRole('textbox', { name: 'Your message' }).fill(reply);
  await page.getByRole('button', { name: 'Send' }).click();
  const thread = page.getByRole('region', { name: 'Message history' });
  await expect(thread.getByText(reply)).toBeVisible();
  await expect(thread.getByText('Sent')).toBeVisible();
  const visitId = decodeURIComponent(page.url().split('/').pop() ?? '');
  const signIn = await fetch(`${MOCK_ORIGIN}/__mock/personas/demo-nurse/sign-in`, { method: 'POST' });
  const { sso_token } = (await signIn.json()) as { sso_token: string };
  const stored = await fetch(`${MOCK_ORIGIN}/messaging/api/visits/${visitId}/messages?limit=200`, {
    headers: { 'X-ApiToken': sso_token },
  });
  const messages = ((await stored.json()) as { data: { content: string; type: string }[] }).data;
  expect(messages.at(-1)).toMatchObject({ content: reply, type: 'provider_message' });
  expect(
    await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
  ).toBeLessThanOrEqual(0);
  await expectNoAxeViolations(page, 'e-consult accepted (phone)');

  await page.getByRole('button', { name: 'Cancel the visit' }).click();
  const dialog = page.getByRole('dialog', { name: 'Cancel this visit?' });
  await expect(dialog.getByLabel(/Reason for cancelling/)).toBeFocused();
  await expectNoAxeViolations(page, 'cancel dialog (phone)');
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('button', { name: 'Cancel the visit' })).toBeFocused();
});

test('the provider’s work list names each patient, narrows by status and kind, and searches by name without the name in the address', async ({
  page,
}) => {
  await signInAs(page, 'Dr. Samira Okafor', '/provider/visits');
  const list = page.getByRole('list', { name: 'Visits in your rooms' });
  await expect(list.getByRole('link', { name: /^Casey Morgan, Walk-in, / }).first()).toBeVisible();
  // Rooms by name, never by code.
  await expect(list).not.toContainText(/\broom general\b/);

  await page.getByLabel('Status').selectOption({ label: 'Upcoming' });
  await expect(page).toHaveURL(/status=upcoming/);
  // A group session is one row with the booked names.
  await expect(list.getByRole('link', { name: /^Group session: / }).first()).toBeVisible();
  await page.getByLabel('Status').selectOption({ label: 'Waiting' });
  await page.getByLabel('Kind').selectOption({ label: 'Walk-in' });
  await expect(page).toHaveURL(/status=waiting/);
  await expect(page).toHaveURL(/kind=walkin/);
  await expect(list).toContainText(/Waiting \d+ min/);

  await page.getByLabel('Search by patient name').fill('casey');
  const rows = list.getByRole('link', { name: /, Walk-in, / });
  await expect(rows.first()).toBeVisible();
  for (const name of await rows.evaluateAll((links) => links.map((l) => l.textContent ?? ''))) {
    expect(name).toContain('Casey');
  }
  await expect(page.getByRole('status').filter({ hasText: /\d+ visits? match/ })).toBeVisible();
  expect(page.url().toLowerCase()).not.toContain('casey');
  expect((await page.title()).toLowerCase()).not.toContain('casey');
  const stored = await page.evaluate(() => JSON.stringify({ ...sessionStorage, ...localStorage }));
  expect(stored.toLowerCase()).not.toContain('casey');

  // Back undoes a filter.
  await page.goBack();
  await expect(page).not.toHaveURL(/kind=walkin/);

  for (const width of [1280, 320]) {
    await page.setViewportSize({ width, height: 800 });
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow, `the work list fits ${width} px`).toBeLessThanOrEqual(0);
    for (const colorScheme of ['dark', 'light'] as const) {
      await page.emulateMedia({ colorScheme });
      await expectNoAxeViolations(page, `the work list (${colorScheme}, ${width} px)`);
    }
  }
});
