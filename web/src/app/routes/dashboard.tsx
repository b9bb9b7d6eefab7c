import { useDocumentTitle } from '@mantine/hooks';
import { hasPermission, useCurrentUser } from '../../features/auth';
import { DashboardView } from '../../features/dashboard';

export default function DashboardRoute() {
  useDocumentTitle('Dashboard · Bosun');
  const user = useCurrentUser();
  return <DashboardView username={user.username} showQuality={hasPermission(user, 'products')} />;
}
