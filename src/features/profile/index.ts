export { ProfilePage, type ProfileAudience } from './profile-page';
export { ProfileTodosPanel, profileTodos } from './home/profile-todos-panel';
