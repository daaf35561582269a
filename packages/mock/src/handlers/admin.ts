import { http, HttpResponse, type HttpHandler } from 'msw';
import { z } from 'zod';
import { RecordingDetailSchema, RecordingSchema } from '@telehealth/client/recordings/schemas';
import {
  CONSULTATION_DESCRIPTION_MAX,
  CONSULTATION_DURATION,
  WEEKDAYS,
  hasAtMostTwoDecimals,
  type Weekday,
} from '@telehealth/client/rooms/room-update';
import { RoomSchema } from '@telehealth/client/rooms/schemas';
import {
  KnownWebhookEventSchema,
  WebhookDeliveryLogSchema,
  WebhookEnvelopeSchema,
} from '@telehealth/client/webhooks/schemas';
import { db, nextId, nowSeconds, type RoomRecord, type WebhookDeliveryRecord } from '../db.ts';
import { mockConfig, requireAdmin } from '../lib/auth.ts';
import { isSpecProfile } from '../lib/profile.ts';
import { codeError, namedError } from '../lib/errors.ts';
import { jsonBody } from '../lib/params.ts';
import { ok, raw } from '../lib/respond.ts';
import { api, mockControl } from '../lib/routes.ts';
import { checkFields } from '../lib/text.ts';
import { findRoom, roomDetail } from './rooms.ts';
import type { DeliveryAttempt } from '../lib/webhooks.ts';

/** Where the mock's pre-signed recording links point (an allowed host of the default deployment). */
export const RECORDING_HOST = 'recordings.example.test';

const fail = (message: string) => codeError(400, message);
const failNamed = (message: string) => namedError(400, 'bad_request', message);

const randomHex = () => {
  const bytes = new Uint8Array(12);
  crypto.getRandomValues(bytes);
  return [...bytes].map((b) => b.toString(16).padStart(2, '0')).join('');
};

/** Where the mock delivers events: `MOCK_WEBHOOK_URL` of the standalone server; none in the browser. */
function webhookAddress(): string | null {
  const url = typeof process === 'undefined' ? undefined : process.env.MOCK_WEBHOOK_URL;
  return url ? url : null;
}

/** Records one delivery attempt for the log (for the standalone server's delivery loop to call). */
export function recordWebhookDelivery(delivery: WebhookDeliveryRecord): void {
  db.webhookDeliveries.set(delivery.id, delivery);
}

/** Logs one attempt of the standalone server's delivery loop (`startWebhookDelivery`'s `onAttempt`). */
export function recordDeliveryAttempt(attempt: DeliveryAttempt): void {
  recordWebhookDelivery({
    id: attempt.deliveryId,
    account_code: attempt.accountCode,
    type: attempt.eventType,
    sent: attempt.sent,
    status: attempt.status,
    attempt: attempt.attempt,
  });
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Control characters (line breaks included) and the line and paragraph separators: a description is one line. */
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const CONTROL = /[\u0000-\u001f\u007f\u2028\u2029]/;

/** The checked `operation_settings` changes of `PUT /rooms/{code}`; throws a 400 naming the field. */
function operationChanges(value: unknown, room: RoomRecord): Record<string, unknown> {
  if (!isObject(value)) throw fail('operation_settings: must be an object');
  const known = ['is_closed', 'close_msg', 'is_open_all_time', 'closed_days'];
  const other = Object.keys(value).find((key) => !known.includes(key));
  if (other) throw fail(`operation_settings.${other}: cannot be changed here`);
  const { is_closed: isClosed, close_msg: closeMsg, is_open_all_time: allTime, closed_days: days } = value;
  const changes: Record<string, unknown> = {};
  if (isClosed !== undefined && typeof isClosed !== 'boolean')
    throw fail('operation_settings.is_closed: must be a boolean');
  if (closeMsg !== undefined && typeof closeMsg !== 'string')
    throw fail('operation_settings.close_msg: must be a string');
  const message = typeof closeMsg === 'string' ? closeMsg.trim() : undefined;
  if (message !== undefined) {
    checkFields('room', { close_msg: message }, fail, 'operation_settings.');
    if (message.length > 500) throw fail('operation_settings.close_msg: must be at most 500 characters');
  }
  const closedAfter = typeof isClosed === 'boolean' ? isClosed : room.operation_settings?.is_closed === true;
  if (typeof isClosed === 'boolean') {
    // Closing needs words for patients; reopening clears them.
    if (isClosed && !message) throw fail('operation_settings.close_msg is required when closing a room');
    changes.is_closed = isClosed;
    changes.close_msg = isClosed ? message : '';
  } else if (message !== undefined) {
    if (closedAfter && !message)
      throw fail('operation_settings.close_msg: is required while the room is closed');
    changes.close_msg = message;
  }
  if (allTime !== undefined && typeof allTime !== 'boolean')
    throw fail('operation_settings.is_open_all_time: must be a boolean');
  if (days !== undefined) {
    if (!Array.isArray(days) || days.some((d) => !WEEKDAYS.includes(d as Weekday)))
      throw fail(`operation_settings.closed_days: must list weekday names (${WEEKDAYS.join(', ')})`);
    if (new Set(days).size !== days.length) throw fail('operation_settings.closed_days: names a day twice');
  }
  const allTimeAfter =
    typeof allTime === 'boolean' ? allTime : room.operation_settings?.is_open_all_time === true;
  const daysAfter = Array.isArray(days) ? (days as Weekday[]) : (room.operation_settings?.closed_days ?? []);
  // A room open all the time has no closed days; the two are never stored in contradiction.
  if (allTimeAfter && daysAfter.length > 0)
    throw fail('operation_settings.closed_days: must be empty when the room is open all the time');
  if (typeof allTime === 'boolean') changes.is_open_all_time = allTime;
  if (Array.isArray(days)) changes.closed_days = WEEKDAYS.filter((d) => days.includes(d));
  return changes;
}

/** The room's consultations with the checked changes of `payment.consultations` applied. */
type StoredConsultation = NonNullable<NonNullable<RoomRecord['payment']>['consultations']>[number];

function consultationChanges(value: unknown, room: RoomRecord): StoredConsultation[] {
  if (!isObject(value)) throw fail('payment: must be an object');
  const other = Object.keys(value).find((key) => key !== 'consultations');
  if (other) throw fail(`payment.${other}: cannot be changed here`);
  const list = value.consultations;
  if (!Array.isArray(list)) throw fail('payment.consultations: must be a list');
  const stored = (room.payment?.consultations ?? []).map((c) => ({ ...c }));
  const seen = new Set<string>();
  list.forEach((item: unknown, index) => {
    const at = `payment.consultations.${index}`;
    if (!isObject(item)) throw fail(`${at}: must be an object`);
    const id = typeof item.id === 'string' || typeof item.id === 'number' ? String(item.id) : '';
    const target = stored.find((c) => String(c.id) === id);
    if (!id || !target) throw fail(`${at}.id: is not a consultation of this room`);
    if (seen.has(id)) throw fail(`${at}.id: names a consultation twice`);
    seen.add(id);
    const { description, duration, amount } = item;
    if (description !== undefined) {
      const text = typeof description === 'string' ? description.trim() : '';
      if (!text || text.length > CONSULTATION_DESCRIPTION_MAX || CONTROL.test(text))
        throw fail(`${at}.description: must be 1 to ${CONSULTATION_DESCRIPTION_MAX} characters on one line`);
      target.description = text;
    }
    if (duration !== undefined) {
      const { min, max } = CONSULTATION_DURATION;
      if (typeof duration !== 'number' || !Number.isInteger(duration) || duration < min || duration > max)
        throw fail(`${at}.duration: must be a whole number of minutes from ${min} to ${max}`);
      target.duration = duration;
    }
    if (amount !== undefined) {
      if (
        typeof amount !== 'number' ||
        !Number.isFinite(amount) ||
        amount < 0 ||
        !hasAtMostTwoDecimals(amount)
      )
        throw fail(`${at}.amount: must be 0 or more with at most two decimals`);
      target.amount = Math.round(amount * 100) / 100;
    }
  });
  return stored;
}

/**
 * ADMIN endpoints the other families did not cover: a recording's pre-signed link (spec 4.12), the
 * webhook test endpoint (4.16) and editing a room (`PUT /rooms/{code}`, see
 * docs/spec-decisions.md). Each is bound to the caller's clinic (`X-AccountCode`).
 */
export const adminHandlers: HttpHandler[] = [
  /** 200 with the recording itself, not wrapped in `data`; the link expires at `path.expiry`. */
  http.get(api('/visits/:id/recordings/:recordingId'), ({ request, params }) => {
    const { accountCode } = requireAdmin(request, 'named');
    const visit = db.visits.get(String(params.id));
    if (!visit || visit.account_code !== accountCode) throw namedError(404, 'not_found', 'Visit not found');
    const recordingId = Number(params.recordingId);
    if (!Number.isInteger(recordingId)) throw failNamed('recording_id must be an integer');
    const parsed = z.array(RecordingSchema).safeParse(visit.recordings?.data ?? []);
    const recording = parsed.success ? parsed.data.find((r) => r.id === recordingId) : undefined;
    if (!recording) throw namedError(404, 'not_found', 'Recording not found');
    const expiry = nowSeconds() + mockConfig.recordingUrlSeconds;
    const file = `${encodeURIComponent(String(visit.id))}/${recordingId}.mp4`;
    return raw(RecordingDetailSchema, {
      ...recording,
      visit_id: visit.id,
      path: {
        url: `https://${RECORDING_HOST}/${accountCode}/${file}?expires=${expiry}&signature=${randomHex()}`,
        expiry,
      },
    });
  }),

  /** Receives a test envelope (spec 6); 200 acknowledges it. Envelopes are kept for inspection. */
  http.post(api('/webhooks/events'), async ({ request }) => {
    const { accountCode } = requireAdmin(request);
    const body = await jsonBody(request, fail);
    const envelope = WebhookEnvelopeSchema.safeParse(body);
    if (!envelope.success) {
      const issue = envelope.error.issues[0];
      throw fail(`${issue?.path.join('.') || 'envelope'}: ${issue?.message ?? 'invalid'}`);
    }
    if (envelope.data.account_code !== accountCode)
      throw fail('account_code must be the clinic account of the caller');
    if (envelope.data.type === 'visit.created' || envelope.data.type === 'visit.message.created') {
      const known = KnownWebhookEventSchema.safeParse(body);
      if (!known.success) {
        const issue = known.error.issues[0];
        throw fail(`${issue?.path.join('.') ?? 'data'}: ${issue?.message ?? 'invalid'}`);
      }
    }
    const id = nextId('whr');
    db.webhookReceipts.set(id, { id, received: nowSeconds(), account_code: accountCode, envelope: body });
    return ok(z.boolean(), true);
  }),

  /**
   * Extension (docs/spec-decisions.md, "Webhook delivery log"): the clinic's webhook address and its
   * recent deliveries, newest first, at most 50. Test events acknowledged by POST /webhooks/events
   * count as deliveries answered 200 on the first try. The spec profile answers as for any other
   * route it does not have.
   */
  http.get(api('/webhooks/deliveries'), ({ request }) => {
    if (isSpecProfile())
      return HttpResponse.json(
        { code: 404, message: `No route GET ${new URL(request.url).pathname}` },
        { status: 404 },
      );
    const { accountCode } = requireAdmin(request);
    const tests = [...db.webhookReceipts.values()]
      .filter((r) => r.account_code === accountCode)
      .map((r) => ({
        id: typeof r.envelope.id === 'string' ? r.envelope.id : r.id,
        type: typeof r.envelope.type === 'string' ? r.envelope.type : 'unknown',
        sent: r.received,
        status: 200,
        attempt: 1,
      }));
    const attempts = [...db.webhookDeliveries.values()]
      .filter((d) => d.account_code === accountCode)
      .map(({ account_code: _account, ...delivery }) => delivery);
    const deliveries = [...tests, ...attempts].sort((a, b) => b.sent - a.sent).slice(0, 50);
    return ok(WebhookDeliveryLogSchema, { endpoint_url: webhookAddress(), deliveries });
  }),

  /**
   * Edits a room (docs/spec-decisions.md, "Editing a room"): the body is a partial room of the
   * shape of GET /rooms/{code}, holding only what changed. Accepted: `operation_settings` (`is_closed`
   * with `close_msg` to close or reopen, `close_msg` alone, `is_open_all_time`, `closed_days`) and
   * `payment.consultations` (each by `id`: `description`, `duration`, `amount`). Everything is
   * checked before anything is stored; a refusal names its field first.
   */
  http.put(api('/rooms/:code'), async ({ request, params }) => {
    const { accountCode } = requireAdmin(request);
    const room = findRoom(String(params.code), accountCode);
    if (!room) throw codeError(404, 'Room not found');
    const body = await jsonBody(request, fail);
    const unknown = Object.keys(body).filter((key) => key !== 'operation_settings' && key !== 'payment');
    if (unknown.length) throw fail(`${unknown[0]}: cannot be changed here`);
    if (body.operation_settings === undefined && body.payment === undefined)
      throw fail('operation_settings or payment is required');
    const settings =
      body.operation_settings === undefined ? null : operationChanges(body.operation_settings, room);
    const consultations = body.payment === undefined ? null : consultationChanges(body.payment, room);
    if (settings) room.operation_settings = { ...room.operation_settings, ...settings };
    if (consultations) room.payment = { ...room.payment, consultations };
    room.modified = nowSeconds();
    return ok(RoomSchema, roomDetail(room));
  }),

  /** Development control: the lifetime of new recording links, so a browser test can watch one expire. */
  http.put(mockControl('/recordings/url-lifetime'), async ({ request }) => {
    const body = (await request.json()) as { seconds?: unknown };
    const seconds = Number(body.seconds);
    if (!Number.isInteger(seconds) || seconds < 1 || seconds > 3600)
      return HttpResponse.json({ code: 400, message: 'seconds must be 1 to 3600' }, { status: 400 });
    mockConfig.recordingUrlSeconds = seconds;
    return HttpResponse.json({ data: { seconds } });
  }),
];
