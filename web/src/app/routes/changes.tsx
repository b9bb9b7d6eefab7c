import { AUTH_MESSAGES } from '@bosun/shared';
import { useDocumentTitle } from '@mantine/hooks';
import { AccessDenied } from '../../components/ui/access-denied';
import { hasPermission, useCurrentUser } from '../../features/auth';
import { RecentChangesView } from '../../features/history';

export default function RecentChangesRoute() {
  useDocumentTitle('Recent changes · Bosun');
  const user = useCurrentUser();
  if (!hasPermission(user, 'products')) return <AccessDenied message={AUTH_MESSAGES.accessDeniedPage} />;
  return <RecentChangesView />;
}
