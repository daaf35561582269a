import { getResponse, http, HttpResponse } from 'msw';
import { CUSTOM_FIELDS } from '@telehealth/client/intakes/custom-fields';
import { db, nextId, nowSeconds } from '@telehealth/mock/db';
import { handlers } from '@telehealth/mock/handlers/index';
import { chargesFor } from '@telehealth/mock/handlers/billing';
import { api } from '@telehealth/mock/lib/routes';
import { server } from '@telehealth/mock/node';
import { SEED_CONSULTATIONS } from '@telehealth/mock/seed/ids';

/**
 * Pays an intake's consultation through the mock's API, as the payment step does before the visit
 * is created (DESIGN.md section 4): saves a test Visa for the intake's room (the patient's first
 * card there becomes the default the charge uses), then processes the invoice once. `headers`
 * are the patient's (X-ApiToken, X-AccountCode); `base` is the API base. Answers the invoice as
 * the mock sent it; throws when the charge is refused.
 */
export async function payIntake(
  intakeId: string,
  headers: Record<string, string>,
  base = 'http://localhost/api_v3',
): Promise<Record<string, unknown>> {
  const room = db.intakes.get(intakeId)?.room_code;
  if (typeof room !== 'string') throw new Error(`No intake ${intakeId} with a room to pay in`);
  const json = { ...headers, 'Content-Type': 'application/json' };
  const card = await fetch(`${base}/billing/sources?room_code=${encodeURIComponent(room)}`, {
    method: 'POST',
    headers: json,
    body: JSON.stringify({ type: 'card', token: 'tok_visa' }),
  });
  if (!card.ok) throw new Error(`Saving a card failed: ${card.status} ${await card.text()}`);
  const paid = await fetch(`${base}/billing/invoices/process`, {
    method: 'POST',
    headers: json,
    body: JSON.stringify({ intake_id: intakeId, create_invoice: 1 }),
  });
  if (!paid.ok) throw new Error(`Paying intake ${intakeId} failed: ${paid.status} ${await paid.text()}`);
  return ((await paid.json()) as { data: Record<string, unknown> }).data;
}

/**
 * Makes every consultation of the given rooms (all rooms when none are named) free, for a test
 * whose intake flow has no consultation or payment step: the mock creates a visit for a charged
 * consultation only once it is paid, and a room that charges nothing lets any intake through.
 */
export function chargeNothingIn(...roomCodes: string[]): void {
  for (const room of db.rooms.values()) {
    if (roomCodes.length && !roomCodes.includes(room.code)) continue;
    for (const consultation of room.payment?.consultations ?? []) {
      consultation.charge = false;
      consultation.amount = 0;
    }
  }
}

/** Fields of the invoice answer the spec does not have (spec 4.6 returns `amount_due`, `coupon`, `consultation`, `currency`). */
const INVOICE_STATE_FIELDS = ['paid', 'invoice_id', 'charge'] as const;

export interface SpecTermsServer {
  /** `create_invoice=1` requests the server received; each one charges (no idempotency). */
  readonly chargeRequests: number;
  /** URLs of the `POST /intakes/{id}` requests the server received. */
  readonly intakeUpdates: URL[];
  /**
   * The next charge is made, then its answer is lost: `error` drops the connection at once,
   * `hang` keeps the request open until `drop()` (a reload meanwhile).
   */
  loseNextChargeAnswer(mode: 'error' | 'hang'): { drop: () => void };
}

/** The answer without the invoice-state fields, everything else as the mock sent it. */
async function withoutInvoiceState(response: Response): Promise<Response> {
  if (!response.ok) return response;
  const body = (await response.clone().json()) as { data?: Record<string, unknown> };
  for (const field of INVOICE_STATE_FIELDS) delete body.data?.[field];
  const headers = new Headers(response.headers);
  headers.delete('content-length');
  return HttpResponse.json(body, { status: response.status, headers });
}

/**
 * Makes the mock answer payments and intake updates exactly on the spec's terms, for the tests of
 * docs/spec-decisions.md "Money on the spec's terms" and "The wizard on the spec's terms":
 * - `POST /billing/invoices/process` answers without `paid`, `invoice_id` and `charge`, and
 *   charges every `create_invoice=1` it receives: a repeated one is a second charge in the ledger
 *   (`chargesFor`), as on a server without idempotency;
 * - `POST /intakes/{id}` keeps only the spec's query parameters: its form body (the custom
 *   fields) is dropped before the mock sees it;
 * - an intake that names no consultation (the custom field never arrived) is priced at `price`,
 *   the clinic's own choice, as a server that prices by its own rules would.
 */
export function serveOnSpecTerms({
  price = SEED_CONSULTATIONS.generalStandard,
}: { price?: string } = {}): SpecTermsServer {
  let chargeRequests = 0;
  const intakeUpdates: URL[] = [];
  let lose: { mode: 'error' | 'hang'; dropped: Promise<void>; drop: () => void } | null = null;

  server.use(
    http.post(api('/intakes/:id'), async ({ request }) => {
      intakeUpdates.push(new URL(request.url));
      const headers = new Headers(request.headers);
      headers.delete('content-type');
      headers.delete('content-length');
      const answer = await getResponse(handlers, new Request(request.url, { method: 'POST', headers }));
      return answer ?? HttpResponse.error();
    }),
    http.post(api('/billing/invoices/process'), async ({ request }) => {
      const body = (await request.clone().json()) as { intake_id?: unknown; create_invoice?: unknown };
      const intakeId = String(body.intake_id);
      const intake = db.intakes.get(intakeId);
      if (intake && typeof intake[CUSTOM_FIELDS.consultationId] !== 'string')
        intake[CUSTOM_FIELDS.consultationId] = price;
      const charging = body.create_invoice === 1 || body.create_invoice === '1';
      if (charging) chargeRequests += 1;
      const earlier = charging ? chargesFor(intakeId)[0] : undefined;
      let answer: Response;
      if (earlier) {
        const id = nextId('ch');
        db.charges.set(id, { ...earlier, id, invoice_id: nextId('inv'), created: nowSeconds() });
        answer = HttpResponse.json({ data: { ...earlier.invoice } });
      } else {
        answer = (await getResponse(handlers, request)) ?? HttpResponse.error();
      }
      const lost = charging ? lose : null;
      if (lost) {
        lose = null;
        if (lost.mode === 'hang') await lost.dropped;
        return HttpResponse.error();
      }
      return withoutInvoiceState(answer);
    }),
  );

  return {
    get chargeRequests() {
      return chargeRequests;
    },
    intakeUpdates,
    loseNextChargeAnswer(mode) {
      let drop = () => undefined as void;
      const dropped = new Promise<void>((resolve) => (drop = resolve));
      lose = { mode, dropped, drop };
      return { drop };
    },
  };
}
