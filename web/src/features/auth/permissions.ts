import type { PermissionKey, User } from '@bosun/shared';

export const isAdmin = (user: User | null | undefined) => user?.role === 'admin';

/** Admins may do everything; a shop_manager only what their flag allows (ARCHITECTURE §4). */
export const hasPermission = (user: User | null | undefined, permission: PermissionKey) =>
  !!user && (user.role === 'admin' || user.permissions?.[permission] === true);
