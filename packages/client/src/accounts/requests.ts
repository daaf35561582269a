import { apiJson, type CallOptions } from '../http.ts';
import type { Account, Settings } from './schemas.ts';

/**
 * The schemas (and zod) load on the first call, in parallel with the request: every page's header
 * and the sign-in page show the clinic's brand, and the first page carries no zod.
 */
const schemas = () => import('./schemas.ts');

/** GET /accounts/{code} (no auth): branding, waiting-room text and the intake steps. `-` = current. */
export function getAccount(code: string, options: CallOptions = {}): Promise<Account> {
  return apiJson({
    path: `/accounts/${encodeURIComponent(code)}`,
    auth: 'none',
    schema: schemas().then((m) => m.AccountSchema),
    signal: options.signal,
  });
}

/** GET /settings: every setting of the account, nested. */
export function getSettings(options: CallOptions = {}): Promise<Settings> {
  return apiJson({
    path: '/settings',
    auth: 'user',
    schema: schemas().then((m) => m.SettingsSchema),
    signal: options.signal,
  });
}

/** GET /settings/{key}; `key` may be a slash path such as `visit/time/max_wait_time`. */
export function getSetting(key: string, options: CallOptions = {}): Promise<unknown> {
  const path = key.split('/').map(encodeURIComponent).join('/');
  return apiJson({
    path: `/settings/${path}`,
    auth: 'user',
    schema: schemas().then((m) => m.SettingValueSchema),
    signal: options.signal,
  });
}
