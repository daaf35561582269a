import { db, type UserRecord } from '../db.ts';
import { isStaff, requireAccountHeader, resolveUserId } from './auth.ts';
import { codeError } from './errors.ts';

export type RecordAccess = 'read' | 'write';

/**
 * Who may use a patient's record (spec 4.9–4.11; the spec is silent, docs/spec-decisions.md):
 * a patient only their own record, read and write; providers and admins of the clinic named by
 * X-AccountCode read the record of a patient of that clinic; nobody of another clinic sees it.
 * Another patient's record answers 403; a user outside the caller's clinic answers 404, so ids
 * of other clinics do not leak.
 */
export function recordOwner(
  request: Request,
  caller: UserRecord,
  param: string | readonly string[] | undefined,
  access: RecordAccess,
): UserRecord {
  const accountCode = requireAccountHeader(request);
  const targetId = resolveUserId(param, caller);
  const target = db.users.get(targetId);
  const inClinic = (u: UserRecord) => u.account_code === accountCode || u.clinics.includes(accountCode);
  if (!target || !inClinic(target) || !inClinic(caller)) throw codeError(404, 'User not found');
  if (target.id === caller.id) return target;
  if (!isStaff(caller)) throw codeError(403, 'You may only use your own record');
  if (access === 'write') throw codeError(403, 'Only the patient can change this record');
  return target;
}
