import { describe, expect, it } from 'vitest';
import { NotificationSchema, PushEndpointSchema, RegisterPushEndpointInputSchema } from './schemas.ts';

const endpoint = {
  id: 'e-1',
  key: 'device-token',
  user_id: 'u-1',
  type: 30,
  arn: 'arn:sample',
  created: 1700000000,
  modified: 1700000000,
};

const notification = {
  id: 'n-1',
  user_id: 'u-1',
  type: 'visit_reminder',
  time: 1700000000,
  mtime: 1700000000123,
  is_new: 1,
  read: false,
  title: 'Your visit starts soon',
  image: null,
};

describe('push schemas', () => {
  it('parses an endpoint and keeps unknown fields', () => {
    expect(PushEndpointSchema.parse({ ...endpoint, platform: 'ios' })).toMatchObject({
      type: 30,
      platform: 'ios',
    });
    expect(PushEndpointSchema.parse({ ...endpoint, type: '10', arn: undefined }).type).toBe(10);
  });

  it('refuses an endpoint of an unknown type', () => {
    expect(PushEndpointSchema.safeParse({ ...endpoint, type: 20 }).error?.issues[0]?.path).toEqual(['type']);
  });

  it('keeps notification mtime in milliseconds', () => {
    const parsed = NotificationSchema.parse(notification);
    expect(parsed.mtime).toBe(1700000000123);
    expect(parsed.is_new).toBe(true);
    const { mtime: _mtime, ...withoutMtime } = notification;
    expect(NotificationSchema.safeParse(withoutMtime).error?.issues[0]?.path).toEqual(['mtime']);
  });

  it('registers only the two push types', () => {
    expect(RegisterPushEndpointInputSchema.safeParse({ key: 'k', type: 40 }).success).toBe(true);
    expect(RegisterPushEndpointInputSchema.safeParse({ key: 'k', type: 10 }).error?.issues[0]?.path).toEqual([
      'type',
    ]);
  });
});
