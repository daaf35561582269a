import type { CallOptions } from './http.ts';
import { listVisitMessages } from './messages/requests.ts';
import type { VisitMessage } from './messages/schemas.ts';
import { listNotifications } from './push/requests.ts';
import type { Notification } from './push/schemas.ts';
import { listUsers } from './users/requests.ts';
import type { ListUsersFilter, User } from './users/schemas.ts';

/**
 * The paged lists as async iterators, one item at a time, each page fetched when the one before is
 * used up: `/users` by `start`/`limit` (ADMIN), a visit's thread by `skip`, notifications by `last`
 * (the `mtime` of the oldest one held). Stop early with `break`: no page is fetched ahead.
 */

/** Every user the filter finds, `pageSize` per request (the spec's default page is 20). */
export async function* allUsers(
  filter: Omit<ListUsersFilter, 'start' | 'limit'> = {},
  { pageSize = 100, ...options }: CallOptions & { pageSize?: number } = {},
): AsyncGenerator<User, void, undefined> {
  for (let start = 0; ;) {
    const page = await listUsers({ ...filter, start, limit: pageSize }, options);
    yield* page.data;
    start += page.data.length;
    // A short page, an empty one or the total reached: the list is done.
    if (page.data.length < pageSize || start >= page.total_count) return;
  }
}

/**
 * A visit's messages from the `skip`-th on (0: the whole thread), oldest first. An integrator
 * holding `n` messages passes `skip: n` and reads only the new ones.
 */
export async function* threadMessages(
  visitId: string,
  { skip = 0, pageSize = 100, ...options }: CallOptions & { skip?: number; pageSize?: number } = {},
): AsyncGenerator<VisitMessage, void, undefined> {
  for (let held = skip; ;) {
    const page = await listVisitMessages(visitId, { skip: held, limit: pageSize }, options);
    yield* page.data;
    held += page.data.length;
    if (page.data.length === 0 || held >= page.total_count) return;
  }
}

/** The user's notifications, newest first, going back `pageSize` at a time through `last`. */
export async function* allNotifications({
  pageSize = 50,
  ...options
}: CallOptions & { pageSize?: number } = {}): AsyncGenerator<Notification, void, undefined> {
  let last: number | undefined;
  for (;;) {
    const page = await listNotifications({ size: pageSize, last }, options);
    // `last` asks for those before it; one the server repeats at the edge is not given twice.
    const older = last === undefined ? page : page.filter((n) => n.mtime < (last as number));
    yield* older;
    if (older.length === 0 || page.length < pageSize) return;
    last = Math.min(...older.map((n) => n.mtime));
  }
}
