import { VISIT_STATUS } from '@telehealth/client/visits/schemas';
import { db, nextId, nowSeconds, type UserRecord, type VisitRecord } from '../db.ts';
import { isStaff } from '../lib/auth.ts';
import { namedError } from '../lib/errors.ts';
import { optionalString } from '../lib/params.ts';
import { checkBound, TEXT_BOUNDS } from '../lib/text.ts';
import { person } from './visits.ts';

/**
 * A provider's actions on a visit through `POST /visits/{id}?version=2` (docs/spec-decisions.md,
 * "Provider workspace"): take (`provider_id` = the caller), start (`status=25`), complete
 * (`status=30`) and cancel (`status=40`, optional `reason`). Each checks and writes without awaiting
 * in between, so of two providers taking the same visit exactly one wins. Repeating an action the
 * visit already reflects answers the visit as it is (double clicks, retries); a visit that moved on
 * meanwhile is refused with 409 and a message naming what happened.
 */

export const VISIT_TAKEN = 'visit_taken';
export const VISIT_MOVED_ON = 'visit_moved_on';

const fail = (message: string) => namedError(400, 'bad_request', message);
const conflict = (code: string, message: string) => namedError(409, code, message);
const forbidden = (message: string) => namedError(403, 'forbidden', message);

const STATUS_WORDS: Record<number, string> = {
  [VISIT_STATUS.inProgress]: 'has already started',
  [VISIT_STATUS.completed]: 'has already been completed',
  [VISIT_STATUS.cancelled]: 'has been cancelled',
};

const inRoom = (user: UserRecord, visit: VisitRecord) =>
  (user.rooms ?? []).some((r) => r.code === visit.room_code);

function providerName(visit: VisitRecord): string {
  const provider = typeof visit.provider_id === 'string' ? db.users.get(visit.provider_id) : undefined;
  return provider?.full_name ? String(provider.full_name) : 'another provider';
}

/** The visit is someone else's: refused naming who has it. */
function refuseTaken(visit: VisitRecord): never {
  throw conflict(VISIT_TAKEN, `${providerName(visit)} has already taken this visit.`);
}

/**
 * The colleague rule, for every path that changes a visit (these actions, moving, cancelling):
 * staff who are not the visit's patient may not change a visit another provider has.
 */
export function refuseColleaguesVisit(user: UserRecord, visit: VisitRecord): void {
  if (!isStaff(user) || visit.member_id === user.id) return;
  const holder = visit.provider_id;
  if (typeof holder === 'string' && holder !== '' && holder !== user.id) refuseTaken(visit);
}

function refuseMovedOn(visit: VisitRecord): never {
  throw conflict(VISIT_MOVED_ON, `This visit ${STATUS_WORDS[visit.status] ?? 'has changed'}.`);
}

function assign(user: UserRecord, visit: VisitRecord, t: number) {
  visit.provider_id = user.id;
  visit.provider = person(user);
  visit.modified = t;
}

function outbox(visit: VisitRecord, type: string, t: number) {
  db.outbox.push({
    id: nextId('evt'),
    type,
    created: t,
    account_code: String(visit.account_code),
    version: '1.0',
    data: {
      id: visit.id,
      member_id: visit.member_id,
      provider_id: visit.provider_id ?? null,
      status: String(visit.status),
      actual_start: visit.actual_start ?? null,
      actual_end: visit.actual_end ?? null,
      completed_by: visit.status === VISIT_STATUS.completed ? (visit.provider_id ?? null) : null,
    },
  });
}

/** True when the call is a provider action this module answers; scheduling answers the rest. */
export function isProviderAction(user: UserRecord, visit: VisitRecord, query: URLSearchParams): boolean {
  if (!isStaff(user) || visit.member_id === user.id) return false;
  if (query.has('slot_start')) return false;
  return query.has('status') || query.has('provider_id');
}

export function applyProviderAction(
  user: UserRecord,
  visit: VisitRecord,
  query: URLSearchParams,
): VisitRecord {
  if (!inRoom(user, visit) && visit.provider_id !== user.id) {
    throw forbidden('Only a provider of this visit’s room may act on it');
  }
  const t = nowSeconds();
  const statusText = query.get('status');
  const providerId = optionalString(query, 'provider_id');
  const mine = visit.provider_id === user.id;
  const taken = typeof visit.provider_id === 'string' && visit.provider_id !== '' && !mine;

  if (statusText === null) {
    // Take: assign to me.
    if (providerId !== user.id) throw fail('provider_id may only be your own id');
    if (mine && visit.status < VISIT_STATUS.completed) return visit;
    if (visit.status >= VISIT_STATUS.inProgress) refuseMovedOn(visit);
    if (taken) refuseTaken(visit);
    if (!inRoom(user, visit)) throw forbidden('Only a provider of this visit’s room may take it');
    assign(user, visit, t);
    if (visit.subtype === 4) visit.status = VISIT_STATUS.confirmed;
    outbox(visit, 'visit.updated', t);
    return visit;
  }

  const status = Number(statusText);
  if (
    status !== VISIT_STATUS.inProgress &&
    status !== VISIT_STATUS.completed &&
    status !== VISIT_STATUS.cancelled
  ) {
    throw fail('status may be 25 (start), 30 (complete) or 40 (cancel)');
  }
  // The same step again answers the visit as it is (a double click or a retry).
  if (visit.status === status && (mine || status === VISIT_STATUS.cancelled)) return visit;
  if (visit.status >= status || visit.status >= VISIT_STATUS.completed) refuseMovedOn(visit);
  if (taken) refuseTaken(visit);

  if (status === VISIT_STATUS.cancelled) {
    const reason = optionalString(query, 'reason')?.trim();
    if (!reason) throw fail('reason is required when a provider cancels a visit');
    checkBound('reason', reason, TEXT_BOUNDS.visit.cancel_reason, fail);
    visit.status = VISIT_STATUS.cancelled;
    visit.cancel_reason = reason;
    visit.modified = t;
    outbox(visit, 'visit.cancelled', t);
    return visit;
  }
  if (!mine) assign(user, visit, t);
  if (status === VISIT_STATUS.inProgress) {
    if (visit.subtype === 4) throw fail('An e-consult is answered in writing and is not started');
    visit.status = VISIT_STATUS.inProgress;
    visit.actual_start ??= t;
  } else {
    if (visit.subtype !== 4 && visit.status !== VISIT_STATUS.inProgress) {
      throw conflict(VISIT_MOVED_ON, 'Start the visit before completing it.');
    }
    visit.status = VISIT_STATUS.completed;
    visit.actual_start ??= t;
    visit.actual_end ??= t;
  }
  visit.modified = t;
  outbox(visit, status === VISIT_STATUS.completed ? 'visit.completed' : 'visit.started', t);
  return visit;
}
