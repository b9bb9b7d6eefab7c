import { DEFAULT_SHOP_MANAGER_PERMISSIONS, preferencesSchema, type Permissions, type Preferences, type User } from '@bosun/shared';
import type { UserRow } from '../../db/types.js';

type PermissionColumns = Pick<UserRow, 'perm_products' | 'perm_categories' | 'perm_vendors' | 'perm_settings'>;

const NO_PERMISSIONS: Permissions = { products: false, categories: false, vendors: false, settings: false };

/**
 * Admins hold every permission whatever their stored flags say; an account waiting for approval
 * holds none, whatever its role (a pending admin from ALLOW_ADMIN_SIGNUP included).
 */
export function permissionsOf(row: PermissionColumns & Pick<UserRow, 'role' | 'status'>): Permissions {
  if (row.status !== 'active') return NO_PERMISSIONS;
  if (row.role === 'admin') return { products: true, categories: true, vendors: true, settings: true };
  return {
    products: row.perm_products === 1,
    categories: row.perm_categories === 1,
    vendors: row.perm_vendors === 1,
    settings: row.perm_settings === 1,
  };
}

export function permissionColumns(permissions: Permissions = DEFAULT_SHOP_MANAGER_PERMISSIONS): PermissionColumns {
  return {
    perm_products: permissions.products ? 1 : 0,
    perm_categories: permissions.categories ? 1 : 0,
    perm_vendors: permissions.vendors ? 1 : 0,
    perm_settings: permissions.settings ? 1 : 0,
  };
}

function parsePreferences(json: string): Preferences {
  try {
    const parsed = preferencesSchema.safeParse(JSON.parse(json));
    return parsed.success ? parsed.data : {};
  } catch {
    return {};
  }
}

export function toUser(row: UserRow): User {
  return {
    id: row.id,
    username: row.username,
    email: row.email,
    role: row.role,
    status: row.status,
    permissions: permissionsOf(row),
    preferences: parsePreferences(row.preferences),
    created_at: row.created_at,
    updated_at: row.updated_at,
  };
}
