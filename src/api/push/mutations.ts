import { useMutation, useQueryClient } from '@tanstack/react-query';
import { notificationQueries, pushQueries } from './queries';
import {
  deletePushEndpoint,
  markNotificationRead,
  registerPushEndpoint,
  resetNotificationBadge,
} from '@telehealth/client/push/requests';
import type { RegisterPushEndpointInput } from '@telehealth/client/push/schemas';

/** POST /endpoints (for the mobile apps; the web portal only lists and removes). */
export function useRegisterPushEndpoint() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: RegisterPushEndpointInput) => registerPushEndpoint(input),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: pushQueries.endpoints() });
    },
  });
}

/** DELETE /endpoints/{id}; the list is re-read before the button frees. */
export function useDeletePushEndpoint() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => deletePushEndpoint(id),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: pushQueries.endpoints() });
    },
  });
}

/** PUT /notifications/{id}; list and badge are both re-read so they agree. */
export function useMarkNotificationRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => markNotificationRead(id),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: notificationQueries.all() });
    },
  });
}

/**
 * "Mark all as seen": POST /notifications/badge resets the badge, and each unread notification
 * held is marked read (PUT /notifications/{id}; the spec has no bulk read), so the badge and the
 * Unread marks agree afterwards. List and badge are both re-read.
 */
export function useResetNotificationBadge() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (unreadIds: readonly string[] = []) => {
      await resetNotificationBadge();
      for (const id of unreadIds) await markNotificationRead(id);
    },
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: notificationQueries.all() });
    },
  });
}
