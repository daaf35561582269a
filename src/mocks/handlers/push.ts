import { http, type HttpHandler } from 'msw';
import { z } from 'zod';
import {
  DeletedPushEndpointSchema,
  NotificationBadgeSchema,
  NotificationSchema,
  PushEndpointSchema,
  RegistrablePushEndpointTypeSchema,
  type RegistrablePushEndpointType,
} from '@/api/push/schemas';
import { db, nextId, nowSeconds, type EndpointRecord, type NotificationRecord, type UserRecord } from '../db';
import { requireUser } from '../lib/auth';
import { codeError } from '../lib/errors';
import { decimalInt, formBody, optionalInt, queryOf, requiredString } from '../lib/params';
import { ok } from '../lib/respond';
import { api } from '../lib/routes';
import { checkFields } from '../lib/text';

/**
 * Push endpoints and notifications (spec 4.14): USER with X-ApiToken only, `{code, message}`
 * errors. Records of other users answer 404, so their existence does not leak.
 */

const bad = (message: string) => codeError(400, message);
/** The types a device registers (Apple, Google): the client's input schema states them. */
const isPushType = (type: number): type is RegistrablePushEndpointType =>
  RegistrablePushEndpointTypeSchema.safeParse(type).success;

const authenticate = (request: Request): UserRecord => requireUser(request).user;

/** The wire form: everything but the mock-only `_` fields. */
const wire = (record: object) =>
  Object.fromEntries(Object.entries(record).filter(([key]) => !key.startsWith('_')));

function ownEndpoint(id: string, user: UserRecord): EndpointRecord {
  const endpoint = db.endpoints.get(id);
  if (!endpoint || endpoint.user_id !== user.id) throw codeError(404, 'Endpoint not found');
  return endpoint;
}

function ownNotification(id: string, user: UserRecord): NotificationRecord {
  const notification = db.notifications.get(id);
  if (!notification || notification.user_id !== user.id) throw codeError(404, 'Notification not found');
  return notification;
}

const notificationsOf = (user: UserRecord) =>
  [...db.notifications.values()].filter((n) => n.user_id === user.id);

export const pushHandlers: HttpHandler[] = [
  http.post(api('/endpoints'), async ({ request }) => {
    const user = authenticate(request);
    const form = await formBody(request);
    const key = requiredString(form, 'key', bad);
    checkFields('pushEndpoint', { key }, bad);
    const typeText = form.get('type');
    if (typeText === null || typeText === '') throw bad('type is required');
    const type = decimalInt(typeText);
    if (type === null || !isPushType(type)) throw bad('type must be 30 (Apple) or 40 (Google)');
    const now = nowSeconds();
    // Registering the same device again refreshes it instead of adding a second endpoint.
    const existing = [...db.endpoints.values()].find(
      (e) => e.user_id === user.id && e.type === type && e.key === key,
    );
    if (existing) {
      existing.modified = now;
      return ok(PushEndpointSchema, wire(existing));
    }
    const id = nextId('ep');
    const endpoint: EndpointRecord = {
      id,
      key,
      user_id: user.id,
      type,
      arn: `arn:mock:sns:us-east-1:000000000000:endpoint/${type === 30 ? 'APNS' : 'GCM'}/demo/${id}`,
      created: now,
      modified: now,
    };
    db.endpoints.set(id, endpoint);
    return ok(PushEndpointSchema, wire(endpoint));
  }),

  http.get(api('/endpoints'), ({ request }) => {
    const user = authenticate(request);
    const type = optionalInt(queryOf(request), 'type', bad);
    if (type !== undefined && !isPushType(type)) throw bad('type must be 30 or 40');
    const list = [...db.endpoints.values()]
      .filter((e) => e.user_id === user.id && (type === undefined || e.type === type))
      .sort((a, b) => Number(b.created) - Number(a.created))
      .map(wire);
    return ok(z.array(PushEndpointSchema), list);
  }),

  http.get(api('/endpoints/:id'), ({ request, params }) => {
    const user = authenticate(request);
    return ok(PushEndpointSchema, wire(ownEndpoint(String(params.id), user)));
  }),

  http.delete(api('/endpoints/:id'), ({ request, params }) => {
    const user = authenticate(request);
    const endpoint = ownEndpoint(String(params.id), user);
    db.endpoints.delete(endpoint.id);
    return ok(DeletedPushEndpointSchema, { id: endpoint.id });
  }),

  // The badge routes come before /notifications/:id so "badge" is never read as an id.
  http.get(api('/notifications/badge'), ({ request }) => {
    const user = authenticate(request);
    return ok(NotificationBadgeSchema, notificationsOf(user).filter((n) => n.is_new === true).length);
  }),

  http.post(api('/notifications/badge'), ({ request }) => {
    const user = authenticate(request);
    for (const n of notificationsOf(user)) n.is_new = false;
    return ok(z.boolean(), true);
  }),

  http.get(api('/notifications'), ({ request }) => {
    const user = authenticate(request);
    const query = queryOf(request);
    const size = optionalInt(query, 'size', bad, { min: 1, max: 100 }) ?? 10;
    const last = optionalInt(query, 'last', bad, { min: 0 });
    const list = notificationsOf(user)
      .filter((n) => last === undefined || Number(n.mtime) < last)
      .sort((a, b) => Number(b.mtime) - Number(a.mtime))
      .slice(0, size)
      .map(wire);
    return ok(z.array(NotificationSchema), list);
  }),

  /** Marks one read; opening it also means it has been seen, so it stops counting on the badge. */
  http.put(api('/notifications/:id'), ({ request, params }) => {
    const user = authenticate(request);
    const notification = ownNotification(String(params.id), user);
    notification.read = true;
    notification.is_new = false;
    return ok(NotificationSchema, wire(notification));
  }),
];
