import { Suspense } from 'react';
import { Outlet } from 'react-router';
import { AppShellLayout } from '../../components/layouts/app-shell-layout';
import { ContentLoader } from '../../components/ui/loaders';
import { hasPermission, isAdmin, UserMenu, useCurrentUser, useSidebarCollapsed } from '../../features/auth';
import { GlobalSearch } from '../../features/products';
import { CompanyBrand } from '../../features/settings';
import { usePendingUserCount } from '../../features/users';
import { navigationFor } from './navigation';

/** The signed-in shell: sidebar, header with search and user menu, and the page. */
export default function AppLayout() {
  const user = useCurrentUser();
  const [collapsed, toggleCollapsed] = useSidebarCollapsed();
  const pendingUsers = usePendingUserCount({ enabled: isAdmin(user) });
  return (
    <AppShellLayout
      navItems={navigationFor(user, pendingUsers)}
      collapsed={collapsed}
      onToggleCollapsed={toggleCollapsed}
      renderBrand={(compact) => <CompanyBrand compact={compact} />}
      // The search reads products: without that permission it could only answer 'not allowed'.
      headerCenter={hasPermission(user, 'products') ? <GlobalSearch /> : undefined}
      headerEnd={<UserMenu />}
    >
      <Suspense fallback={<ContentLoader />}>
        <Outlet />
      </Suspense>
    </AppShellLayout>
  );
}
