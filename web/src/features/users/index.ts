export { UsersView } from './components/users-view';
export { usePendingUserCount } from './api/get-users';
