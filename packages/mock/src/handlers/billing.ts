import { http, type HttpHandler } from 'msw';
import { z } from 'zod';
import {
  BillingSettingsSchema,
  InvoiceResultSchema,
  PaymentSourceSchema,
} from '@telehealth/client/billing/schemas';
import { CUSTOM_FIELDS } from '@telehealth/client/intakes/custom-fields';
import {
  db,
  nextId,
  nowSeconds,
  type ChargeRecord,
  type IntakeRecord,
  type InvoiceQuote,
  type PaymentSourceRecord,
  type RoomRecord,
  type UserRecord,
} from '../db.ts';
import { isStaff, requireUser } from '../lib/auth.ts';
import { mockNow } from '../lib/clock.ts';
import { codeError, namedError } from '../lib/errors.ts';
import { jsonBody, optionalString, queryOf, requiredString } from '../lib/params.ts';
import { ok } from '../lib/respond.ts';
import { api } from '../lib/routes.ts';
import { TEST_PUBLISHABLE_KEY, TEST_TOKENS } from '../seed/billing.ts';
import { roomOfIntake } from './rooms.ts';

/**
 * Payments (spec 4.6). Decisions where the spec is silent (docs/spec-decisions.md, "Payments"):
 * - Sources belong to the caller and are scoped by `room_code` and `provider_id` (none = the room
 *   as a whole). The first card of a scope (or the first after its default expired) becomes its
 *   default; there is exactly one default per
 *   scope while it holds a card that has not expired. An expired card is never made the default
 *   (`PUT is_default: true` is 400, nothing changes); removing the default makes the newest
 *   remaining unexpired card the default, and none when every card left has expired.
 * - Only the processor's test tokens are accepted; brand and last4 come from the token.
 * - `invoices/process` prices the intake's consultation (custom field `consultation_id`, looked up
 *   in the intake's room); `charge: false` or amount 0 is free. Coupons: a known, unexpired code
 *   discounts by `percent_off`; an unknown or expired code answers 200 with `coupon.valid: false`
 *   and a `coupon.message` saying why, and the full amount.
 * - `create_invoice: 1` charges the card named by the intake's custom field `payment_source_id`,
 *   else the scope's default. A refused card answers 402 `{code: 402, message, decline_code}`
 *   and nothing is charged. An intake is charged at most once: a second `create_invoice` returns
 *   the charge already made (idempotent by intake), and a quote of a paid intake says `paid: true`.
 * - Every answer for an invoice adds `paid`, and once paid `invoice_id`, `charge` (amount, brand,
 *   last4, created) so a lost answer can be resolved by asking again without charging.
 * - An invoice belongs to the clinic of its intake's room: it answers only a caller acting in that
 *   clinic (X-AccountCode), and there only the intake's patient (who pays) and the clinic's staff
 *   (who read). Everyone else gets the answer of an intake that does not exist.
 * - A visit exists only once its consultation is paid (`requirePaidConsultation`, DESIGN.md section 4).
 */

const bad = (message: string) => codeError(400, message);
const AUTH = { account: true } as const;

interface Scope {
  owner: string;
  room: string;
  provider: string | null;
}

function inScope(source: PaymentSourceRecord, scope: Scope): boolean {
  return (
    source._owner === scope.owner &&
    source._room_code === scope.room &&
    (source._provider_id ?? null) === scope.provider
  );
}

function sourcesIn(scope: Scope): PaymentSourceRecord[] {
  return [...db.paymentSources.values()]
    .filter((s) => inScope(s, scope))
    .sort((a, b) => b._created - a._created || b.id.localeCompare(a.id));
}

function scopeOf(source: PaymentSourceRecord): Scope {
  return { owner: source._owner, room: source._room_code, provider: source._provider_id ?? null };
}

function readScope(params: URLSearchParams | Record<string, unknown>, user: UserRecord): Scope {
  const room = requiredString(params, 'room_code', bad);
  if (!db.rooms.has(room)) throw bad(`room_code ${room} is not a room of this clinic`);
  const provider = optionalString(params, 'provider_id') ?? null;
  if (provider !== null) {
    const p = db.users.get(provider);
    if (!p || p.type !== 400) throw bad(`provider_id ${provider} is not a provider of this clinic`);
  }
  return { owner: user.id, room, provider };
}

function wire(source: PaymentSourceRecord) {
  return Object.fromEntries(Object.entries(source).filter(([key]) => !key.startsWith('_')));
}

function ownSource(id: string, user: UserRecord): PaymentSourceRecord {
  const source = db.paymentSources.get(id);
  // Someone else's card answers like a missing one: ids do not leak.
  if (!source || source._owner !== user.id) throw codeError(404, 'Payment source not found');
  return source;
}

/** Makes `source` the only default of its scope. */
function makeDefault(source: PaymentSourceRecord): void {
  for (const other of sourcesIn(scopeOf(source))) other.is_default = other.id === source.id;
}

/** Has the card's month passed, on the mock's clock (a card is good through the last day of its month)? */
function isExpired(source: PaymentSourceRecord, now = new Date(mockNow())): boolean {
  const year = Number(source.exp_year);
  const month = Number(source.exp_month);
  if (!year || !month) return false;
  const y = now.getUTCFullYear();
  return year < y || (year === y && month < now.getUTCMonth() + 1);
}

// Invoices ------------------------------------------------------------------------------------

function consultationOf(intake: IntakeRecord) {
  const room = roomOfIntake(intake);
  const saved = intake[CUSTOM_FIELDS.consultationId];
  const id = typeof saved === 'string' ? saved : '';
  const list = room?.payment?.consultations ?? [];
  return list.find((c) => String(c.id) === id) ?? null;
}

function currencyOf(intake: IntakeRecord): string {
  const payment = roomOfIntake(intake)?.payment;
  return payment?.paymentCurrency ?? payment?.currency ?? 'usd';
}

const round2 = (n: number) => Math.round(n * 100) / 100;

/** Succeeded charges of an intake: the ledger tests read. At most one, ever. */
export function chargesFor(intakeId: string): ChargeRecord[] {
  return [...db.charges.by('intake', intakeId)].filter((c) => c.status === 'succeeded');
}

type Consultation = NonNullable<NonNullable<RoomRecord['payment']>['consultations']>[number];

const isCharged = (c: Consultation) => c.charge !== false && Number(c.amount ?? 0) > 0;
const nameOf = (c: { description?: unknown } | undefined) =>
  typeof c?.description === 'string' && c.description.trim() ? c.description.trim() : 'consultation';

/** Error code of a visit refused because its consultation is not paid (402, docs/spec-decisions.md). */
export const PAYMENT_REQUIRED = 'payment_required';
const unpaid = (message: string) => namedError(402, PAYMENT_REQUIRED, message);

/**
 * The rule behind every kind of visit (DESIGN.md section 4): a visit for a consultation the room
 * charges for is created only after the intake's invoice succeeded, and for that consultation.
 * The intake names its consultation in the custom field `consultation_id` (the consultation step
 * saves it, `invoices/process` prices it); a room that charges for none of its consultations
 * passes. `slotConsultation` is the consultation of the slot an appointment books: it must be the
 * intake's. Throws 402 `{error: payment_required, message}` (the visit family's shape).
 */
export function requirePaidConsultation(
  intake: IntakeRecord,
  room: RoomRecord,
  slotConsultation?: { id?: string | number | null; description?: unknown } | null,
): void {
  const consultations = room.payment?.consultations ?? [];
  const saved = intake[CUSTOM_FIELDS.consultationId];
  const chosenId = typeof saved === 'string' ? saved : '';
  const chosen = consultations.find((c) => String(c.id) === chosenId);
  const slotId = slotConsultation?.id == null ? '' : String(slotConsultation.id);
  if (slotId && chosen && slotId !== chosenId) {
    const slotName = nameOf(
      consultations.find((c) => String(c.id) === slotId) ?? slotConsultation ?? undefined,
    );
    throw unpaid(
      `This time is for ${slotName}, but you chose ${nameOf(chosen)}. Please choose a time for ${nameOf(chosen)}.`,
    );
  }
  if (!consultations.some(isCharged)) return;
  if (!chosen) {
    throw unpaid('Please choose the type of consultation and pay for it before your visit is created.');
  }
  if (!isCharged(chosen)) return;
  const paid = chargesFor(String(intake.id))[0];
  if (!paid) {
    throw unpaid(`Your ${nameOf(chosen)} has not been paid yet. Please complete the payment step first.`);
  }
  const paidFor = paid.invoice?.consultation;
  if (!paidFor || String(paidFor.id) !== chosenId) {
    throw unpaid(
      `You paid for ${nameOf(paidFor ?? undefined)}, but this visit is for ${nameOf(chosen)}. Please start a new visit to choose another consultation.`,
    );
  }
}

/** The consultation an intake's succeeded invoice paid for, if it was paid. */
export function paidConsultationOf(intakeId: string): InvoiceQuote['consultation'] | undefined {
  return chargesFor(intakeId)[0]?.invoice?.consultation;
}

/**
 * Development controls only (never a spec path): settles an intake as its payment step would have,
 * for the patients a control puts in a queue: the room's first consultation, paid without a card.
 */
export function settleForControl(intake: IntakeRecord, room: RoomRecord): void {
  const consultation = room.payment?.consultations?.[0];
  if (!consultation) return;
  intake[CUSTOM_FIELDS.consultationId] = String(consultation.id);
  if (!isCharged(consultation)) return;
  const amount = Number(consultation.amount);
  const currency = room.payment?.paymentCurrency ?? room.payment?.currency ?? 'usd';
  const id = nextId('ch');
  db.charges.set(id, {
    id,
    intake_id: String(intake.id),
    invoice_id: nextId('inv'),
    status: 'succeeded',
    amount,
    currency,
    source_id: null,
    brand: null,
    last4: null,
    created: nowSeconds(),
    invoice: {
      currency,
      consultation: {
        id: String(consultation.id),
        description: nameOf(consultation),
        amount,
        duration: Number(consultation.duration ?? 0),
      },
      amount_due: amount,
    },
  });
}

/** The clinic an intake belongs to: its room's. */
const clinicOf = (intake: IntakeRecord) => roomOfIntake(intake)?.account_code;

function couponFor(code: string | undefined) {
  if (!code) return null;
  const key = code.trim().toUpperCase();
  const coupon = db.coupons.get(key);
  if (!coupon)
    return { id: code.trim(), percent_off: null, valid: false, message: 'This code does not exist.' };
  if (coupon.expires !== null && coupon.expires < nowSeconds()) {
    return { id: key, percent_off: coupon.percent_off, valid: false, message: 'This code has expired.' };
  }
  return { id: key, percent_off: coupon.percent_off, valid: true };
}

function paidAnswer(charge: ChargeRecord) {
  return {
    ...charge.invoice,
    paid: true,
    invoice_id: charge.invoice_id,
    charge: {
      id: charge.id,
      amount: charge.amount,
      currency: charge.currency,
      brand: charge.brand ?? null,
      last4: charge.last4 ?? null,
      created: charge.created,
    },
  };
}

export const billingHandlers: HttpHandler[] = [
  http.get(api('/billing/settings'), ({ request }) => {
    requireUser(request, AUTH);
    return ok(BillingSettingsSchema, { stripe: { publishable_key: TEST_PUBLISHABLE_KEY } });
  }),

  http.get(api('/billing/sources'), ({ request }) => {
    const { user } = requireUser(request, AUTH);
    const query = queryOf(request);
    const scope = readScope(query, user);
    const type = optionalString(query, 'type');
    const list = sourcesIn(scope).filter((s) => !type || s.type === type);
    return ok(z.array(PaymentSourceSchema), list.map(wire));
  }),

  http.post(api('/billing/sources'), async ({ request }) => {
    const { user } = requireUser(request, AUTH);
    const scope = readScope(queryOf(request), user);
    const body = await jsonBody(request, bad);
    const type = requiredString(body, 'type', bad);
    if (type !== 'card') throw bad('type must be card');
    const token = requiredString(body, 'token', bad);
    const card = TEST_TOKENS[token];
    // The processor's wording for a token it does not know.
    if (!card) throw bad(`No such token: '${token.slice(0, 40)}'`);
    const existing = sourcesIn(scope);
    const year = new Date().getUTCFullYear();
    const source: PaymentSourceRecord = {
      id: nextId('src'),
      type: 'card',
      brand: card.brand,
      last4: card.last4,
      exp_month: 12,
      exp_year: year + 4,
      // The new card is the default when the scope has no usable default (none, or an expired one).
      is_default: !existing.some((s) => s.is_default === true && !isExpired(s)),
      _owner: user.id,
      _room_code: scope.room,
      _provider_id: scope.provider,
      _created: nowSeconds(),
      _declines: card.declines === true,
    };
    db.paymentSources.set(source.id, source);
    if (source.is_default) makeDefault(source);
    return ok(PaymentSourceSchema, wire(source));
  }),

  http.get(api('/billing/sources/:id'), ({ request, params }) => {
    const { user } = requireUser(request, AUTH);
    const source = ownSource(String(params.id), user);
    return ok(PaymentSourceSchema, wire(source));
  }),

  http.put(api('/billing/sources/:id'), async ({ request, params }) => {
    const { user } = requireUser(request, AUTH);
    const source = ownSource(String(params.id), user);
    const body = await jsonBody(request, bad);
    if (body.is_default !== undefined && typeof body.is_default !== 'boolean')
      throw bad('is_default must be true or false');
    if (body.is_default === true && source.is_default !== true && isExpired(source)) {
      throw bad(
        `This card expired in ${String(source.exp_month).padStart(2, '0')}/${source.exp_year} and cannot be the default card. Add a card that is still valid and make that one the default.`,
      );
    }
    if (body.is_default === true) makeDefault(source);
    if (body.is_default === false && source.is_default === true) {
      throw bad('A card stays the default until another card is made the default');
    }
    return ok(PaymentSourceSchema, wire(source));
  }),

  http.delete(api('/billing/sources/:id'), ({ request, params }) => {
    const { user } = requireUser(request, AUTH);
    const source = ownSource(String(params.id), user);
    db.paymentSources.delete(source.id);
    if (source.is_default === true) {
      const next = sourcesIn(scopeOf(source)).find((s) => !isExpired(s));
      if (next) makeDefault(next);
    }
    return ok(z.array(z.unknown()), []);
  }),

  http.post(api('/billing/invoices/process'), async ({ request }) => {
    const { user, clinic } = requireUser(request, AUTH);
    const body = await jsonBody(request, bad);
    const intakeId = requiredString(body, 'intake_id', bad);
    const promo = body.promo_code;
    if (promo !== undefined && promo !== null && typeof promo !== 'string')
      throw bad('promo_code must be text');
    const create = body.create_invoice;
    if (create !== undefined && create !== 0 && create !== 1 && create !== '0' && create !== '1')
      throw bad('create_invoice must be 0 or 1');
    const charging = create === 1 || create === '1';

    const intake = db.intakes.get(intakeId);
    const isOwner = !!intake && (intake._owner === user.id || intake.member_id === user.id);
    // Staff may read what an intake cost (the receipt on the visit page); only the patient pays.
    // Another clinic's intake, someone else's and a missing one get one and the same answer.
    const mayUse = isOwner || (isStaff(user) && !charging);
    if (!intake || clinicOf(intake) !== clinic || !mayUse) throw codeError(404, 'Intake not found');

    const paid = chargesFor(intakeId)[0];
    if (paid) return ok(InvoiceResultSchema, paidAnswer(paid));

    const consultation = consultationOf(intake);
    if (!consultation) throw bad('This intake has no consultation chosen yet');
    const amount = consultation.charge === false ? 0 : Number(consultation.amount ?? 0);
    const coupon = couponFor(typeof promo === 'string' && promo.trim() ? promo : undefined);
    const percent = coupon?.valid ? Number(coupon.percent_off ?? 0) : 0;
    const amountDue = round2(Math.max(0, amount * (1 - percent / 100)));
    const invoice: InvoiceQuote = {
      currency: currencyOf(intake),
      consultation: {
        id: String(consultation.id),
        description: typeof consultation.description === 'string' ? consultation.description : '',
        amount,
        duration: Number(consultation.duration ?? 0),
      },
      ...(coupon ? { coupon } : {}),
      amount_due: amountDue,
    };
    if (!charging) return ok(InvoiceResultSchema, { ...invoice, paid: false });

    if (coupon && !coupon.valid)
      throw bad(`Coupon ${coupon.id} cannot be used: ${coupon.message ?? ''}`.trim());
    let source: PaymentSourceRecord | undefined;
    if (amountDue > 0) {
      const scope: Scope = {
        owner: typeof intake.member_id === 'string' ? intake.member_id : user.id,
        room: String(intake.room_code),
        provider: null,
      };
      const chosen = typeof intake.payment_source_id === 'string' ? intake.payment_source_id : '';
      source = chosen ? db.paymentSources.get(chosen) : sourcesIn(scope).find((s) => s.is_default === true);
      if (!source || source._owner !== user.id) throw codeError(400, 'Add a card before paying');
      const refusal =
        source._declines === true
          ? 'Your card was declined.'
          : isExpired(source)
            ? 'Your card has expired.'
            : null;
      if (refusal) {
        const id = nextId('ch');
        db.charges.set(id, {
          id,
          intake_id: intakeId,
          status: 'declined',
          amount: amountDue,
          created: nowSeconds(),
        });
        throw codeError(402, refusal, 402, {
          decline_code: source._declines === true ? 'generic_decline' : 'expired_card',
        });
      }
    }
    const id = nextId('ch');
    const charge: ChargeRecord = {
      id,
      intake_id: intakeId,
      invoice_id: nextId('inv'),
      status: 'succeeded',
      amount: amountDue,
      currency: invoice.currency,
      source_id: source?.id ?? null,
      brand: source?.brand ?? null,
      last4: source?.last4 ?? null,
      created: nowSeconds(),
      invoice,
    };
    db.charges.set(id, charge);
    return ok(InvoiceResultSchema, paidAnswer(charge));
  }),
];
