import { db, type UserRecord } from '../db';

/** The wire form of a user: everything but the mock-only `_` fields. */
export function publicUser(user: UserRecord): Record<string, unknown> {
  return Object.fromEntries(Object.entries(user).filter(([key]) => !key.startsWith('_')));
}

/** Profile reads carry rooms with association fields (spec 2.2, 2.4). */
export function profileOf(user: UserRecord): Record<string, unknown> {
  return { ...publicUser(user), rooms: user.rooms ?? [] };
}

export function findUserByCode(code: string): UserRecord | undefined {
  for (const user of db.users.values()) if (user.code === code) return user;
  return undefined;
}
