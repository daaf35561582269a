import { http } from 'msw';
import { AccountSchema, SettingsSchema } from '@telehealth/client/accounts/schemas';
import { SERVER_EXTENSIONS } from '@telehealth/client/common/server-extensions';
import { db } from '../db.ts';
import { requireUser } from '../lib/auth.ts';
import { codeError } from '../lib/errors.ts';
import { isSpecProfile } from '../lib/profile.ts';
import { ok } from '../lib/respond.ts';
import { api } from '../lib/routes.ts';

export const accountHandlers = [
  // NONE: `-` is the current account, taken from X-AccountCode when sent, else the default clinic.
  http.get(api('/accounts/:code'), ({ request, params }) => {
    const raw = String(params.code);
    const code = raw === '-' ? (request.headers.get('X-AccountCode') ?? 'demo') : raw;
    const account = db.accounts.get(code);
    if (!account) throw codeError(404, 'Account not found');
    // What this server offers beyond the spec, by name; a spec server (the spec profile) names none.
    if (isSpecProfile()) return ok(AccountSchema, account);
    return ok(AccountSchema, { ...account, portal_extensions: [...SERVER_EXTENSIONS] });
  }),

  http.get(api('/settings'), ({ request }) => {
    const { user } = requireUser(request, { account: true });
    return ok(SettingsSchema, db.settings.get(user.account_code) ?? {});
  }),

  http.get(api('/settings/*'), ({ request }) => {
    const { user } = requireUser(request, { account: true });
    const key = new URL(request.url).pathname.split('/settings/')[1] ?? '';
    let value: unknown = db.settings.get(user.account_code) ?? {};
    let parts: string[];
    try {
      parts = key.split('/').filter(Boolean).map(decodeURIComponent);
    } catch {
      throw codeError(400, 'setting_key is not a valid percent-encoded path');
    }
    for (const part of parts) {
      if (value && typeof value === 'object' && Object.hasOwn(value, part)) {
        value = (value as Record<string, unknown>)[part];
      } else {
        throw codeError(404, `Setting ${key} not found`);
      }
    }
    return ok(null, value);
  }),
];
