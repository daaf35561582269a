export { RoomDetail } from './room-detail';
export { RoomList } from './room-list';
