import { db, type UserRecord } from '../db.ts';

/** The wire form of a user: everything but the mock-only `_` fields. */
export function publicUser(user: UserRecord): Record<string, unknown> {
  return Object.fromEntries(Object.entries(user).filter(([key]) => !key.startsWith('_')));
}

/** The extended profile of spec 2.2, every key present; a key never filled in reads empty. */
const EMPTY_EXTRA = {
  marital_status: '',
  gender_identity: '',
  social_security_no: '',
  veteran: '',
  race: '',
  ethnicity: '',
  health_insurance: '',
  insurance: '',
  insurance_policy_number: '',
  attachments: null,
  emerg_contact_name: '',
};

/**
 * Profile reads (`GET /me`, `GET /users/{id}`) carry rooms with association fields, `nationality`
 * and `photo` (spec 2.2 "returned by /me", empty when unset) and the extended profile `extra`.
 */
export function profileOf(user: UserRecord): Record<string, unknown> {
  const stored = typeof user.extra === 'object' && user.extra !== null ? user.extra : {};
  return {
    ...publicUser(user),
    nationality: typeof user.nationality === 'string' ? user.nationality : '',
    photo: typeof user.photo === 'string' ? user.photo : '',
    extra: { ...EMPTY_EXTRA, ...stored },
    rooms: user.rooms ?? [],
  };
}

export function findUserByCode(code: string): UserRecord | undefined {
  for (const user of db.users.values()) if (user.code === code) return user;
  return undefined;
}
