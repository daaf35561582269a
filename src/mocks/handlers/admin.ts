import { http, HttpResponse, type HttpHandler } from 'msw';
import { z } from 'zod';
import { RecordingDetailSchema, RecordingSchema } from '@/api/recordings/schemas';
import { RoomSchema } from '@/api/rooms/schemas';
import { KnownWebhookEventSchema, WebhookEnvelopeSchema } from '@/api/webhooks/schemas';
import { db, nextId, nowSeconds } from '../db';
import { mockConfig, requireAdmin } from '../lib/auth';
import { codeError, namedError } from '../lib/errors';
import { jsonBody } from '../lib/params';
import { ok, raw } from '../lib/respond';
import { api, mockControl } from '../lib/routes';
import { checkFields } from '../lib/text';
import { findRoom, roomDetail } from './rooms';

/** Where the mock's pre-signed recording links point (an allowed host of the default deployment). */
export const RECORDING_HOST = 'recordings.example.test';

const fail = (message: string) => codeError(400, message);
const failNamed = (message: string) => namedError(400, 'bad_request', message);

const randomHex = () => {
  const bytes = new Uint8Array(12);
  crypto.getRandomValues(bytes);
  return [...bytes].map((b) => b.toString(16).padStart(2, '0')).join('');
};

/**
 * ADMIN endpoints the other families did not cover: a recording's pre-signed link (spec 4.12), the
 * webhook test endpoint (4.16) and closing or reopening a room (`PUT /rooms/{code}`, see
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
   * The admin may close or reopen a room with a message to patients (operation_settings.is_closed
   * and close_msg); other fields are not changed here.
   */
  http.put(api('/rooms/:code'), async ({ request, params }) => {
    const { accountCode } = requireAdmin(request);
    const room = findRoom(String(params.code), accountCode);
    if (!room) throw codeError(404, 'Room not found');
    const body = await jsonBody(request, fail);
    const settings: unknown = body.operation_settings;
    if (typeof settings !== 'object' || settings === null || Array.isArray(settings))
      throw fail('operation_settings is required');
    const { is_closed: isClosed, close_msg: closeMsg } = settings as Record<string, unknown>;
    if (typeof isClosed !== 'boolean') throw fail('operation_settings.is_closed must be a boolean');
    if (closeMsg !== undefined && typeof closeMsg !== 'string')
      throw fail('operation_settings.close_msg must be a string');
    const message = typeof closeMsg === 'string' ? closeMsg.trim() : '';
    checkFields('room', { close_msg: message }, fail, 'operation_settings.');
    if (message.length > 500) throw fail('operation_settings.close_msg must be at most 500 characters');
    if (isClosed && !message) throw fail('operation_settings.close_msg is required when closing a room');
    room.operation_settings = {
      ...room.operation_settings,
      is_closed: isClosed,
      close_msg: isClosed ? message : '',
    };
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
