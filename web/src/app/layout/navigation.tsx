import type { User } from '@bosun/shared';
import { IconBuildingStore, IconCategory, IconHistory, IconLayoutDashboard, IconPackage, IconSettings, IconUsers } from '@tabler/icons-react';
import type { NavItem } from '../../components/layouts/app-shell-layout';
import { hasPermission, isAdmin } from '../../features/auth';

const ICON_SIZE = 20;

/** The sidebar entries of SPEC §2 Shell, in order; Users only for admins, Recent changes (issue 20) with the products permission. */
export function navigationFor(user: User): NavItem[] {
  const items: (NavItem | false)[] = [
    { label: 'Dashboard', to: '/dashboard', icon: <IconLayoutDashboard size={ICON_SIZE} /> },
    { label: 'Products', to: '/products', icon: <IconPackage size={ICON_SIZE} /> },
    { label: 'Categories', to: '/categories', icon: <IconCategory size={ICON_SIZE} /> },
    { label: 'Vendors', to: '/vendors', icon: <IconBuildingStore size={ICON_SIZE} /> },
    hasPermission(user, 'products') && { label: 'Recent changes', to: '/changes', icon: <IconHistory size={ICON_SIZE} /> },
    isAdmin(user) && { label: 'Users', to: '/users', icon: <IconUsers size={ICON_SIZE} /> },
    { label: 'Settings', to: '/settings', icon: <IconSettings size={ICON_SIZE} /> },
  ];
  return items.filter((item): item is NavItem => item !== false);
}
