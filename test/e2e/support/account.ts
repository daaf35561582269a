import type { Page } from '@playwright/test';
import { MOCK_ORIGIN } from './fixtures';

/**
 * Makes the page talk to the mock as the portal built with `VITE_ACCOUNT_CODE=<code>` would: every
 * API call to the mock carries `X-AccountCode: <code>` and the account read (`GET /accounts/demo`)
 * asks for `<code>`. The browser tests run one build (account `demo`); this lets a journey walk
 * the other demo accounts' intake flows (demo-quick, demo-econsult) without a build per account.
 */
export async function useAccountCode(page: Page, code: string): Promise<void> {
  await page.route(`${MOCK_ORIGIN}/**`, async (route) => {
    const request = route.request();
    const url = new URL(request.url());
    url.pathname = url.pathname.replace(/\/accounts\/demo$/, `/accounts/${code}`);
    const headers = request.headers();
    if ('x-accountcode' in headers) headers['x-accountcode'] = code;
    await route.fallback({ url: url.href, headers });
  });
}
