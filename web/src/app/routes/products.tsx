import { AUTH_MESSAGES } from '@bosun/shared';
import { useDocumentTitle } from '@mantine/hooks';
import { AccessDenied } from '../../components/ui/access-denied';
import { hasPermission, useCurrentUser } from '../../features/auth';
import { ProductsView } from '../../features/products';

export default function ProductsRoute() {
  useDocumentTitle('Products · Bosun');
  const user = useCurrentUser();
  if (!hasPermission(user, 'products')) return <AccessDenied message={AUTH_MESSAGES.accessDeniedPage} />;
  return <ProductsView />;
}
