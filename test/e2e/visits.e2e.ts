import { expect, expectNoAxeViolations, MOCK_ORIGIN, test } from './support/fixtures';
import { signInAs } from './support/sign-in';
import { chooseFirstAvailable, pass } from './support/steps';
import { walkWizard } from './support/wizard';

const ADMIN = { 'X-ApiToken': 'demo-admin-token', 'X-AccountCode': 'demo' };

test('a patient browses the rooms and reads a room, its providers and prices', async ({ page }) => {
  await signInAs(page, 'Casey Morgan');
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Visits' }).click();
  await page.getByRole('navigation', { name: 'Visits' }).getByRole('link', { name: 'Start a visit' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Start a visit' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'General practice' })).toBeVisible();
  await expectNoAxeViolations(page, 'room list');

  await page.getByRole('link', { name: 'General practice' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'General practice' })).toBeVisible();
  await expect(page.getByText('Open now')).toBeVisible();
  await expect(page.getByText('Quick consultation · 15 minutes · $49.00')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Start a walk-in visit' })).toHaveAttribute(
    'href',
    '/patient/rooms/general/intake?kind=walkin',
  );
  await expect(page.getByText('Dr. Samira Okafor, MD', { exact: true }).first()).toBeVisible();
  await expectNoAxeViolations(page, 'room detail');

  await page.getByRole('button', { name: 'More about Dr. Samira Okafor, MD' }).click();
  const dialog = page.getByRole('dialog', { name: 'Dr. Samira Okafor, MD' });
  await expect(dialog.getByText('Residency and board certification (demo data).')).toBeVisible();
  await expectNoAxeViolations(page, 'provider profile dialog');
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
});

test('the closed after-hours room shows its sanitised message and no script runs', async ({
  page,
  guard,
}) => {
  await page.setViewportSize({ width: 375, height: 800 });
  await signInAs(page, 'Casey Morgan', '/patient/rooms/after-hours');
  await expect(page.getByRole('heading', { name: 'This room is closed right now' })).toBeVisible();
  await expect(page.getByText('We are closed today.')).toBeVisible();
  const help = page.getByRole('link', { name: 'read our help pages' });
  await expect(help).toHaveAttribute('target', '_blank');
  await expect(help).toHaveAttribute('rel', 'noopener noreferrer');
  await expect(page.locator('.room-closed img, .room-closed script')).toHaveCount(0);
  await expect(page.locator('.room-closed a[href^="javascript"]')).toHaveCount(0);
  await expect(
    page.getByText(
      'You can still book an appointment or send an e-consult (a clinician answers in writing when the room opens).',
    ),
  ).toBeVisible();
  await expectNoAxeViolations(page, 'closed room');
  await page.screenshot({ path: 'test-results-e2/closed-room-phone.png', fullPage: true });
  await guard.flush();
  expect(guard.take('xss')).toEqual([]);
  // The sanitiser renames handlers before parsing, so not even a blocked report is left (case 69).
  expect(guard.take('csp')).toEqual([]);
  expect(guard.take('console')).toEqual([]);
});

test('the visits list leads to a visit page that works at phone width', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 800 });
  await signInAs(page, 'Casey Morgan', '/patient/visits');
  await expect(page.getByRole('heading', { level: 1, name: 'Your visits' })).toBeVisible();
  const now = page.getByRole('region', { name: 'Happening now' });
  await expect(now.getByRole('listitem')).toHaveCount(3);
  await expect(page.getByRole('region', { name: 'Past' }).getByRole('listitem')).toHaveCount(3);
  await expectNoAxeViolations(page, 'visits list');

  await now.getByRole('listitem').filter({ hasText: 'Waiting' }).getByRole('link').click();
  await expect(page).toHaveURL(/\/patient\/visits\/vis_walkin_waiting$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Walk-in visit' })).toBeVisible();
  await expect(page.getByText('You are number 3 in line (2 patients ahead of you).')).toBeVisible();
  await expect(page.getByText('Estimated wait: 10 to 20 minutes.')).toBeVisible();
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  await expectNoAxeViolations(page, 'waiting room (phone)');
  await page.screenshot({ path: 'test-results-e2/waiting-room-phone.png', fullPage: true });

  // A reload returns to the same visit.
  await page.reload();
  await expect(page.getByText('You are number 3 in line (2 patients ahead of you).')).toBeVisible();
});

test('the waiting room of the visit in progress shows the join link and dial-in details', async ({
  page,
}) => {
  await page.setViewportSize({ width: 375, height: 800 });
  await signInAs(page, 'Casey Morgan', '/patient/visits/vis_inprogress');
  const join = page.getByRole('region', { name: 'Your provider is ready — join' });
  await expect(join.getByRole('link', { name: 'Join the video visit' })).toHaveAttribute(
    'href',
    'https://demo.rooms.example.test/general',
  );
  await expect(join.getByText('Conference PIN')).toBeVisible();
  await expect(join.getByText('United States')).toBeVisible();
  await expectNoAxeViolations(page, 'visit in progress');
  await page.screenshot({ path: 'test-results-e2/visit-in-progress-phone.png', fullPage: true });
});

test('a provider works from the list alone; the waiting room turns into "join" and then the visit’s end, without a reload', async ({
  page,
  newGuardedContext,
}) => {
  // The patient page's polls (every 10 s waiting, 20 s in progress) are moved on by its clock.
  await page.clock.install();
  await signInAs(page, 'Casey Morgan', '/patient/visits/vis_walkin_waiting');
  await expect(page.getByRole('heading', { name: 'You are in the waiting room' })).toBeVisible();
  await page.evaluate(() => {
    (window as unknown as { __notReloaded: boolean }).__notReloaded = true;
  });

  // The provider starts the visit from their own browser.
  const providerContext = await newGuardedContext();
  const providerPage = await providerContext.newPage();
  await signInAs(providerPage, 'Dr. Samira Okafor', '/provider/visits');
  // From the work list: two walk-ins taken from their rows, then the next one taken and started.
  const said = providerPage.getByRole('status', { name: 'What you did' });
  for (const name of ['Avery Abbott', 'Blair Foster']) {
    await providerPage.getByRole('button', { name: `Take ${name}’s walk-in` }).click();
    await expect(said).toContainText(`You took ${name}’s walk-in.`);
  }
  await providerPage.getByRole('button', { name: 'Take and start the next walk-in' }).click();
  await expect(said).toContainText('You took and started Casey Morgan’s walk-in.');
  await expect(said.getByText(/You took and started/)).toBeFocused();
  const taken = await fetch(`${MOCK_ORIGIN}/api_v3/visits/vis_walkin_waiting`, { headers: ADMIN });
  expect(((await taken.json()) as { data: unknown }).data).toMatchObject({
    status: 25,
    provider_id: expect.any(String),
  });
  await said.getByRole('link', { name: 'Open the visit with Casey Morgan' }).click();
  await expect(providerPage.getByRole('region', { name: 'The visit is in progress — join' })).toBeVisible();

  const join = page.getByRole('region', { name: 'Your provider is ready — join' });
  // The page polls every 10 seconds while visible.
  await page.clock.fastForward(11_000);
  await expect(join).toBeVisible();
  await expect(join.getByRole('link', { name: 'Join the video visit' })).toBeVisible();
  await expect(page.getByText('Samira Okafor')).toBeVisible();
  expect(await page.evaluate(() => (window as unknown as { __notReloaded?: boolean }).__notReloaded)).toBe(
    true,
  );
  await expectNoAxeViolations(page, 'waiting room after the provider joined');

  // Completing asks first, and offers a summary for the patient.
  await providerPage.getByRole('button', { name: 'Complete the visit' }).click();
  const complete = providerPage.getByRole('dialog', { name: 'Complete this visit?' });
  await expect(complete.getByRole('button', { name: 'Keep it open' })).toBeFocused();
  await complete.getByLabel('What we discussed').fill('A sore throat from a virus; no antibiotics needed.');
  await complete.getByLabel('What to do next').fill('Rest, fluids, and honey in warm water.');
  await complete.getByLabel('When to come back').fill('If a fever lasts more than three days.');
  await expectNoAxeViolations(providerPage, 'the complete dialog');
  await complete.getByRole('button', { name: 'Complete the visit' }).click();
  await expect(providerPage.getByText('Visit completed. The summary was sent to the patient.')).toBeVisible();
  await expect(providerPage.getByText('This visit is closed; there is nothing left to do.')).toBeVisible();
  await providerContext.close();

  // The visit's end reaches the patient's page by itself (it asks every 20 s while in progress).
  await page.clock.fastForward(21_000);
  await expect(page.getByText('This visit is completed.')).toBeVisible();
  expect(await page.evaluate(() => (window as unknown as { __notReloaded?: boolean }).__notReloaded)).toBe(
    true,
  );
  await expect(page.getByRole('region', { name: 'Your provider is ready — join' })).toHaveCount(0);
  // The summary the provider wrote opens from the visit page, its bytes read through the API.
  const summary = page.getByRole('region', { name: 'Your visit summary' });
  const [tab] = await Promise.all([
    page.context().waitForEvent('page'),
    summary.getByRole('button', { name: 'Open your visit summary' }).click(),
  ]);
  await expect(tab).toHaveURL(/^blob:/);
  await expect(tab.locator('body')).toContainText('Rest, fluids, and honey in warm water.');
  await expect(tab.locator('body')).not.toContainText('Casey');
  await tab.close();

  // The survey about this visit, on its page.
  const survey = page.getByRole('region', { name: 'Tell us how it went' });
  await survey.getByRole('radio', { name: 'Very easy' }).check();
  await survey.getByRole('button', { name: 'Send my answers' }).click();
  await expect(survey.getByText('Thank you for your answers.', { exact: false })).toBeFocused();
  // Stored: the survey service answers it to the clinic team as this visit's response.
  const signIn = await fetch(`${MOCK_ORIGIN}/__mock/personas/demo-provider/sign-in`, { method: 'POST' });
  const { sso_token } = (await signIn.json()) as { sso_token: string };
  const responses = await fetch(
    `${MOCK_ORIGIN}/survey/surveys/post_visit_survey/responses?visit_ids=vis_walkin_waiting`,
    { headers: { 'X-ApiToken': sso_token } },
  );
  expect(JSON.stringify(await responses.json())).toContain('very_easy');
  await expectNoAxeViolations(page, 'the visit’s end');

  // A follow-up appointment in the same room, booked from the completed visit.
  const followUp = page.getByRole('region', { name: 'Book a follow-up' });
  await expect(followUp).toContainText('Book an appointment in General practice.');
  await followUp.getByRole('link', { name: 'Book a follow-up' }).click();
  await expect(page).toHaveURL(/\/patient\/rooms\/general\/intake/);
  await walkWizard(page, {
    commit: 'Book my appointment',
    answers: { 'Choose a time': async (p) => void (await chooseFirstAvailable(p)) },
  });
  await pass(page, 'Book my appointment');
  await page.getByRole('link', { name: 'Skip to your visit' }).click();
  await expect(page).toHaveURL(/\/patient\/visits\/[^/]+$/);
  const bookedId = decodeURIComponent(page.url().split('/').pop() ?? '');
  expect(bookedId).not.toBe('vis_walkin_waiting');
  const stored = await fetch(`${MOCK_ORIGIN}/api_v3/visits/${bookedId}`, { headers: ADMIN });
  expect(((await stored.json()) as { data: unknown }).data).toMatchObject({
    room_code: 'general',
    type: 2,
    status: 10,
  });
});
