import { queryOptions } from '@tanstack/react-query';
import { getAccount, getSetting, getSettings } from '@telehealth/client/accounts/requests';

export const accountQueries = {
  all: () => ['accounts'] as const,
  detail: (code: string) =>
    queryOptions({
      queryKey: [...accountQueries.all(), 'detail', code],
      queryFn: ({ signal }) => getAccount(code, { signal }),
      staleTime: 10 * 60_000,
    }),
};

export const settingQueries = {
  all: () => ['settings'] as const,
  list: () =>
    queryOptions({
      queryKey: [...settingQueries.all(), 'all'],
      queryFn: ({ signal }) => getSettings({ signal }),
      staleTime: 5 * 60_000,
    }),
  detail: (key: string) =>
    queryOptions({
      queryKey: [...settingQueries.all(), 'key', key],
      queryFn: ({ signal }) => getSetting(key, { signal }),
      staleTime: 5 * 60_000,
    }),
};
