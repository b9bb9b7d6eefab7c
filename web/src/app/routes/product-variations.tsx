import { AUTH_MESSAGES } from '@bosun/shared';
import { useDocumentTitle } from '@mantine/hooks';
import { useParams } from 'react-router';
import { AccessDenied } from '../../components/ui/access-denied';
import { hasPermission, useCurrentUser } from '../../features/auth';
import { VariationsView } from '../../features/variations';

export default function ProductVariationsRoute() {
  const { id } = useParams();
  useDocumentTitle('Variations · Bosun');
  const user = useCurrentUser();
  if (!hasPermission(user, 'products')) return <AccessDenied message={AUTH_MESSAGES.accessDeniedPage} />;
  return <VariationsView id={/^\d+$/.test(id ?? '') ? Number(id) : NaN} />;
}
