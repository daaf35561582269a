import { queryOptions } from '@tanstack/react-query';
import { getMe, getUser, listUsers } from '@telehealth/client/users/requests';
import type { ListUsersFilter } from '@telehealth/client/users/schemas';

export const userQueries = {
  all: () => ['users'] as const,
  me: () =>
    queryOptions({ queryKey: [...userQueries.all(), 'me'], queryFn: ({ signal }) => getMe({ signal }) }),
  detail: (id: string) =>
    queryOptions({
      queryKey: [...userQueries.all(), 'detail', id],
      queryFn: ({ signal }) => getUser(id, { signal }),
    }),
  lists: () => [...userQueries.all(), 'list'] as const,
  list: (filter: ListUsersFilter) =>
    queryOptions({
      queryKey: [...userQueries.lists(), filter],
      queryFn: ({ signal }) => listUsers(filter, { signal }),
      placeholderData: (previous) => previous,
    }),
};
