export { UsersView } from './components/users-view';
