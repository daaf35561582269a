import { expect, expectNoAxeViolations, MOCK_ORIGIN, test } from './support/fixtures';
import { signInAs } from './support/sign-in';

const VISIT = 'vis_econsult_open';

async function storedThread(): Promise<{ content: string; type: string }[]> {
  // Read the thread as the mock stores it, with a token of a participant (development sign-in control).
  const signIn = await fetch(`${MOCK_ORIGIN}/__mock/personas/demo-provider/sign-in`, { method: 'POST' });
  const { sso_token } = (await signIn.json()) as { sso_token: string };
  const response = await fetch(`${MOCK_ORIGIN}/messaging/api/visits/${VISIT}/messages?limit=200`, {
    headers: { 'X-ApiToken': sso_token },
  });
  const body = (await response.json()) as { data: { content: string; type: string }[] };
  return body.data;
}

test('the patient and the provider exchange e-consult messages without reloading', async ({
  page,
  newGuardedContext,
}) => {
  await signInAs(page, 'Casey Morgan', `/patient/visits/${VISIT}`);
  const patientThread = page.getByRole('region', { name: 'Message history' });
  await expect(
    patientThread.getByText('A small mole on my shoulder looks darker than last year.', { exact: false }),
  ).toBeVisible();
  await expectNoAxeViolations(page, 'patient e-consult thread');

  await page.getByRole('textbox', { name: 'Your message' }).fill('It is about 5 mm across and flat.');
  await page.getByRole('button', { name: 'Send' }).click({ clickCount: 2 });
  await expect(patientThread.getByText('It is about 5 mm across and flat.')).toHaveCount(1);
  await expect(patientThread.getByText('Sent')).toBeVisible();

  const providerContext = await newGuardedContext();
  const providerPage = await providerContext.newPage();
  await signInAs(providerPage, 'Dr. Samira Okafor', `/provider/visits/${VISIT}`);
  const providerThread = providerPage.getByRole('region', { name: 'Message history' });
  await expect(providerThread.getByText('It is about 5 mm across and flat.')).toBeVisible();
  await expectNoAxeViolations(providerPage, 'provider e-consult thread');

  // A reply whose text is markup must arrive as text: no dialog, no __xss (the guard fails the test otherwise).
  const hostile = '<img src=x onerror="window.__xss(1)"> Please send a photo.';
  await providerPage.getByRole('textbox', { name: 'Your message' }).fill(hostile);
  await providerPage.getByRole('textbox', { name: 'Your message' }).press('Enter');
  await expect(providerThread.getByText('Sent')).toBeVisible();

  // The patient sees it arrive without a reload.
  await expect(patientThread.getByText(hostile)).toBeVisible();
  await expect(patientThread.locator('img')).toHaveCount(0);
  await expect(
    page.getByRole('status').filter({ hasText: 'New message from Dr. Samira Okafor' }),
  ).toHaveCount(1);

  const thread = await storedThread();
  expect(thread.map((m) => m.content)).toEqual([
    'A small mole on my shoulder looks darker than last year. Should I be worried?',
    'It is about 5 mm across and flat.',
    hostile,
  ]);
  expect(thread.map((m) => m.type)).toEqual(['patient_message', 'patient_message', 'provider_message']);
});

test('a very long word wraps inside its bubble, also at phone width (case C21)', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 740 });
  await signInAs(page, 'Casey Morgan', `/patient/visits/${VISIT}`);
  const thread = page.getByRole('region', { name: 'Message history' });
  await expect(thread.getByText('A small mole', { exact: false })).toBeVisible();
  const word = 'W'.repeat(3000);
  await page.getByRole('textbox', { name: 'Your message' }).fill(word);
  await page.getByRole('button', { name: 'Send' }).click();
  await expect(thread.getByText('Sent')).toBeVisible();
  const sizes = await page.evaluate(() => {
    const scroll = document.querySelector('.thread-scroll')!.getBoundingClientRect();
    const bubbles = [...document.querySelectorAll('.msg')].map((el) => el.getBoundingClientRect().right);
    return {
      right: scroll.right,
      widest: Math.max(...bubbles),
      overflow: document.documentElement.scrollWidth - window.innerWidth,
    };
  });
  expect(sizes.widest).toBeLessThanOrEqual(sizes.right + 0.5);
  expect(sizes.overflow).toBeLessThanOrEqual(0);
  await expectNoAxeViolations(page, 'thread at phone width');
});

test('the notifications page lists, marks read, opens what a row is about and agrees with the header badge', async ({
  page,
}) => {
  await signInAs(page, 'Casey Morgan', '/patient/notifications');
  await expect(page.getByRole('heading', { level: 1, name: 'Notifications' })).toBeVisible();
  await expect(page.getByText('6 new notifications')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Notifications, 6 new' })).toBeVisible();
  await expect(page.locator('.notification-state', { hasText: 'Unread' })).toHaveCount(6);
  await expectNoAxeViolations(page, 'notifications');
  await page.locator('.notification').nth(4).getByRole('button').click();
  await expect(page.getByText('5 new notifications')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Notifications, 5 new' })).toBeVisible();
  await page.getByRole('button', { name: 'Mark all as seen' }).click();
  await expect(page.getByText('No new notifications')).toBeVisible();
  await expect(page.locator('.notification-state', { hasText: 'Unread' })).toHaveCount(0);
  await expectNoAxeViolations(page, 'notifications after mark all seen');
  // A row that names its visit opens it: the message notification leads to the e-consult thread.
  await page
    .getByRole('link', { name: /New message from your care team/ })
    .first()
    .click();
  await expect(page).toHaveURL(/\/patient\/visits\/vis_econsult_open$/);
  await page.goBack();
  await page.reload();
  await expect(page.getByText('No new notifications')).toBeVisible();
});
