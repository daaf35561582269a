import { CONTRACT_TABLE, runContractTable } from '../contract/table';
import { expect, MOCK_ORIGIN, test } from './support/fixtures';

/** The same app built with the in-browser mock (dist-mock), served beside the main build. */
const MOCK_APP = `http://127.0.0.1:${Number(process.env.E2E_APP_PORT ?? 4317) + 1}`;

test.use({ serviceWorkers: 'allow' });

test('the browser worker and the standalone server answer the contract table identically', async ({
  page,
  guard,
}) => {
  // The table asks for 4xx answers on purpose; Chromium logs each as a failed resource load.
  guard.allowConsoleError(/Failed to load resource/);
  const viaServer = await runContractTable({ rows: CONTRACT_TABLE, base: MOCK_ORIGIN });

  await page.goto(`${MOCK_APP}/sign-in`);
  await expect(page.getByRole('heading', { name: 'Sign in', level: 1 })).toBeVisible();
  await page.evaluate(() => fetch('/__mock/reset', { method: 'POST' }).then((r) => r.ok));
  const viaWorker = await page.evaluate(runContractTable, { rows: CONTRACT_TABLE, base: MOCK_APP });

  expect(viaWorker).toEqual(viaServer);
  expect(viaWorker.map((r) => r.status)).toEqual(CONTRACT_TABLE.map((r) => r.status));
});
