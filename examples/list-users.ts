/**
 * A clinic's users, every page of them, with the clinic admin token: `allUsers` reads `/users` by
 * `start` and `limit` until `total_count`, one page at a time, and reads are tried again on a
 * network failure, 429 or 503 (with `Retry-After`).
 *
 *   API_BASE_URL=http://127.0.0.1:8787/api_v3 ACCOUNT_CODE=demo API_KEY=demo-api-key \
 *   ADMIN_TOKEN=demo-admin-token node --import tsx examples/list-users.ts
 */
import { allUsers, connectServer } from '@telehealth/client';

export interface ListUsersOptions {
  apiBaseUrl: string;
  accountCode: string;
  apiKey: string;
  adminToken: string;
  pageSize?: number;
  fetch?: typeof fetch;
}

/** Every user of the clinic: id, type and name. */
export async function listAllUsers(
  options: ListUsersOptions,
): Promise<{ id: string; type: number | null; name: string }[]> {
  connectServer({ ...options });
  const users: { id: string; type: number | null; name: string }[] = [];
  for await (const user of allUsers({}, { pageSize: options.pageSize ?? 50 })) {
    users.push({
      id: String(user.id),
      type: user.type === undefined || user.type === null ? null : Number(user.type),
      name: [user.first_name, user.last_name].filter(Boolean).join(' '),
    });
  }
  return users;
}

const isMain = process.argv[1] && import.meta.url.endsWith(process.argv[1].replace(/\\/g, '/'));
if (isMain) {
  listAllUsers({
    apiBaseUrl: process.env.API_BASE_URL ?? 'http://127.0.0.1:8787/api_v3',
    accountCode: process.env.ACCOUNT_CODE ?? 'demo',
    apiKey: process.env.API_KEY ?? '',
    adminToken: process.env.ADMIN_TOKEN ?? '',
  }).then(
    (users) => console.log(`${users.length} users`),
    (error: unknown) => {
      console.error(error instanceof Error ? error.message : String(error));
      process.exitCode = 1;
    },
  );
}
