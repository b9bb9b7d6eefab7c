import { AUTH_MESSAGES } from '@bosun/shared';
import { useDocumentTitle } from '@mantine/hooks';
import { useEffect } from 'react';
import { useParams } from 'react-router';
import { AccessDenied } from '../../components/ui/access-denied';
import { hasPermission, useCurrentUser } from '../../features/auth';
import { ProductDetailView } from '../../features/products';

export default function ProductDetailRoute() {
  const { id } = useParams();
  useDocumentTitle('Product · Bosun');
  const user = useCurrentUser();
  // The variations screen is one click away: its code loads now, so the click waits only for its data.
  useEffect(() => {
    void import('./product-variations');
  }, []);
  if (!hasPermission(user, 'products')) return <AccessDenied message={AUTH_MESSAGES.accessDeniedPage} />;
  return <ProductDetailView id={/^\d+$/.test(id ?? '') ? Number(id) : NaN} />;
}
