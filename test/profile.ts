import { beforeEach } from 'vitest';
import { db } from '@telehealth/mock/db';

/**
 * For tests that type the intake's phone themselves: no seeded user has a phone on file, so the
 * location step offers none (it fills in the profile's phone when there is one).
 */
export function noPhoneOnFileBeforeEach(): void {
  beforeEach(() => {
    for (const user of db.users.values()) user.phone = '';
  });
}
