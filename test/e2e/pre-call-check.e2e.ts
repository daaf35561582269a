import { expect, expectNoAxeViolations, test } from './support/fixtures';
import { signInAs } from './support/sign-in';

/**
 * The pre-call check in Chromium with its fake camera and microphone (issue 18). The flags are
 * this file's alone: every other journey runs with real (absent) devices.
 */
test.use({
  viewport: { width: 375, height: 740 },
  launchOptions: {
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--use-fake-ui-for-media-stream',
      '--use-fake-device-for-media-stream',
      '--autoplay-policy=no-user-gesture-required',
    ],
  },
});

test('the waiting room checks camera, microphone and speakers, sends nothing, and lets go of the devices', async ({
  page,
}) => {
  await signInAs(page, 'Casey Morgan');
  await page.goto('/patient/visits/vis_walkin_waiting');
  const check = page.getByRole('region', { name: 'Check your camera and microphone' });
  await expect(check).toBeVisible();
  // Uploads of any kind while the check runs (the page's own reads and invoice check are not the check's).
  const uploads: string[] = [];
  page.on('request', (r) => {
    // Reads (the visit's attachment list refreshing, for one) send nothing; anything with a body might.
    if (r.method() === 'GET' || r.method() === 'HEAD') return;
    const type = r.headers()['content-type'] ?? '';
    if (/\/files(\?|$)/.test(r.url()) || /multipart|audio|video|octet-stream/.test(type))
      uploads.push(`${r.method()} ${r.url()}`);
  });

  await check.getByRole('button', { name: 'Start the check' }).click();
  const video = check.getByLabel('Your camera');
  await expect(video).toBeVisible();
  await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.videoWidth)).toBeGreaterThan(0);
  await expect(check.getByRole('combobox', { name: 'Camera' })).toBeVisible();
  await expect(check.getByRole('combobox', { name: 'Microphone' })).toBeVisible();
  // The fake microphone plays a beep: the level moves.
  const meter = check.getByRole('meter', { name: /Microphone level/ });
  await expect.poll(() => meter.evaluate((m: HTMLMeterElement) => m.value)).toBeGreaterThan(0);
  await check.getByRole('button', { name: 'Play a test sound' }).click();
  await expect(check.getByRole('status')).toContainText('short beep');
  await expectNoAxeViolations(page, 'pre-call check running');

  // Leaving the page stops every track: the camera's stream is gone from the page.
  const live = await page.evaluate(() => {
    const v = document.querySelector<HTMLVideoElement>('video');
    const stream = v?.srcObject as MediaStream | null;
    (window as unknown as { __precallTracks?: MediaStreamTrack[] }).__precallTracks =
      stream?.getTracks() ?? [];
    return stream?.getTracks().map((t) => t.readyState) ?? [];
  });
  expect(live).toEqual(['live', 'live']);
  // Nothing of the camera or microphone was sent (foreign hosts are refused by the guard too).
  expect(uploads).toEqual([]);
  await page.getByRole('link', { name: 'All your visits' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Your visits' })).toBeVisible();
  const after = await page.evaluate(() =>
    ((window as unknown as { __precallTracks?: MediaStreamTrack[] }).__precallTracks ?? []).map(
      (t) => t.readyState,
    ),
  );
  expect(after).toEqual(['ended', 'ended']);
});
