import { Suspense } from 'react';
import { Outlet } from 'react-router';
import { AppShellLayout } from '../../components/layouts/app-shell-layout';
import { ContentLoader } from '../../components/ui/loaders';
import { UserMenu, useCurrentUser, useSidebarCollapsed } from '../../features/auth';
import { GlobalSearch } from '../../features/products';
import { CompanyBrand } from '../../features/settings';
import { navigationFor } from './navigation';

/** The signed-in shell: sidebar, header with search and user menu, and the page. */
export default function AppLayout() {
  const user = useCurrentUser();
  const [collapsed, toggleCollapsed] = useSidebarCollapsed();
  return (
    <AppShellLayout
      navItems={navigationFor(user)}
      collapsed={collapsed}
      onToggleCollapsed={toggleCollapsed}
      renderBrand={(compact) => <CompanyBrand compact={compact} />}
      headerCenter={<GlobalSearch />}
      headerEnd={<UserMenu />}
    >
      <Suspense fallback={<ContentLoader />}>
        <Outlet />
      </Suspense>
    </AppShellLayout>
  );
}
