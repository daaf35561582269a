import { http, type HttpHandler } from 'msw';
import { z } from 'zod';
import { PharmacySchema, PrescriptionSchema, SavePharmacyInputSchema } from '@telehealth/client/erx/schemas';
import { db, type LooseRecord } from '../db.ts';
import { requireUser } from '../lib/auth.ts';
import { codeError } from '../lib/errors.ts';
import { jsonBody, queryOf } from '../lib/params.ts';
import { recordOwner } from '../lib/record-access.ts';
import { ok } from '../lib/respond.ts';
import { api } from '../lib/routes.ts';
import { checkFields, checkNested } from '../lib/text.ts';

/**
 * Pharmacies and prescriptions (spec 4.9). Decisions (docs/spec-decisions.md): `status` is
 * required on the prescription list and matched case-insensitively (`Current`, `Completed`,
 * `Discontinued`); saving a pharmacy whose code is already saved replaces it; the first saved
 * pharmacy becomes the default, and removing the default makes the oldest remaining one default.
 * `is_default: true` on a save makes that pharmacy the patient's one default (the record's own
 * field of spec 2.12; 4.9 shows no other way to choose it); `false` on the default is refused.
 */

const bad = (message: string) => codeError(400, message);

const wire = (record: LooseRecord) =>
  Object.fromEntries(
    Object.entries(record).filter(([k]) => !k.startsWith('_') && k !== 'id' && k !== 'user_id'),
  );

const pharmaciesOf = (userId: string) =>
  [...db.pharmacies.values()]
    .filter((p) => p.user_id === userId)
    .sort((a, b) => Number(a._saved ?? 0) - Number(b._saved ?? 0));

export const erxHandlers: HttpHandler[] = [
  http.get(api('/users/:id/erx/prescriptions'), ({ request, params }) => {
    const caller = requireUser(request, { account: true }).user;
    const owner = recordOwner(request, caller, params.id, 'read');
    const status = queryOf(request).get('status');
    if (!status) throw bad('status: is required (for example Current)');
    const list = [...db.prescriptions.values()]
      .filter((p) => p.user_id === owner.id && String(p.Status).toLowerCase() === status.toLowerCase())
      .map(wire);
    return ok(z.array(PrescriptionSchema), list);
  }),

  http.get(api('/users/:id/erx/pharmacies'), ({ request, params }) => {
    const caller = requireUser(request, { account: true }).user;
    const owner = recordOwner(request, caller, params.id, 'read');
    return ok(z.array(PharmacySchema), pharmaciesOf(owner.id).map(wire));
  }),

  http.post(api('/users/:id/erx/pharmacies'), async ({ request, params }) => {
    const caller = requireUser(request, { account: true }).user;
    const owner = recordOwner(request, caller, params.id, 'write');
    const body = await jsonBody(request, bad);
    const parsed = SavePharmacyInputSchema.safeParse(body);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      throw bad(`${issue?.path.join('.') || 'body'}: ${issue?.message ?? 'is not valid'}`);
    }
    checkFields('pharmacy', parsed.data, bad);
    checkNested('extra', parsed.data.extra, bad);
    const asked = body.is_default;
    if (asked !== undefined && typeof asked !== 'boolean') throw bad('is_default: must be true or false');
    const id = `${owner.id}:${parsed.data.code}`;
    const existing = db.pharmacies.get(id);
    const saved = pharmaciesOf(owner.id);
    const wasDefault = existing ? existing.is_default === true : saved.length === 0;
    if (asked === false && wasDefault)
      throw bad('is_default: make another pharmacy the default instead of unsetting this one');
    const isDefault = asked === true || wasDefault;
    // One default per patient: choosing this one unsets the others.
    if (isDefault) for (const other of saved) if (other.id !== id) other.is_default = false;
    db.pharmacies.set(id, {
      id,
      user_id: owner.id,
      ...parsed.data,
      is_default: isDefault,
      _saved: existing?._saved ?? (db.seq += 1),
    });
    return ok(z.literal(true), true);
  }),

  http.delete(api('/users/:id/erx/pharmacies/:code'), ({ request, params }) => {
    const caller = requireUser(request, { account: true }).user;
    const owner = recordOwner(request, caller, params.id, 'write');
    const id = `${owner.id}:${String(params.code)}`;
    const existing = db.pharmacies.get(id);
    if (!existing) throw codeError(404, 'Pharmacy not found');
    db.pharmacies.delete(id);
    const rest = pharmaciesOf(owner.id);
    if (existing.is_default === true && rest[0] && !rest.some((p) => p.is_default === true))
      rest[0].is_default = true;
    return ok(z.literal(true), true);
  }),
];
