import type { User } from '@bosun/shared';
import { IconArrowsSplit2, IconBuildingStore, IconCategory, IconHistory, IconLayoutDashboard, IconPackage, IconSettings, IconUsers } from '@tabler/icons-react';
import type { NavItem } from '../../components/layouts/app-shell-layout';
import { hasPermission, isAdmin } from '../../features/auth';

const ICON_SIZE = 20;

const waitingLabel = (count: number) => `${count} ${count === 1 ? 'account' : 'accounts'} waiting for approval`;

/**
 * The sidebar entries of SPEC §2 Shell, in order, each only for someone who may open its page
 * (issue 24: no entry that answers 'Access Denied'). Dashboard and Settings (read-only without
 * the settings flag) are for everyone; Users for admins, with the count of accounts waiting.
 */
export function navigationFor(user: User, pendingUsers = 0): NavItem[] {
  const items: (NavItem | false)[] = [
    { label: 'Dashboard', to: '/dashboard', icon: <IconLayoutDashboard size={ICON_SIZE} /> },
    hasPermission(user, 'products') && { label: 'Products', to: '/products', icon: <IconPackage size={ICON_SIZE} /> },
    hasPermission(user, 'categories') && { label: 'Categories', to: '/categories', icon: <IconCategory size={ICON_SIZE} /> },
    hasPermission(user, 'categories') && { label: 'Category mapping', to: '/category-mapping', icon: <IconArrowsSplit2 size={ICON_SIZE} /> },
    hasPermission(user, 'vendors') && { label: 'Vendors', to: '/vendors', icon: <IconBuildingStore size={ICON_SIZE} /> },
    hasPermission(user, 'products') && { label: 'Recent changes', to: '/changes', icon: <IconHistory size={ICON_SIZE} /> },
    isAdmin(user) && {
      label: 'Users',
      to: '/users',
      icon: <IconUsers size={ICON_SIZE} />,
      ...(pendingUsers > 0 ? { badge: { count: pendingUsers, label: waitingLabel(pendingUsers) } } : {}),
    },
    { label: 'Settings', to: '/settings', icon: <IconSettings size={ICON_SIZE} /> },
  ];
  return items.filter((item): item is NavItem => item !== false);
}
