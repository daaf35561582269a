import { apiJson, type CallOptions } from '../http';
import { AccountSchema, SettingsSchema, SettingValueSchema, type Account, type Settings } from './schemas';

/** GET /accounts/{code} (no auth): branding, waiting-room text and the intake steps. `-` = current. */
export function getAccount(code: string, options: CallOptions = {}): Promise<Account> {
  return apiJson({
    path: `/accounts/${encodeURIComponent(code)}`,
    auth: 'none',
    schema: AccountSchema,
    signal: options.signal,
  });
}

/** GET /settings: every setting of the account, nested. */
export function getSettings(options: CallOptions = {}): Promise<Settings> {
  return apiJson({ path: '/settings', auth: 'user', schema: SettingsSchema, signal: options.signal });
}

/** GET /settings/{key}; `key` may be a slash path such as `visit/time/max_wait_time`. */
export function getSetting(key: string, options: CallOptions = {}): Promise<unknown> {
  const path = key.split('/').map(encodeURIComponent).join('/');
  return apiJson({
    path: `/settings/${path}`,
    auth: 'user',
    schema: SettingValueSchema,
    signal: options.signal,
  });
}
