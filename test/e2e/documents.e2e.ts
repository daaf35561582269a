import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { readFile } from 'node:fs/promises';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Page } from '@playwright/test';
import { MOCK_ORIGIN, expect, expectNoAxeViolations, test } from './support/fixtures';
import { signInAs } from './support/sign-in';
import { phonePhotoJpeg } from '../fixtures/photos/make-12mp';
import { inspectImage } from '../support/exif';

/** Deterministic, non-trivial bytes (every byte value appears). */
function bytesOf(length: number): Buffer {
  const buffer = Buffer.alloc(length);
  for (let i = 0; i < length; i += 1) buffer[i] = (i * 7 + (i >> 8)) % 256;
  return buffer;
}

// These journeys are long (and one moves 25 MB into the browser); the machine is shared.
test.describe.configure({ timeout: 120_000 });

const rowOf = (page: Page, title: string) =>
  page
    .getByRole('listitem')
    .filter({ has: page.getByRole('heading', { level: 3, name: title, exact: true }) });

async function openDocuments(page: Page) {
  await signInAs(page, 'Casey Morgan', '/patient/documents');
  await expect(page.getByRole('heading', { level: 1, name: 'Documents' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 3, name: 'Photo of the rash' })).toBeVisible();
}

test('a patient uploads a document, opens and downloads the same bytes, renames it and deletes it', async ({
  page,
  context,
}) => {
  await openDocuments(page);
  // The seeded image shows a real thumbnail (bytes fetched through the API, shown from a blob: URL).
  const thumb = rowOf(page, 'Photo of the rash').locator('img');
  await expect(thumb).toHaveAttribute('src', /^blob:/);
  await expect.poll(() => thumb.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(16);
  await expect(page.locator('body')).not.toContainText('auth_code');
  expect(await page.content()).not.toContain('auth_code');
  await expectNoAxeViolations(page, 'documents');

  const content = bytesOf(200 * 1024);
  await page
    .getByLabel('Add documents')
    .setInputFiles({ name: 'lab-results.pdf', mimeType: 'application/pdf', buffer: content });
  await expect(page.getByText('Uploaded', { exact: true })).toBeVisible();
  await expect(page.getByRole('progressbar', { name: 'Upload progress of lab-results.pdf' })).toHaveAttribute(
    'aria-valuenow',
    '100',
  );
  const row = rowOf(page, 'lab-results.pdf');
  await expect(row).toContainText('PDF file · 200 KB');
  await expect(row).toContainText('uploaded by you');
  await expectNoAxeViolations(page, 'documents after an upload');

  // Download: the same bytes, under a safe name.
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    row.getByRole('button', { name: 'Download lab-results.pdf' }).click(),
  ]);
  expect(download.suggestedFilename()).toBe('lab-results.pdf');
  const saved = await readFile(await download.path());
  expect(saved.equals(content)).toBe(true);

  // Open: the bytes, read through the API at the click, in a new tab without opener; the file
  // host's link never reaches the tab (under `npm run dev` it lay on the portal's own origin,
  // where the tab showed the portal's "Page not found").
  const [tab] = await Promise.all([
    context.waitForEvent('page'),
    rowOf(page, 'Vaccination record').getByRole('button', { name: 'Open Vaccination record' }).click(),
  ]);
  await expect(tab).toHaveURL(/^blob:/);
  await expect(tab.locator('body')).toHaveText('Demo document: vaccination record (sample text)');
  expect(await tab.evaluate(() => window.opener === null)).toBe(true);
  // The file's own tab is not a portal page; no axe scan there.
  await tab.close();

  // Rename by title.
  await row.getByRole('button', { name: 'Rename lab-results.pdf' }).click();
  const renameDialog = page.getByRole('dialog', { name: 'Rename document' });
  await expect(renameDialog.getByLabel('New name')).toBeFocused();
  await expectNoAxeViolations(page, 'rename dialog');
  await renameDialog.getByLabel('New name').fill('Blood test March');
  await renameDialog.getByRole('button', { name: 'Save name' }).click();
  await expect(renameDialog).toBeHidden();
  const renamed = rowOf(page, 'Blood test March');
  await expect(renamed).toContainText('PDF file · 200 KB');

  const [again] = await Promise.all([
    page.waitForEvent('download'),
    renamed.getByRole('button', { name: 'Download Blood test March' }).click(),
  ]);
  expect(again.suggestedFilename()).toBe('Blood test March.pdf');

  // Delete with confirmation; the row goes once the server agreed.
  await renamed.getByRole('button', { name: 'Delete Blood test March' }).click();
  const confirm = page.getByRole('dialog', { name: 'Delete document?' });
  await expect(confirm.getByRole('button', { name: 'Keep it' })).toBeFocused();
  await expectNoAxeViolations(page, 'delete dialog');
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(confirm).toBeHidden();
  await expect(page.getByRole('heading', { level: 3, name: 'Blood test March' })).toHaveCount(0);
  await page.reload();
  await expect(page.getByRole('heading', { level: 3, name: 'Photo of the rash' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 3, name: 'Blood test March' })).toHaveCount(0);
});

test('phone photos: a HEIC and a 12 MP JPEG arrive as upright JPEGs any browser shows, a few MB at most, with no location', async ({
  page,
}) => {
  test.setTimeout(180_000);
  const heic = await readFile(new URL('../fixtures/photos/phone.heic', import.meta.url));
  const big = Buffer.from(phonePhotoJpeg());
  // The chosen files are what a phone gives: a HEIC, and a 12 MP JPEG lying on its side with GPS.
  expect(inspectImage(big)).toMatchObject({ width: 4000, height: 3000, orientation: 6, hasGps: true });
  expect(big.length).toBeGreaterThan(3 * 1024 * 1024);

  await openDocuments(page);
  await page.getByLabel('Add documents').setInputFiles([
    { name: 'IMG_0001.HEIC', mimeType: 'image/heic', buffer: heic },
    { name: 'IMG_0002.jpg', mimeType: 'image/jpeg', buffer: big },
  ]);
  // The upload says what it did to each.
  await expect(
    page.getByText(/^Photo converted so it can be shown on any device.*location removed\.$/),
  ).toBeVisible({
    timeout: 90_000,
  });
  await expect(page.getByText(/^Photo made smaller for upload \(.+ → .+\); location removed\.$/)).toBeVisible(
    {
      timeout: 90_000,
    },
  );
  await expect(page.getByText('Uploaded', { exact: true })).toHaveCount(2, { timeout: 90_000 });
  await expectNoAxeViolations(page, 'documents after two phone photos');

  const expected = [
    { title: 'IMG_0001.jpg', width: 1200, height: 900 },
    // Turned upright (orientation 6) and brought to 2,560 px on its longest side.
    { title: 'IMG_0002.jpg', width: 1920, height: 2560 },
  ];
  for (const { title, width, height } of expected) {
    const row = rowOf(page, title);
    // Shown: the stored bytes decode in the browser.
    const thumb = row.locator('img');
    await expect(thumb).toHaveAttribute('src', /^blob:/);
    await expect.poll(() => thumb.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(width);
    // Stored: a JPEG with no EXIF at all, so no location, at most 3 MB.
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      row.getByRole('button', { name: `Download ${title}` }).click(),
    ]);
    const stored = await readFile(await download.path());
    expect(stored.length, `${title} is at most 3 MB`).toBeLessThanOrEqual(3 * 1024 * 1024);
    expect(inspectImage(stored), title).toMatchObject({
      format: 'jpeg',
      width,
      height,
      hasExif: false,
      hasGps: false,
      hasXmp: false,
    });
  }
});

test('an upload cut off mid-way leaves no half-listed file, and a retry uploads it once (F49)', async ({
  page,
  guard,
}) => {
  await openDocuments(page);
  // The first upload goes to a server that reads part of the body, then resets the connection:
  // the browser has sent bytes (and shown progress) when the cut happens.
  const total = 2 * 1024 * 1024;
  const cutAfter = 256 * 1024;
  let received = 0;
  const cutter = createServer((req, res) => {
    if (req.method === 'OPTIONS') {
      res.writeHead(204, {
        'Access-Control-Allow-Origin': req.headers.origin ?? '*',
        'Access-Control-Allow-Methods': 'POST',
        'Access-Control-Allow-Headers': req.headers['access-control-request-headers'] ?? '*',
      });
      res.end();
      return;
    }
    req.on('data', (chunk: Buffer) => {
      received += chunk.length;
      if (received >= cutAfter) req.socket.resetAndDestroy();
    });
  });
  await new Promise<void>((resolve) => cutter.listen(0, '127.0.0.1', resolve));
  const { port } = cutter.address() as AddressInfo;
  let cut = 0;
  await page.route(`${MOCK_ORIGIN}/api_v3/files`, async (route) => {
    if (route.request().method() === 'POST' && cut === 0) {
      cut += 1;
      await route.continue({ url: `http://127.0.0.1:${port}/api_v3/files` });
      return;
    }
    await route.fallback();
  });
  await page
    .getByLabel('Add documents')
    .setInputFiles({ name: 'scan.png', mimeType: 'image/png', buffer: bytesOf(total) });
  await expect(
    page.getByText('The upload was interrupted. Check your connection and retry.', { exact: true }),
  ).toBeVisible();
  expect(cut).toBe(1);
  // Cut mid-way: some of the body arrived, not all of it.
  expect(received).toBeGreaterThanOrEqual(cutAfter);
  expect(received).toBeLessThan(total);
  cutter.close();
  // The reset we provoked, and nothing else, reached the console.
  expect(guard.take('console').map((p) => p.message)).toEqual([
    'Failed to load resource: net::ERR_CONNECTION_RESET',
  ]);
  await expect(page.getByRole('heading', { level: 3, name: 'scan.png' })).toHaveCount(0);
  await expectNoAxeViolations(page, 'documents with a failed upload');

  await page.getByRole('button', { name: 'Retry upload of scan.png' }).click();
  await expect(page.getByText('Uploaded', { exact: true })).toBeVisible();
  await expect(page.getByRole('heading', { level: 3, name: 'scan.png' })).toHaveCount(1);
  await page.reload();
  await expect(page.getByRole('heading', { level: 3, name: 'Photo of the rash' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 3, name: 'scan.png' })).toHaveCount(1);
});

test('a file over 25 MB and a type not accepted are refused before any request (F48), at phone width', async ({
  page,
}) => {
  await page.setViewportSize({ width: 375, height: 740 });
  await openDocuments(page);
  const posts: string[] = [];
  page.on('request', (request) => {
    if (request.method() === 'POST' && request.url().includes('/files')) posts.push(request.url());
  });
  // Files on disk are handed to the local browser by path (a 25 MB buffer would cross the protocol).
  const folder = mkdtempSync(join(tmpdir(), 'f48-'));
  writeFileSync(join(folder, 'huge.pdf'), Buffer.alloc(25 * 1024 * 1024 + 1, 1));
  writeFileSync(join(folder, 'setup.exe'), Buffer.from('MZ'));
  await page.getByLabel('Add documents').setInputFiles([join(folder, 'huge.pdf'), join(folder, 'setup.exe')]);
  rmSync(folder, { recursive: true, force: true });
  await expect(page.getByText('Not sent. This file is 25 MB; files can be at most 25 MB.')).toBeVisible();
  await expect(page.getByText(/Not sent\. This type of file is not accepted\./)).toBeVisible();
  expect(posts).toEqual([]);
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  await expectNoAxeViolations(page, 'documents with refused files (phone)');
});

test('a provider opens a patient’s record and adds a document to it', async ({ page }) => {
  await signInAs(page, 'Dr. Samira Okafor', '/provider/patients/usr_patient');
  await expect(page.getByRole('heading', { level: 1, name: 'Patient: Casey Morgan' })).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Documents' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('heading', { level: 3, name: 'Visit summary' })).toBeVisible();
  await page.getByLabel('Add documents to this patient’s record').setInputFiles({
    name: 'referral.txt',
    mimeType: 'text/plain',
    buffer: Buffer.from('Referral letter (sample)'),
  });
  await expect(rowOf(page, 'referral.txt')).toContainText('uploaded by you');
  await expectNoAxeViolations(page, 'provider: patient record');
});
