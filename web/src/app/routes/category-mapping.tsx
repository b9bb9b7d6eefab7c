import { AUTH_MESSAGES } from '@bosun/shared';
import { useDocumentTitle } from '@mantine/hooks';
import { AccessDenied } from '../../components/ui/access-denied';
import { hasPermission, useCurrentUser } from '../../features/auth';
import { CategoryMappingView } from '../../features/category-mapping';

export default function CategoryMappingRoute() {
  useDocumentTitle('Category mapping · Bosun');
  const user = useCurrentUser();
  if (!hasPermission(user, 'categories')) return <AccessDenied message={AUTH_MESSAGES.accessDeniedPage} />;
  return <CategoryMappingView />;
}
