import { AUTH_MESSAGES } from '@bosun/shared';
import { useDocumentTitle } from '@mantine/hooks';
import { AccessDenied } from '../../components/ui/access-denied';
import { hasPermission, useCurrentUser } from '../../features/auth';
import { DeletedProductsView } from '../../features/history';

export default function DeletedProductsRoute() {
  useDocumentTitle('Recently deleted · Bosun');
  const user = useCurrentUser();
  if (!hasPermission(user, 'products')) return <AccessDenied message={AUTH_MESSAGES.accessDeniedPage} />;
  return <DeletedProductsView />;
}
