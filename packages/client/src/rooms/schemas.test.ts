import { describe, expect, it } from 'vitest';
import {
  CreateRoomInputSchema,
  RoomProviderDetailSchema,
  RoomQueueSchema,
  RoomSchema,
  RoomSummarySchema,
  UserRoomAssociationSchema,
  estimatedWaitSeconds,
} from './schemas.ts';

const roomDetail = {
  id: 'room-1',
  code: 'main',
  slug: 'main-room',
  name: 'Main room',
  domain: 'clinic.example.test',
  active: true,
  users: 'u-1,u-2',
  account_code: 'clinic',
  provider_ids: ['p-1', 2],
  public_access_room: 0,
  created: 1700000000,
  modified: '1700000100',
  subtitle: 'Sample subtitle',
  description: 'Sample description',
  specialties: [{ code: 'gp', name: 'General practice', duration: 15 }],
  visits: { walkin: { enabled: true }, appointment: { enabled: '1' } },
  auth: { guest: { type: 1, log_in: { enabled: false } } },
  payment: {
    paymentCurrency: 'usd',
    consultations: [
      {
        id: 'c-1',
        description: 'Standard',
        duration: 15,
        amount: '25.00',
        group: false,
        charge: true,
        slots: 1,
      },
    ],
  },
  operation_settings: {
    is_closed: false,
    close_msg: '',
    close_message: { html: '<p>Closed</p>' },
    closed_days: ['saturday', 'sunday'],
    default_timezone: 'America/New_York',
    is_closed_now: false,
    is_open_all_time: false,
    is_scheduled_closed: false,
  },
};

describe('room schemas', () => {
  it('parses a room detail and normalises its loose fields', () => {
    const room = RoomSchema.parse(roomDetail);
    expect(room.users).toEqual(['u-1', 'u-2']);
    expect(room.provider_ids).toEqual(['p-1', '2']);
    expect(room.public_access_room).toBe(false);
    expect(room.modified).toBe(1700000100);
    expect(room.visits?.appointment?.enabled).toBe(true);
    expect(room.payment?.consultations?.[0]?.amount).toBe(25);
  });

  it('passes unknown fields through', () => {
    const room = RoomSchema.parse({ ...roomDetail, theme: { color: 'blue' } });
    expect(room['theme']).toEqual({ color: 'blue' });
  });

  it('refuses a room detail without an id', () => {
    const { id: _id, ...withoutId } = roomDetail;
    const result = RoomSchema.safeParse(withoutId);
    expect(result.error?.issues.map((issue) => issue.path)).toContainEqual(['id']);
  });

  it('lists rooms by code, as the list carries no id', () => {
    expect(RoomSummarySchema.parse({ code: 'main', name: 'Main room', slug: 'main-room' }).code).toBe('main');
    const result = RoomSummarySchema.safeParse({ name: 'Main room' });
    expect(result.error?.issues.map((issue) => issue.path)).toContainEqual(['code']);
  });

  it('puts an association `_id` onto `id`', () => {
    const association = UserRoomAssociationSchema.parse({
      _id: 'a-1',
      code: 'main',
      name: 'Main room',
      default: 1,
      added_time: 1700000000,
    });
    expect(association).toMatchObject({ id: 'a-1', default: true });
    expect(association).not.toHaveProperty('_id');
  });

  it('estimates the wait from the queue', () => {
    const queue = RoomQueueSchema.parse({ length: 3, capacity: 10, average_visit_time: 600, before_me: 2 });
    expect(estimatedWaitSeconds(queue)).toBe(1200);
    expect(RoomQueueSchema.safeParse({ average_visit_time: 600 }).error?.issues[0]?.path).toEqual([
      'before_me',
    ]);
  });

  it('parses a provider detail', () => {
    const provider = RoomProviderDetailSchema.parse({ id: 9, subtype: 482, first_name: 'Sam', active: '1' });
    expect(provider).toMatchObject({ id: '9', subtype: '482', active: true });
  });

  it('requires domain and name to create a room', () => {
    const result = CreateRoomInputSchema.safeParse({ domain: 'clinic.example.test', name: ' ' });
    expect(result.error?.issues.map((issue) => issue.path)).toEqual([['name']]);
  });
});
