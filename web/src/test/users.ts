import type { User } from '@bosun/shared';

/** The signed-in users of the web tests: an admin, and a shop_manager without the settings permission. */
export const admin: User = {
  id: 1,
  username: 'admin',
  email: 'admin@example.com',
  role: 'admin',
  status: 'active',
  permissions: { products: true, categories: true, vendors: true, settings: true },
  preferences: {},
  created_at: '2025-01-01T00:00:00.000Z',
  updated_at: '2025-01-01T00:00:00.000Z',
};
export const manager: User = { ...admin, id: 2, username: 'deckhand', role: 'shop_manager', permissions: { ...admin.permissions, settings: false } };
