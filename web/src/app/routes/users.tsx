import { AUTH_MESSAGES } from '@bosun/shared';
import { useDocumentTitle } from '@mantine/hooks';
import { AccessDenied } from '../../components/ui/access-denied';
import { isAdmin, useCurrentUser } from '../../features/auth';
import { UsersView } from '../../features/users';

export default function UsersRoute() {
  useDocumentTitle('Users · Bosun');
  const user = useCurrentUser();
  if (!isAdmin(user)) return <AccessDenied message={AUTH_MESSAGES.accessDeniedPage} />;
  return <UsersView currentUserId={user.id} accessDeniedMessage={AUTH_MESSAGES.accessDeniedPage} />;
}
