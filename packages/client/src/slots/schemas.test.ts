import { describe, expect, it } from 'vitest';
import {
  AvailabilityQuerySchema,
  AvailabilitySchema,
  SlotDeleteResultSchema,
  SlotSchema,
} from './schemas.ts';

const slot = {
  id: 's-1',
  provider_id: 'p-1',
  account_code: 'clinic',
  start: 1700000000,
  end: 1700000900,
  group_id: 'g-1',
  status: 10,
  modified: 1699990000,
  created: 1699990000,
  group: {
    id: 'g-1',
    date_start: '1699920000',
    date_end: '1702512000',
    time_start: '1699952400',
    time_end: '1699981200',
    repeat: true,
    repeat_day: ['monday', 'wednesday'],
    repeat_week: 1,
    visit_type: 'one',
    consultation: { id: 'c-1', duration: 15, visible_to_patient: 1 },
    timezone: 'America/New_York',
  },
  provider: {
    id: 'p-1',
    username: 'provider1',
    full_name: 'Dr Sample',
    specialties: ['gp'],
    states_serviced: ['NY'],
    clinics: ['clinic'],
    rooms: [{ id: 'room-1', code: 'main', name: 'Main room' }],
  },
  account: { id: 'acc-1', name: 'Sample Clinic', domain: 'clinic.example.test', code: 'clinic' },
};

describe('slot schemas', () => {
  it('parses a slot with its group and turns string times into numbers', () => {
    const parsed = SlotSchema.parse(slot);
    expect(parsed.group?.time_start).toBe(1699952400);
    expect(parsed.group?.consultation?.visible_to_patient).toBe(true);
  });

  it('passes unknown fields through', () => {
    expect(SlotSchema.parse({ ...slot, color: 'green' })['color']).toBe('green');
  });

  it('refuses a slot without a start', () => {
    const { start: _start, ...withoutStart } = slot;
    expect(SlotSchema.safeParse(withoutStart).error?.issues[0]?.path).toEqual(['start']);
  });

  it('parses availability, including an empty slot_data sent as []', () => {
    const availability = AvailabilitySchema.parse({
      slots: [
        {
          slot_id: 's-1',
          slot_start: 1700000000,
          slot_end: 1700000900,
          slot_booked: 0,
          slot_available: 1,
          group_id: 'g-1',
        },
      ],
      slot_data: {
        's-1': { id: 's-1', provider_id: 'p-1', start: 1700000000, consultation: { duration: 15, slots: 1 } },
      },
    });
    expect(availability.slot_data['s-1']?.consultation?.slots).toBe(1);
    expect(AvailabilitySchema.parse({ slots: [], slot_data: [] }).slot_data).toEqual({});
    expect(AvailabilitySchema.safeParse({ slot_data: {} }).error?.issues[0]?.path).toEqual(['slots']);
  });

  it('needs a room code for availability unless an intake is given', () => {
    expect(AvailabilityQuerySchema.safeParse({ start: 1, end: 2, intake_id: 'intake-1' }).success).toBe(true);
    expect(AvailabilityQuerySchema.safeParse({ start: 1, end: 2 }).error?.issues[0]?.path).toEqual([
      'room_code',
    ]);
  });

  it('parses the delete result', () => {
    expect(SlotDeleteResultSchema.parse({ slot_deleted: 1, group_deleted: '0' })).toEqual({
      slot_deleted: 1,
      group_deleted: 0,
    });
  });
});
