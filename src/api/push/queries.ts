import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import {
  getNotificationBadge,
  getPushEndpoint,
  listNotifications,
  listPushEndpoints,
} from '@telehealth/client/push/requests';
import type { Notification, RegistrablePushEndpointType } from '@telehealth/client/push/schemas';

/** Notifications fetched per page; the spec's default `size` is 10. */
export const NOTIFICATION_PAGE_SIZE = 10;

export const pushQueries = {
  all: () => ['push'] as const,
  endpoints: () => [...pushQueries.all(), 'endpoints'] as const,
  endpointList: (type?: RegistrablePushEndpointType) =>
    queryOptions({
      queryKey: [...pushQueries.endpoints(), 'list', type ?? 'all'],
      queryFn: ({ signal }) => listPushEndpoints(type, { signal }),
    }),
  endpoint: (id: string) =>
    queryOptions({
      queryKey: [...pushQueries.endpoints(), 'detail', id],
      queryFn: ({ signal }) => getPushEndpoint(id, { signal }),
    }),
};

export const notificationQueries = {
  all: () => ['notifications'] as const,
  /** Newest first; each next page asks for those before the oldest `mtime` held (spec 4.14). */
  list: () =>
    infiniteQueryOptions({
      queryKey: [...notificationQueries.all(), 'list'],
      queryFn: ({ signal, pageParam }) =>
        listNotifications({ size: NOTIFICATION_PAGE_SIZE, last: pageParam }, { signal }),
      initialPageParam: undefined as number | undefined,
      getNextPageParam: (lastPage: Notification[]) =>
        lastPage.length < NOTIFICATION_PAGE_SIZE ? undefined : Math.min(...lastPage.map((n) => n.mtime)),
    }),
  /**
   * The newest page only (`size` 10), no paging: one small read a background tab can repeat to
   * learn that something new arrived (the provider area watches it for new messages).
   */
  newest: () =>
    queryOptions({
      queryKey: [...notificationQueries.all(), 'newest'],
      queryFn: ({ signal }) => listNotifications({ size: NOTIFICATION_PAGE_SIZE }, { signal }),
    }),
  badge: () =>
    queryOptions({
      queryKey: [...notificationQueries.all(), 'badge'],
      queryFn: ({ signal }) => getNotificationBadge({ signal }),
    }),
};
