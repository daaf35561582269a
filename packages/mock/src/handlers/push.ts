import { http, HttpResponse, type HttpHandler } from 'msw';
import { z } from 'zod';
import {
  DeletedPushEndpointSchema,
  NotificationBadgeSchema,
  NotificationSchema,
  PushEndpointSchema,
  RegistrablePushEndpointTypeSchema,
  type RegistrablePushEndpointType,
} from '@telehealth/client/push/schemas';
import {
  db,
  nextId,
  nowSeconds,
  type EndpointRecord,
  type NotificationRecord,
  type UserRecord,
} from '../db.ts';
import { requireUser } from '../lib/auth.ts';
import { mockNow } from '../lib/clock.ts';
import { codeError } from '../lib/errors.ts';
import { decimalInt, formBody, optionalInt, queryOf, requiredString } from '../lib/params.ts';
import { ok } from '../lib/respond.ts';
import { api, mockControl } from '../lib/routes.ts';
import { checkFields } from '../lib/text.ts';

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

const TestPushSchema = z.object({
  user_id: z.string().min(1),
  title: z.string().min(1).max(120).default('A test notification from the clinic'),
  body: z.string().max(240).default('Notifications reach this device.'),
});

/**
 * Development only (never part of the spec): what the platform does when it notifies a user. It
 * adds the notification to the user's list (`GET /notifications`) and sends one push per device
 * the user registered (type 30 Apple, 40 Google/Firebase, the only types the spec registers),
 * recorded as a delivery to the endpoint's ARN. No real push leaves the mock.
 */
export const pushControlHandlers: HttpHandler[] = [
  http.post(mockControl('/push/test'), async ({ request }) => {
    const parsed = TestPushSchema.safeParse(await request.json().catch(() => null));
    if (!parsed.success) {
      return HttpResponse.json({ code: 400, message: 'user_id is required' }, { status: 400 });
    }
    const { user_id: userId, title, body } = parsed.data;
    if (!db.users.get(userId))
      return HttpResponse.json({ code: 404, message: 'User not found' }, { status: 404 });
    const mtime = mockNow();
    const now = Math.floor(mtime / 1000);
    const notificationId = nextId('ntf');
    db.notifications.set(notificationId, {
      id: notificationId,
      user_id: userId,
      type: 'test',
      time: now,
      mtime,
      is_new: true,
      read: false,
      title,
      image: '',
    });
    const deliveries = [...db.endpoints.values()]
      .filter((e) => e.user_id === userId && isPushType(Number(e.type)))
      .map((endpoint) => {
        const delivery = {
          id: nextId('push'),
          user_id: userId,
          endpoint_id: endpoint.id,
          type: Number(endpoint.type),
          arn: String(endpoint.arn ?? ''),
          title,
          body,
          sent: now,
        };
        db.pushDeliveries.set(delivery.id, delivery);
        return delivery;
      });
    return HttpResponse.json({ notification_id: notificationId, deliveries });
  }),

  http.get(mockControl('/push/deliveries'), ({ request }) => {
    const userId = new URL(request.url).searchParams.get('user_id');
    const data = [...db.pushDeliveries.values()].filter((d) => !userId || d.user_id === userId);
    return HttpResponse.json({ data });
  }),
];

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
