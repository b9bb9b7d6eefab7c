import { AUTH_MESSAGES } from '@bosun/shared';
import { useDocumentTitle } from '@mantine/hooks';
import { AccessDenied } from '../../components/ui/access-denied';
import { hasPermission, useCurrentUser } from '../../features/auth';
import { VendorsView } from '../../features/vendors';

export default function VendorsRoute() {
  useDocumentTitle('Vendors · Bosun');
  const user = useCurrentUser();
  if (!hasPermission(user, 'vendors')) return <AccessDenied message={AUTH_MESSAGES.accessDeniedPage} />;
  return <VendorsView accessDeniedMessage={AUTH_MESSAGES.accessDeniedPage} />;
}
