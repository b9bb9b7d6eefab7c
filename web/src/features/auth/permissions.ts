import type { PermissionKey, User } from '@bosun/shared';

export const isAdmin = (user: User | null | undefined) => user?.role === 'admin';

/** Admins may do everything; a shop_manager only what their flag allows (ARCHITECTURE §4). */
export const hasPermission = (user: User | null | undefined, permission: PermissionKey) =>
  !!user && user.status !== 'pending' && (user.role === 'admin' || user.permissions?.[permission] === true);

/**
 * Product work picks vendors and categories by name: the server answers those reads to the
 * products flag as well as the vendors / categories flag, and the vendor names to the categories
 * flag for a vendor's tree (issue 24). Changing them is not.
 */
export const canPickVendors = (user: User | null | undefined) =>
  hasPermission(user, 'products') || hasPermission(user, 'vendors') || hasPermission(user, 'categories');
export const canPickCategories = (user: User | null | undefined) => hasPermission(user, 'products') || hasPermission(user, 'categories');
