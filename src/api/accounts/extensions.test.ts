import { describe, expect, it } from 'vitest';
import { AccountSchema } from '@telehealth/client/accounts/schemas';
import { offersExtension } from './extensions';

const account = { id: 'acc_1', code: 'demo', name: 'Demo clinic' };

describe('server extensions on the account record', () => {
  it('keeps the names the portal knows and leaves out the others', () => {
    const parsed = AccountSchema.parse({
      ...account,
      portal_extensions: ['visit-status', 'time-travel', 42, null, 'user-roles'],
    });
    expect(parsed.portal_extensions).toEqual(['visit-status', 'user-roles']);
    expect(offersExtension(parsed, 'visit-status')).toBe(true);
    expect(offersExtension(parsed, 'econsult-rooms')).toBe(false);
  });

  it.each([
    ['missing', undefined],
    ['null', null],
    ['not a list', 'visit-status'],
  ])('offers none when the list is %s', (_, value) => {
    const parsed = AccountSchema.parse({ ...account, portal_extensions: value });
    expect(offersExtension(parsed, 'visit-status')).toBe(false);
  });

  it('offers none without an account record', () => {
    expect(offersExtension(undefined, 'visit-status')).toBe(false);
    expect(offersExtension(null, 'eligibility-none')).toBe(false);
  });
});
