export { AdminTokenForm, AdminTokenGate, useAdminToken } from './token-gate';
export { RecordingsPage } from './recordings';
export { RoomPage } from './room-detail';
export { RoomsPage } from './rooms';
export { UserPage } from './user-detail';
export { UsersPage } from './user-directory';
export { WebhooksPage } from './webhooks';
