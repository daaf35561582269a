import { describe, expect, it } from 'vitest';
import {
  BookVisitInputSchema,
  VisitFilterSchema,
  VisitSchema,
  visitIntakeId,
  visitStatusLabel,
} from './schemas.ts';

const person = {
  id: 'u-1',
  first_name: 'Pat',
  last_name: 'Sample',
  full_name: 'Pat Sample',
  email: 'pat@example.test',
  phone: '5550100',
  code: 'pat-1',
};

const visit = {
  id: 'v-1',
  member_id: 'u-1',
  provider_id: 0,
  account_code: 'clinic',
  code: 'vc-1',
  start: 1700000000,
  end: 1700000900,
  actual_start: null,
  actual_end: null,
  type: 2,
  status: 20,
  room_id: 'room-1',
  room_code: 'main',
  created: 1699990000,
  modified: 1699990000,
  incharge: false,
  isEditExpired: 0,
  hosts: [],
  intake_id: 'intake-1',
  provider: null,
  member: person,
  account: { code: 'clinic', name: 'Sample Clinic' },
  meeting: {
    recording_auto_start: true,
    phone_numbers: { US: ['+1 555 0100'] },
    hosts: ['p-1'],
    expiry: 1700003600,
    conference_pin: 1234,
    meeting_id: 'm-1',
  },
  recordings: { count: 1, data: [{ id: 3, visit_id: 'v-1', start: 1700000000, end: 1700000900 }] },
};

describe('visit schemas', () => {
  it('parses a visit with an unassigned provider', () => {
    const parsed = VisitSchema.parse(visit);
    expect(parsed.provider_id).toBeNull();
    expect(parsed.isEditExpired).toBe(false);
    expect(parsed.meeting?.conference_pin).toBe('1234');
    expect(parsed.recordings?.data[0]?.id).toBe(3);
    expect(visitIntakeId(parsed)).toBe('intake-1');
  });

  it('takes the intake id from an embedded intake', () => {
    const { intake_id: _intakeId, ...rest } = visit;
    const parsed = VisitSchema.parse({ ...rest, intake: { id: 'intake-2', reason_for_visit: 'Sample' } });
    expect(visitIntakeId(parsed)).toBe('intake-2');
  });

  it('passes unknown fields through', () => {
    expect(VisitSchema.parse({ ...visit, priority: 'high' })['priority']).toBe('high');
  });

  it('refuses a visit without a status', () => {
    const { status: _status, ...withoutStatus } = visit;
    expect(VisitSchema.safeParse(withoutStatus).error?.issues[0]?.path).toEqual(['status']);
  });

  it('labels known and unknown statuses', () => {
    expect(visitStatusLabel(25)).toBe('In progress');
    expect(visitStatusLabel(40)).toBe('Cancelled');
    expect(visitStatusLabel(99)).toBe('Unknown status');
  });

  it('accepts only spec statuses in the list filter', () => {
    expect(VisitFilterSchema.safeParse({ status: 30, fields: ['recordings'] }).success).toBe(true);
    expect(VisitFilterSchema.safeParse({ status: 15 }).error?.issues[0]?.path).toEqual(['status']);
  });

  it('refuses a booking that ends before it starts', () => {
    const result = BookVisitInputSchema.safeParse({
      slot_start: 1700000900,
      slot_end: 1700000000,
      room_code: 'main',
      type: 2,
      intake_id: 'intake-1',
    });
    expect(result.error?.issues[0]?.path).toEqual(['slot_end']);
  });
});
