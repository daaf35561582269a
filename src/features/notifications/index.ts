export { NotificationList, truncateText } from './notification-list';
export { NotificationBadge, BADGE_POLL_MS } from './notification-badge';
export { DevicesSection, maskKey } from './devices-section';
