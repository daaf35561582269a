export { RoomDetail } from './room-detail';
export { RoomList } from './room-list';
export { SeeProviderNowPanel } from './home/see-provider-now-panel';
