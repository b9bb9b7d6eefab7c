import type { Role } from '@bosun/shared';

export const ROLE_LABELS: Record<Role, string> = {
  admin: 'Admin',
  shop_manager: 'Shop Manager',
};

export const ROLE_COLORS: Record<Role, string> = {
  admin: 'grape',
  shop_manager: 'blue',
};
