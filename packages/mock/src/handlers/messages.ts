import { http, HttpResponse, type HttpHandler } from 'msw';
import {
  MESSAGE_PAGE_DEFAULT_LIMIT,
  MESSAGE_PAGE_MAX_LIMIT,
  VisitMessagePageSchema,
  VisitMessageSchema,
} from '@telehealth/client/messages/schemas';
import { db, nextId, type MessageRecord, type UserRecord, type VisitRecord } from '../db.ts';
import { requireUser } from '../lib/auth.ts';
import { codeError } from '../lib/errors.ts';
import { isJsonContentType, jsonBody, optionalInt, queryOf } from '../lib/params.ts';
import { ok, raw } from '../lib/respond.ts';
import { messagesApi, mockControl } from '../lib/routes.ts';
import { checkFields } from '../lib/text.ts';

/**
 * Visit messages (spec 4.15) on `{messages_base_url}/api`. X-ApiToken only: a missing token is
 * 400 `Missing token`, a bad one 401 `Invalid token`; only participants (the patient, the
 * assigned provider, hosts) read or write. Errors use the `{code, message}` shape.
 */

const bad = (message: string) => codeError(400, message);

function authenticate(request: Request): UserRecord {
  return requireUser(request, {
    missingTokenStatus: 400,
    missingTokenMessage: 'Missing token',
    invalidTokenMessage: 'Invalid token',
  }).user;
}

function hostIds(visit: VisitRecord): string[] {
  const lists = [visit.hosts, visit.meeting?.hosts];
  const ids: string[] = [];
  for (const list of lists) {
    if (!Array.isArray(list)) continue;
    for (const host of list) {
      if (typeof host === 'string' || typeof host === 'number') ids.push(String(host));
      else if (host && typeof host === 'object' && 'id' in host && typeof host.id === 'string')
        ids.push(host.id);
    }
  }
  return ids;
}

/** Everyone who may read and write the thread. */
export function participantIds(visit: VisitRecord): string[] {
  const ids = [visit.member_id, visit.provider_id].filter(
    (v): v is string => typeof v === 'string' && v !== '' && v !== '0',
  );
  return [...new Set([...ids, ...hostIds(visit)])];
}

function visitFor(id: string, user: UserRecord, request: Request): VisitRecord {
  const visit = db.visits.get(id);
  // The clinic named by the request, else any clinic the caller belongs to (a patient may be in several).
  const named = request.headers.get('X-AccountCode');
  const clinics = named ? [named] : [user.account_code, ...user.clinics];
  if (!visit || !clinics.includes(String(visit.account_code))) throw codeError(404, 'Visit not found');
  if (!participantIds(visit).includes(user.id)) throw codeError(403, 'Not a participant on this visit');
  return visit;
}

/**
 * A visit closed for new messages: the mock-only flag, or a completed or cancelled visit (spec 3:
 * a closed e-consult refuses new messages while its history stays readable).
 */
export function isClosedForMessages(visit: VisitRecord): boolean {
  return visit._closedForMessages === true || visit.status === 30 || visit.status === 40;
}

/**
 * The thread of a visit in its natural order (oldest first; ties keep insertion order), read
 * from the messages-by-visit index, which keeps that order as messages are stored.
 */
export function threadOf(visitId: string): MessageRecord[] {
  return db.messages.by('visit', visitId);
}

/** Wire form (spec 2.18) plus the `attachment_ids` the message was sent with. */
function wire(message: MessageRecord): Record<string, unknown> {
  const ids = message.attachment_ids;
  return {
    id: message.id,
    type: message.type,
    actor: message.actor,
    content: message.content,
    created: message.created,
    ...(ids.length ? { attachment_ids: ids } : {}),
  };
}

/** How an author is named on the thread: providers with their title ("Dr. …"). */
export function displayNameOf(user: UserRecord): string {
  return typeof user.title === 'string' && user.title ? `${user.title} ${user.full_name}` : user.full_name;
}

export interface AppendOptions {
  attachmentIds?: string[];
  /** Seed-style bulk appends skip the webhook event and the notification. */
  quiet?: boolean;
  created?: number;
}

/**
 * Appends a message, keeping `created` strictly increasing on the thread, and (unless quiet)
 * queues the `visit.message.created` webhook event (a pointer: no content) and a notification
 * for the other participants (it names the author, never the content).
 */
export function appendMessage(
  visit: VisitRecord,
  author: UserRecord,
  content: string,
  options: AppendOptions = {},
): MessageRecord {
  let created = options.created;
  if (created === undefined) {
    const last = db.messages.lastBy('visit', visit.id);
    const now = Date.now() / 1000;
    created = last && Number(last.created) >= now ? Number(last.created) + 0.001 : now;
  }
  const isPatient = author.id === visit.member_id || author.type === 200;
  const message: MessageRecord = {
    id: nextId('msg'),
    visit_id: visit.id,
    type: isPatient ? 'patient_message' : 'provider_message',
    actor: { id: author.id, type: author.type, display_name: displayNameOf(author) },
    content,
    created: Math.round(created * 1000) / 1000,
    attachment_ids: options.attachmentIds ?? [],
  };
  db.messages.set(message.id, message);
  if (options.quiet) return message;
  db.outbox.push({
    id: nextId('evt'),
    type: 'visit.message.created',
    account_code: typeof visit.account_code === 'string' ? visit.account_code : 'demo',
    created: Math.floor(Date.now() / 1000),
    data: {
      visit_id: visit.id,
      message_id: message.id,
      actor_type: isPatient ? 'patient' : 'provider',
      ts: Math.floor(Number(message.created)),
    },
  });
  const mtime = Date.now();
  for (const userId of participantIds(visit)) {
    if (userId === author.id) continue;
    const id = nextId('ntf');
    db.notifications.set(id, {
      id,
      user_id: userId,
      type: 'message',
      time: Math.floor(mtime / 1000),
      mtime,
      is_new: true,
      read: false,
      title: `New message from ${displayNameOf(author)}`,
      image: '',
      _visit_id: visit.id,
      visit_id: visit.id,
    });
  }
  return message;
}

/** Attachments must be files the caller may see: their own uploads, or files of this visit or of them. */
function checkAttachments(value: unknown, user: UserRecord, visit: VisitRecord): string[] {
  if (value === undefined || value === null) return [];
  if (!Array.isArray(value) || value.some((id) => typeof id !== 'string' || id === '')) {
    throw bad('attachment_ids must be an array of file ids');
  }
  const ids = value as string[];
  for (const id of ids) {
    const file = db.files.get(id);
    const creator = file?.creator;
    const target = file?.meta?.target;
    const visible =
      !!file &&
      (creator?.id === user.id ||
        (target?.type === 'visit' && target.id === visit.id) ||
        (target?.type === 'user' && (target.id === user.id || target.id === visit.member_id)));
    if (!visible) throw bad(`attachment_ids: file ${id} not found`);
  }
  return [...new Set(ids)];
}

type SortDir = 'asc' | 'desc';
const SORTABLE = new Set(['created', 'id']);

function readSort(params: URLSearchParams): { field: string; dir: SortDir } {
  const sort = params.get('sort');
  const order = params.get('order');
  if (order !== null && order !== 'asc' && order !== 'desc') throw bad('order must be asc or desc');
  let field = 'created';
  let compact: SortDir | null = null;
  if (sort !== null && sort !== '') {
    const [name = '', dir, ...rest] = sort.split(':');
    if (rest.length || !SORTABLE.has(name))
      throw bad('sort must be created or id, optionally with :asc or :desc');
    if (dir !== undefined && dir !== 'asc' && dir !== 'desc') throw bad('sort direction must be asc or desc');
    field = name;
    compact = dir ?? null;
  }
  if (compact && order && compact !== order) throw bad('sort and order disagree');
  return { field, dir: compact ?? order ?? 'asc' };
}

export const messagesHandlers: HttpHandler[] = [
  http.get(messagesApi('/visits/:id/messages'), ({ request, params }) => {
    const user = authenticate(request);
    const visit = visitFor(String(params.id), user, request);
    const query = queryOf(request);
    const limit =
      optionalInt(query, 'limit', bad, { min: 1, max: MESSAGE_PAGE_MAX_LIMIT }) ?? MESSAGE_PAGE_DEFAULT_LIMIT;
    const page = optionalInt(query, 'page', bad, { min: 1 });
    // `page` wins over `skip` when both are given (spec-decisions).
    const skip = page !== undefined ? (page - 1) * limit : (optionalInt(query, 'skip', bad, { min: 0 }) ?? 0);
    const { field, dir } = readSort(query);
    const thread = threadOf(visit.id);
    if (field === 'id')
      thread.sort((a, b) => String(a.id).localeCompare(String(b.id), 'en', { numeric: true }));
    if (dir === 'desc') thread.reverse();
    return raw(VisitMessagePageSchema, {
      data: thread.slice(skip, skip + limit).map(wire),
      total_count: thread.length,
    });
  }),

  http.post(messagesApi('/visits/:id/messages'), async ({ request, params }) => {
    const user = authenticate(request);
    const visit = visitFor(String(params.id), user, request);
    // The body is JSON (spec 4.15); one labelled otherwise is refused before it is read.
    if (!isJsonContentType(request)) throw codeError(415, 'Send the message as application/json');
    const body = await jsonBody(request, bad);
    const content = body.content;
    if (typeof content !== 'string' || content.trim() === '') throw bad('content is required');
    // At most MESSAGE_MAX_LENGTH characters, no NUL (the bounds table, lib/text.ts).
    checkFields('message', { content }, bad);
    const attachmentIds = checkAttachments(body.attachment_ids, user, visit);
    if (isClosedForMessages(visit)) throw codeError(409, 'Visit is closed for new messages');
    const message = appendMessage(visit, user, content, { attachmentIds });
    return ok(VisitMessageSchema, wire(message), { status: 201 });
  }),

  // Development controls (not the spec) -------------------------------------------------------

  /** Posts a reply from the visit's provider, as if sent from the clinic dashboard. */
  http.post(mockControl('/visits/:id/reply'), async ({ request, params }) => {
    const visit = db.visits.get(String(params.id));
    if (!visit) return HttpResponse.json({ code: 404, message: 'Visit not found' }, { status: 404 });
    const body: Record<string, unknown> = await jsonBody(request, bad).catch(() => ({}));
    const content =
      typeof body.content === 'string' && body.content.trim()
        ? body.content
        : 'Thanks, I have read your message.';
    const candidates = [visit.provider_id, ...hostIds(visit)].filter(
      (id): id is string => typeof id === 'string',
    );
    const provider = candidates.map((id) => db.users.get(id)).find((user) => user !== undefined);
    if (!provider)
      return HttpResponse.json({ code: 409, message: 'The visit has no provider yet' }, { status: 409 });
    const message = appendMessage(visit, provider, content);
    return HttpResponse.json({ data: wire(message) }, { status: 201 });
  }),

  /** Appends `count` messages (alternating patient and provider) without events: the 10,000-message thread. */
  http.post(mockControl('/visits/:id/seed-messages'), async ({ request, params }) => {
    const visit = db.visits.get(String(params.id));
    if (!visit) return HttpResponse.json({ code: 404, message: 'Visit not found' }, { status: 404 });
    const body: Record<string, unknown> = await jsonBody(request, bad).catch(() => ({}));
    const count = Math.min(Math.max(Number(body.count) || 0, 0), 50_000);
    const patient = db.users.get(String(visit.member_id));
    const provider = db.users.get(String(visit.provider_id)) ?? patient;
    if (!patient || !provider)
      return HttpResponse.json({ code: 409, message: 'The visit has no participants' }, { status: 409 });
    const now = Date.now() / 1000;
    const last = Number(db.messages.lastBy('visit', visit.id)?.created ?? now - count * 60);
    const step = last < now ? Math.min(60, (now - last) / (count + 1)) : 0.001;
    for (let i = 0; i < count; i += 1) {
      const author = i % 2 === 0 ? patient : provider;
      appendMessage(visit, author, `Seeded message ${i + 1} of ${count}`, {
        quiet: true,
        created: last + (i + 1) * step,
      });
    }
    return HttpResponse.json(
      { data: { count, total_count: db.messages.countBy('visit', visit.id) } },
      { status: 201 },
    );
  }),
];
