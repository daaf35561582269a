import { db } from '@/mocks/db';

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
