import { AUTH_MESSAGES } from '@bosun/shared';
import { useDocumentTitle } from '@mantine/hooks';
import { AccessDenied } from '../../components/ui/access-denied';
import { hasPermission, useCurrentUser } from '../../features/auth';
import { ImportProfilesView } from '../../features/import-profiles';

export default function ImportProfilesRoute() {
  useDocumentTitle('Import profiles · Bosun');
  const user = useCurrentUser();
  // The server's /api/import-profiles asks for the products permission, as the imports do.
  if (!hasPermission(user, 'products')) return <AccessDenied message={AUTH_MESSAGES.accessDeniedPage} />;
  return <ImportProfilesView />;
}
