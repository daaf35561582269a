import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { AccountSchema } from '@telehealth/client/accounts/schemas';
import { InvoiceResultSchema, PaymentSourceSchema } from '@telehealth/client/billing/schemas';
import { AllergiesDataSchema, emrSectionReadSchema } from '@telehealth/client/emr/schemas';
import { PharmacySchema, PrescriptionSchema } from '@telehealth/client/erx/schemas';
import { FileRecordSchema } from '@telehealth/client/files/schemas';
import { DeviceSchema } from '@telehealth/client/health/schemas';
import {
  BillingReferenceItemSchema,
  CarrierSchema,
  ClaimRowSchema,
  DiagnosisSchema,
  EligibilityJobSchema,
  InsuranceCardSchema,
} from '@telehealth/client/insurance/schemas';
import { IntakeSchema } from '@telehealth/client/intakes/schemas';
import { VisitMessageSchema } from '@telehealth/client/messages/schemas';
import { NotificationSchema, PushEndpointSchema } from '@telehealth/client/push/schemas';
import { RecordingSchema } from '@telehealth/client/recordings/schemas';
import {
  ConsultationSchema,
  RoomProviderDetailSchema,
  RoomQueueSchema,
  RoomSchema,
  RoomSummarySchema,
  UserRoomAssociationSchema,
} from '@telehealth/client/rooms/schemas';
import { AvailableSlotSchema, SlotSchema } from '@telehealth/client/slots/schemas';
import { SurveyResponseSchema } from '@telehealth/client/surveys/schemas';
import { TokenPairSchema, UserSchema } from '@telehealth/client/users/schemas';
import { VisitSchema } from '@telehealth/client/visits/schemas';
import { WebhookEnvelopeSchema } from '@telehealth/client/webhooks/schemas';
import { SPEC_RECORDS, type FieldSpec, type SpecRecordName } from '~test/support/spec-fields';

/** The response schema that reads each record of the spec's field tables. */
const SCHEMAS: Record<SpecRecordName, z.ZodType> = {
  user: UserSchema,
  tokenPair: TokenPairSchema,
  room: RoomSchema,
  roomSummary: RoomSummarySchema,
  consultation: ConsultationSchema,
  roomQueue: RoomQueueSchema,
  roomProvider: RoomProviderDetailSchema,
  userRoom: UserRoomAssociationSchema,
  account: AccountSchema,
  intake: IntakeSchema,
  visit: VisitSchema,
  slot: SlotSchema,
  availableSlot: AvailableSlotSchema,
  paymentSource: PaymentSourceSchema,
  invoice: InvoiceResultSchema,
  file: FileRecordSchema,
  insuranceCard: InsuranceCardSchema,
  eligibility: EligibilityJobSchema,
  carrier: CarrierSchema,
  referenceItem: BillingReferenceItemSchema,
  diagnosis: DiagnosisSchema,
  claimRow: ClaimRowSchema,
  prescription: PrescriptionSchema,
  pharmacy: PharmacySchema,
  emrSection: emrSectionReadSchema(AllergiesDataSchema),
  device: DeviceSchema,
  recording: RecordingSchema,
  surveyResponse: SurveyResponseSchema,
  pushEndpoint: PushEndpointSchema,
  notification: NotificationSchema,
  visitMessage: VisitMessageSchema,
  webhookEnvelope: WebhookEnvelopeSchema,
};

const MISSING = Symbol('missing');
type Variant = { name: string; value: unknown };

/** The values a spec-conformant server plausibly sends for a field of each kind. */
function variantsOf(field: FieldSpec): Variant[] {
  const base: Variant[] = (() => {
    switch (field.kind) {
      case 'id':
        return [
          { name: 'string id', value: 'rec-1' },
          { name: 'numeric id', value: 42 },
        ];
      case 'ref':
        return [
          { name: 'string id', value: 'rec-2' },
          { name: 'numeric id', value: 7 },
          { name: 'unset 0', value: 0 },
          { name: 'unset "0"', value: '0' },
          { name: 'unset ""', value: '' },
          { name: 'unset null', value: null },
        ];
      case 'word':
        return [{ name: 'text', value: 'sample.word' }];
      case 'text':
        return [
          { name: 'text', value: 'Sample' },
          { name: 'number as text', value: 12345 },
        ];
      case 'flag':
        return [true, false, 0, 1, '0', '1', 'true', 'false'].map((value) => ({
          name: `flag ${JSON.stringify(value)}`,
          value,
        }));
      case 'int':
        return [
          { name: 'integer', value: 3 },
          { name: 'numeric string', value: '3' },
        ];
      case 'num':
        return [
          { name: 'number', value: 2.5 },
          { name: 'numeric string', value: '2.5' },
        ];
      case 'time':
        return [
          { name: 'seconds', value: 1_700_000_000 },
          { name: 'seconds with fraction', value: 1_700_000_000.25 },
          { name: 'milliseconds', value: 1_700_000_000_123 },
          { name: 'numeric string', value: '1700000000' },
          { name: 'ISO text', value: '2023-11-14T22:13:20Z' },
        ];
      case 'ms':
        return [
          { name: 'milliseconds', value: 1_700_000_000_123 },
          { name: 'numeric string', value: '1700000000123' },
        ];
      case 'obj':
        return [{ name: 'object', value: field.sample }];
      case 'list':
        return [
          { name: 'list', value: field.sample },
          { name: 'empty list', value: [] },
        ];
      case 'oneOf':
        return field.values.map((value) => ({ name: `value ${JSON.stringify(value)}`, value }));
    }
  })();
  if (field.required) return base;
  return [...base, { name: 'null', value: null }, { name: 'missing', value: MISSING }];
}

function payloadOf(fields: Record<string, unknown>, extra: boolean): Record<string, unknown> {
  const payload: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(fields)) if (value !== MISSING) payload[key] = value;
  if (extra) payload.field_this_client_does_not_know = { nested: [1, 'two'] };
  return payload;
}

/** The parsed record keeps the types the portal reads: ids as text, flags as booleans, seconds. */
function checkOutput(name: SpecRecordName, output: unknown): void {
  const fields: Record<string, FieldSpec> = SPEC_RECORDS[name].fields;
  const record = output as Record<string, unknown>;
  for (const [key, field] of Object.entries(fields)) {
    const value = record[key];
    if (value === undefined || value === null) continue;
    if (field.kind === 'id') expect(typeof value, `${name}.${key}`).toBe('string');
    if (field.kind === 'flag' && name !== 'availableSlot')
      expect(typeof value, `${name}.${key}`).toBe('boolean');
    if (field.kind === 'int' || field.kind === 'num') expect(typeof value, `${name}.${key}`).toBe('number');
    if (field.kind === 'time' && !field.keptAsSent) {
      expect(typeof value, `${name}.${key}`).toBe('number');
      expect(value as number, `${name}.${key} in seconds`).toBeLessThan(1e11);
    }
  }
}

const accepted = new Map<SpecRecordName, { accepted: number; total: number; refused: string[] }>();

describe('response schemas accept what a spec-conformant server sends', () => {
  for (const name of Object.keys(SPEC_RECORDS) as SpecRecordName[]) {
    const table = SPEC_RECORDS[name];
    const schema = SCHEMAS[name];
    const fields: Record<string, FieldSpec> = table.fields;

    it(`${name} (spec ${table.section}): every single-field variant`, () => {
      const baseline = Object.fromEntries(
        Object.entries(fields).map(([key, field]) => [key, variantsOf(field)[0]?.value]),
      );
      const tally = { accepted: 0, total: 0, refused: [] as string[] };
      for (const [key, field] of Object.entries(fields)) {
        for (const variant of variantsOf(field)) {
          tally.total += 1;
          const result = schema.safeParse(payloadOf({ ...baseline, [key]: variant.value }, false));
          if (result.success) {
            tally.accepted += 1;
            checkOutput(name, result.data);
          } else {
            tally.refused.push(`${key}: ${variant.name}`);
          }
        }
      }
      tally.total += 1;
      if (schema.safeParse(payloadOf(baseline, true)).success) tally.accepted += 1;
      else tally.refused.push('unknown extra field');
      accepted.set(name, tally);
      expect(tally.refused).toEqual([]);
    });

    it(`${name} (spec ${table.section}): any mix of variants`, () => {
      const arbitrary = fc.record(
        Object.fromEntries(
          Object.entries(fields).map(([key, field]) => [
            key,
            fc.constantFrom(...variantsOf(field).map((variant) => variant.value)),
          ]),
        ),
      );
      fc.assert(
        fc.property(arbitrary, fc.boolean(), (fieldValues, extra) => {
          const result = schema.safeParse(payloadOf(fieldValues, extra));
          expect(result.success, JSON.stringify(result.error?.issues[0] ?? null)).toBe(true);
          checkOutput(name, result.data);
        }),
        { numRuns: 150 },
      );
    });
  }

  afterAll(() => {
    const rows = [...accepted].map(
      ([name, tally]) => `${name.padEnd(16)} ${String(tally.accepted).padStart(3)} / ${tally.total}`,
    );
    console.log(
      `Payload variants accepted per schema (single-field variants + unknown field):\n${rows.join('\n')}`,
    );
  });
});
