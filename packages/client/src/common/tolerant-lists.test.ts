import { afterEach, beforeEach, describe, expect, it, vi, type MockInstance } from 'vitest';
import type { z } from 'zod';
import { AccountSchema } from '../accounts/schemas.ts';
import { PaymentSourceSchema } from '../billing/schemas.ts';
import { DeviceSchema } from '../health/schemas.ts';
import { PharmacySchema, PrescriptionSchema } from '../erx/schemas.ts';
import { FileRecordSchema } from '../files/schemas.ts';
import {
  BillingReferenceItemSchema,
  CarrierSchema,
  ClaimRowSchema,
  DiagnosisSchema,
  InsuranceCardListBodySchema,
} from '../insurance/schemas.ts';
import { VisitMessagePageSchema } from '../messages/schemas.ts';
import { NotificationSchema, PushEndpointSchema } from '../push/schemas.ts';
import { RoomProviderSchema, RoomSummarySchema, UserRoomAssociationSchema } from '../rooms/schemas.ts';
import { AvailabilitySchema, SlotSchema } from '../slots/schemas.ts';
import { SurveyResponseListBodySchema } from '../surveys/schemas.ts';
import { UserListSchema, UserSchema } from '../users/schemas.ts';
import { VisitSchema } from '../visits/schemas.ts';
import { TimestampSchema, droppedRows, resetMalformedRowReports, tolerantList } from './schemas.ts';

/** A good row and a malformed one (its identity missing, with a value that must never be logged). */
interface ListCase {
  name: string;
  /** Parses a list of rows as that answer's schema does, returning the kept rows. */
  parse: (rows: unknown[]) => unknown[];
  good: Record<string, unknown>;
  bad: Record<string, unknown>;
}

const SECRET = 'Jane Patient-Secret';

function rowList(schema: z.ZodType, label: string) {
  return (rows: unknown[]) => tolerantList(schema, label).parse(rows);
}

const CASES: ListCase[] = [
  {
    name: 'visits (GET /visits)',
    parse: rowList(VisitSchema, 'visits'),
    good: { id: 'v-1', status: 20, room_id: null },
    bad: { id: 'v-2', status: SECRET },
  },
  {
    name: 'users (GET /users)',
    parse: (rows) => UserListSchema.parse({ data: rows, total_count: rows.length }).data,
    good: { id: 7, active: 1 },
    bad: { first_name: SECRET },
  },
  {
    name: 'visit messages',
    parse: (rows) => VisitMessagePageSchema.parse({ data: rows, total_count: '2' }).data,
    good: { id: 'm-1', actor: { id: 1, type: '200', display_name: 'Sam' }, content: 'Hi', created: 1.5 },
    bad: { id: 'm-2', content: SECRET },
  },
  {
    name: 'survey responses',
    parse: (rows) => SurveyResponseListBodySchema.parse({ data: rows, total_count: 2 }).data,
    good: { id: 1, survey_code: 'post_visit_survey', data: null },
    bad: { id: 2, survey_code: SECRET },
  },
  {
    name: 'insurance cards',
    parse: (rows) => InsuranceCardListBodySchema.parse({ data: rows, version: '2.0' }).data,
    good: { card_type: 'primary', consent: '1' },
    bad: { card_type: SECRET },
  },
  {
    name: 'available times (GET /availability)',
    parse: (rows) => AvailabilitySchema.parse({ slots: rows, slot_data: [] }).slots,
    good: { slot_id: 1, slot_start: '1700000000', slot_end: 1700000900 },
    bad: { slot_id: 2, slot_start: SECRET },
  },
  {
    name: 'prescriptions',
    parse: rowList(PrescriptionSchema, 'prescriptions'),
    good: { ID: 1, Drug: 'Sample' },
    bad: { ID: 2, Directions: SECRET },
  },
  {
    name: 'pharmacies',
    parse: rowList(PharmacySchema, 'pharmacies'),
    good: { code: 10, name: 'Corner pharmacy', is_default: 0 },
    bad: { name: SECRET },
  },
  {
    name: 'claims',
    parse: rowList(ClaimRowSchema, 'claims'),
    good: { id: 'v-1' },
    bad: { patient_name: SECRET },
  },
  {
    name: 'insurance carriers',
    parse: rowList(CarrierSchema, 'insurance carriers'),
    good: { code: 'c1', name: 'Carrier' },
    bad: { name: SECRET },
  },
  {
    name: 'billing reference items',
    parse: rowList(BillingReferenceItemSchema, 'billing reference items'),
    good: { id: 1, text: 'Item' },
    bad: { text: SECRET },
  },
  {
    name: 'diagnoses',
    parse: rowList(DiagnosisSchema, 'diagnoses'),
    good: { code: 'A00', description: null },
    bad: { description: SECRET },
  },
  {
    name: 'rooms (GET /rooms)',
    parse: rowList(RoomSummarySchema, 'rooms'),
    good: { code: 'general', name: 'General' },
    bad: { name: SECRET },
  },
  {
    name: 'room providers',
    parse: rowList(RoomProviderSchema, 'room providers'),
    good: { id: 4, first_name: 'Dr' },
    bad: { first_name: SECRET },
  },
  {
    name: 'room associations',
    parse: rowList(UserRoomAssociationSchema, 'room associations'),
    good: { _id: 3, code: 'general', name: 'General', default: '1' },
    bad: { code: 'x', source: SECRET },
  },
  {
    name: 'slots',
    parse: rowList(SlotSchema, 'slots'),
    good: { id: 1, start: 1700000000, end: '1700000900' },
    bad: { id: 2, start: SECRET, end: 1 },
  },
  {
    name: 'files',
    parse: rowList(FileRecordSchema, 'files'),
    good: { id: 1, name: 'scan.pdf', is_deletable: 1 },
    bad: { id: 2, ext: SECRET },
  },
  {
    name: 'payment sources',
    parse: rowList(PaymentSourceSchema, 'payment sources'),
    good: { id: 'card_1', exp_month: '4' },
    bad: { brand: SECRET },
  },
  {
    name: 'push endpoints',
    parse: rowList(PushEndpointSchema, 'push endpoints'),
    good: { id: 1, key: 'k', type: '30' },
    bad: { id: 2, key: SECRET, type: 99 },
  },
  {
    name: 'notifications',
    parse: rowList(NotificationSchema, 'notifications'),
    good: { id: 1, mtime: '1700000000123', read: 0 },
    bad: { id: 2, title: SECRET },
  },
];

describe('a list answer keeps its good rows when one is malformed', () => {
  let warn: MockInstance<typeof console.warn>;
  beforeEach(() => {
    resetMalformedRowReports();
    warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
  });
  afterEach(() => warn.mockRestore());

  for (const listCase of CASES) {
    it(listCase.name, () => {
      const kept = listCase.parse([listCase.good, listCase.bad, listCase.good]);
      expect(kept).toHaveLength(2);
      expect(droppedRows(kept)).toBe(1);
      expect(droppedRows(listCase.parse([listCase.good]))).toBe(0);
      expect(warn).toHaveBeenCalledTimes(1);
      const logged = warn.mock.calls.flat().map(String).join(' ');
      expect(logged).not.toContain(SECRET);
      expect(logged).toMatch(/Left out a malformed row of .+ \(.+: \w+/);
    });
  }

  it('reports the same problem once, and names only field paths and issue codes', () => {
    const parse = rowList(VisitSchema, 'visits');
    parse([{ id: 'v-1', status: SECRET }]);
    parse([
      { id: 'v-9', status: SECRET },
      { id: 'v-8', status: SECRET },
    ]);
    expect(warn).toHaveBeenCalledTimes(1);
    expect(warn.mock.calls[0]?.join(' ')).toBe('Left out a malformed row of visits (status: invalid_union)');
  });

  it('keeps the count off the enumerable keys, so the rows compare and serialise as a plain list', () => {
    const kept = rowList(FileRecordSchema, 'files')([{ id: 1, name: 'a' }, { id: 2 }]);
    expect(kept).toEqual([{ id: '1', name: 'a' }]);
    expect(JSON.stringify(kept)).toBe('[{"id":"1","name":"a"}]');
  });
});

describe('answers an outside review found refused', () => {
  it('reads them, with the types the screens expect', () => {
    expect(VisitSchema.parse({ id: 9, status: '10', subtype: 4, room_id: null, start: null })).toMatchObject({
      id: '9',
      status: 10,
    });
    expect(UserSchema.parse({ id: 1, active: 1, tos: '0', email_verified: 'true' })).toMatchObject({
      active: true,
      tos: false,
      email_verified: true,
    });
    const account = AccountSchema.parse({
      id: 1,
      code: 'demo',
      name: 'Demo',
      waiting_room: { need_schedule: 0, show_code: '1' },
    });
    expect(account.waiting_room).toMatchObject({ need_schedule: false, show_code: true });
    expect(DeviceSchema.parse({ device_id: 5, type: 'maker_scale_v2' }).type).toBe('maker_scale_v2');
    expect(ClaimRowSchema.parse({ id: 'v-1' })).toMatchObject({ id: 'v-1', diagnosis_codes: [] });
  });

  it('normalises timestamps in milliseconds, numeric text and ISO text to seconds', () => {
    expect(TimestampSchema.parse(1_700_000_000_500)).toBe(1_700_000_000.5);
    expect(TimestampSchema.parse('1700000000')).toBe(1_700_000_000);
    expect(TimestampSchema.parse('2023-11-14T22:13:20Z')).toBe(1_700_000_000);
    expect(TimestampSchema.safeParse('soon').success).toBe(false);
  });
});
