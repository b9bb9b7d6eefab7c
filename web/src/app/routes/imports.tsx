import { AUTH_MESSAGES } from '@bosun/shared';
import { useDocumentTitle } from '@mantine/hooks';
import { AccessDenied } from '../../components/ui/access-denied';
import { hasPermission, useCurrentUser } from '../../features/auth';
import { ImportsView } from '../../features/history';

export default function ImportsRoute() {
  useDocumentTitle('Imports · Bosun');
  const user = useCurrentUser();
  if (!hasPermission(user, 'products')) return <AccessDenied message={AUTH_MESSAGES.accessDeniedPage} />;
  return <ImportsView />;
}
