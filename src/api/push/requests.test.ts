import { describe, expect, it } from 'vitest';
import { createAppContext } from '@/app/create-app';
import { db } from '@telehealth/mock/db';
import { sessionFor } from '~test/render';
import {
  deletePushEndpoint,
  getNotificationBadge,
  listNotifications,
  listPushEndpoints,
  registerPushEndpoint,
} from '@telehealth/client/push/requests';
import { SEED_USERS } from '@telehealth/mock/seed/ids';

function signIn() {
  const context = createAppContext(window.sessionStorage);
  context.session.signIn(sessionFor('demo-patient'));
  return context;
}

describe('push requests through the API layer', () => {
  it('registers an Android endpoint as the mobile app would, lists it by type and deletes it', async () => {
    signIn();
    const endpoint = await registerPushEndpoint({ key: 'fcm-new-phone', type: 40 });
    expect(endpoint).toMatchObject({ key: 'fcm-new-phone', type: 40, user_id: SEED_USERS.patient });
    expect(db.endpoints.get(endpoint.id)).toMatchObject({ key: 'fcm-new-phone', type: 40 });
    const google = await listPushEndpoints(40);
    expect(google.map((e) => e.key)).toContain('fcm-new-phone');
    expect(google.every((e) => e.type === 40)).toBe(true);
    expect(await deletePushEndpoint(endpoint.id)).toEqual({ id: endpoint.id });
    expect(db.endpoints.has(endpoint.id)).toBe(false);
  });

  it('refuses the email type on registration with a 400', async () => {
    signIn();
    await expect(registerPushEndpoint({ key: 'x', type: 10 as 30 })).rejects.toMatchObject({
      kind: 'http',
      status: 400,
    });
  });

  it('pages notifications with last and reads the badge', async () => {
    signIn();
    const first = await listNotifications({ size: 5 });
    const older = await listNotifications({ size: 5, last: Math.min(...first.map((n) => n.mtime)) });
    expect(first).toHaveLength(5);
    expect(older[0]!.mtime).toBeLessThan(first[4]!.mtime);
    expect(await getNotificationBadge()).toBe(6);
  });
});
