import { useQuery } from '@tanstack/react-query';
import type { ServerExtension } from '@telehealth/client/common/server-extensions';
import { env } from '@/config/env';
import { accountQueries } from './queries';
import type { Account } from '@telehealth/client/accounts/schemas';

/**
 * Whether the server offers an extension, as the account record says (`portal_extensions`). A
 * record without the list (a spec server), or no record at all, offers none.
 */
export function offersExtension(
  account: Pick<Account, 'portal_extensions'> | null | undefined,
  name: ServerExtension,
): boolean {
  return account?.portal_extensions?.includes(name) ?? false;
}

/**
 * Whether the server offers `name`, read from this clinic's account record. While the record is
 * loading, or when it cannot be read, nothing is offered: a control that may fail is never shown.
 */
export function useServerExtension(name: ServerExtension): boolean {
  const { data } = useQuery({
    ...accountQueries.detail(env.VITE_ACCOUNT_CODE),
    select: (account) => offersExtension(account, name),
  });
  return data ?? false;
}
