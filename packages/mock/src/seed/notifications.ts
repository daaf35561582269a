import type { Db, EndpointRecord } from '../db.ts';
import { SEED_ENDPOINTS, SEED_FILES, SEED_USERS, SEED_VISITS, seedNotification } from './ids.ts';

const HOUR = 3600;

export function seedNotifications(db: Db, now: number): void {
  const titles = [
    'Your appointment is confirmed',
    'New message from your care team',
    'Your visit summary is ready',
    'Reminder: appointment tomorrow',
    'Your prescription was sent to the pharmacy',
    'Please complete a short survey',
    'New message from your care team',
    'Your insurance card was updated',
    'Your provider is ready',
    'Payment received',
    'New document available',
    'Reminder: complete your intake',
    'Welcome to Harborview Virtual Care',
    'Your e-consult was closed',
  ];
  // What each notification is about, where it says so (docs/spec-decisions.md, Notifications).
  const about: Record<number, { visit_id?: string; file_id?: string }> = {
    0: { visit_id: SEED_VISITS.upcoming },
    1: { visit_id: SEED_VISITS.econsultOpen },
    2: { visit_id: SEED_VISITS.completed },
    3: { visit_id: SEED_VISITS.upcoming },
    5: { visit_id: SEED_VISITS.completed },
    6: { visit_id: SEED_VISITS.econsultOpen },
    10: { file_id: SEED_FILES.visitSummary },
    13: { visit_id: SEED_VISITS.econsultClosed },
  };
  titles.forEach((title, i) => {
    const mtime = now - i * 7 * HOUR * 1000;
    db.notifications.set(seedNotification(i + 1), {
      id: seedNotification(i + 1),
      user_id: SEED_USERS.patient,
      type: i % 3 === 0 ? 'visit' : i % 3 === 1 ? 'message' : 'system',
      time: Math.floor(mtime / 1000),
      mtime,
      // One rule: a notification is new until it is read, so the badge counts the unread ones.
      is_new: i < 6,
      read: i >= 6,
      title,
      image: '',
      ...about[i],
    });
  });
  db.notifications.set('ntf_provider_1', {
    id: 'ntf_provider_1',
    user_id: SEED_USERS.provider,
    type: 'visit',
    time: Math.floor(now / 1000) - HOUR,
    mtime: now - HOUR * 1000,
    is_new: true,
    read: false,
    title: 'A patient is waiting in General practice',
    image: '',
  });

  // Registered notification endpoints besides the Apple phone of seed/records.ts: an email
  // address (type 10) and an Android phone.
  const t = Math.floor(now / 1000);
  const endpoints: Pick<EndpointRecord, 'id' | 'key' | 'type' | 'created'>[] = [
    { id: SEED_ENDPOINTS.email, key: 'casey.morgan@example.test', type: 10, created: t - 90 * 24 * HOUR },
    {
      id: SEED_ENDPOINTS.android,
      key: 'fcm-registration-id-demo-0002',
      type: 40,
      created: t - 5 * 24 * HOUR,
    },
  ];
  for (const e of endpoints) {
    db.endpoints.set(e.id, {
      ...e,
      user_id: SEED_USERS.patient,
      ...(e.type === 10
        ? {}
        : {
            arn: `arn:mock:sns:us-east-1:000000000000:endpoint/${e.type === 30 ? 'APNS' : 'GCM'}/demo/${e.id}`,
          }),
      modified: e.created,
    });
  }
}
