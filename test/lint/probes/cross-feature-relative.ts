// Linted as src/features/documents/panels/probe.ts: a feature importing another feature by relative path.
import { NotificationList } from '../../notifications';
import { truncateText } from '../../../features/notifications/notification-list';

export const probe = [NotificationList, truncateText];
