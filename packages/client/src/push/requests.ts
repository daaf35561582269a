import { apiJson, type CallOptions } from '../http.ts';
import { tolerantList } from '../common/schemas.ts';
import {
  DeletedPushEndpointSchema,
  NotificationBadgeSchema,
  NotificationSchema,
  PushEndpointSchema,
  type DeletedPushEndpoint,
  type Notification,
  type NotificationListParams,
  type PushEndpoint,
  type RegisterPushEndpointInput,
  type RegistrablePushEndpointType,
} from './schemas.ts';
import { z } from 'zod';

// Spec 4.14: every push and notification endpoint is USER with X-ApiToken only.

/** POST /endpoints (form): registers an Apple (30) or Google (40) push endpoint; used by the mobile apps. */
export function registerPushEndpoint(
  input: RegisterPushEndpointInput,
  options: CallOptions = {},
): Promise<PushEndpoint> {
  return apiJson({
    method: 'POST',
    path: '/endpoints',
    auth: 'user-token',
    body: { form: { key: input.key, type: input.type } },
    schema: PushEndpointSchema,
    signal: options.signal,
  });
}

/** GET /endpoints, optionally filtered by type (30 or 40; none returns every type). */
export function listPushEndpoints(
  type?: RegistrablePushEndpointType,
  options: CallOptions = {},
): Promise<PushEndpoint[]> {
  return apiJson({
    path: '/endpoints',
    auth: 'user-token',
    query: { type },
    schema: tolerantList(PushEndpointSchema, 'push endpoints'),
    signal: options.signal,
  });
}

/** GET /endpoints/{id}. */
export function getPushEndpoint(id: string, options: CallOptions = {}): Promise<PushEndpoint> {
  return apiJson({
    path: `/endpoints/${encodeURIComponent(id)}`,
    auth: 'user-token',
    schema: PushEndpointSchema,
    signal: options.signal,
  });
}

/** DELETE /endpoints/{id}: 200 `{data: {id}}`. */
export function deletePushEndpoint(id: string, options: CallOptions = {}): Promise<DeletedPushEndpoint> {
  return apiJson({
    method: 'DELETE',
    path: `/endpoints/${encodeURIComponent(id)}`,
    auth: 'user-token',
    schema: DeletedPushEndpointSchema,
    signal: options.signal,
  });
}

/** GET /notifications: newest first; `last` (ms) asks for the ones before the oldest `mtime` held. */
export function listNotifications(
  params: NotificationListParams = {},
  options: CallOptions = {},
): Promise<Notification[]> {
  return apiJson({
    path: '/notifications',
    auth: 'user-token',
    query: { size: params.size, last: params.last },
    schema: tolerantList(NotificationSchema, 'notifications'),
    signal: options.signal,
  });
}

/** PUT /notifications/{id}: marks it read. */
export function markNotificationRead(id: string, options: CallOptions = {}): Promise<Notification> {
  return apiJson({
    method: 'PUT',
    path: `/notifications/${encodeURIComponent(id)}`,
    auth: 'user-token',
    schema: NotificationSchema,
    signal: options.signal,
  });
}

/** GET /notifications/badge: how many notifications are new. */
export function getNotificationBadge(options: CallOptions = {}): Promise<number> {
  return apiJson({
    path: '/notifications/badge',
    auth: 'user-token',
    schema: NotificationBadgeSchema,
    signal: options.signal,
  });
}

/** POST /notifications/badge: resets the badge ("mark all seen"). */
export function resetNotificationBadge(options: CallOptions = {}): Promise<boolean> {
  return apiJson({
    method: 'POST',
    path: '/notifications/badge',
    auth: 'user-token',
    schema: z.boolean(),
    signal: options.signal,
  });
}
