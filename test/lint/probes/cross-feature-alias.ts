// Linted as src/features/documents/probe.ts: a feature importing another feature by alias.
import { NotificationList } from '@/features/notifications';

export const probe = NotificationList;
