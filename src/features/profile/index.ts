export { ProfilePage } from './profile-page';
export { ProfileTodosPanel, profileTodos } from './home/profile-todos-panel';
