import { CATEGORY_MESSAGES } from '@bosun/shared';

/** The texts of SPEC §8 'Categories' the screens show; the server's own messages come from CATEGORY_MESSAGES. */
export const CATEGORY_UI_MESSAGES = {
  ...CATEGORY_MESSAGES,
  loadFailed: 'Error loading categories',
  refreshed: 'Categories refreshed',
  loadFailedWithStatus: (status: number) => `Error loading categories (${status})`,
  timedOut: 'Request timed out. Please check your connection.',
  retrying: (attempt: number, attempts: number) => `Connection failed. Retrying... (${attempt}/${attempts})`,
  loadGaveUp: 'Failed to load categories after multiple attempts. Please check your connection and try again.',
  deleteFailed: 'Error deleting category',
  deleteFailedRetry: 'Error deleting category. Please try again.',
  bulkDeleteFailed: 'Error deleting categories',
  bulkDeleteFailedRetry: 'Error deleting categories. Please try again.',
  saveFailed: 'Error saving category',
  saveFailedRetry: 'Error saving category. Please try again.',
  mergeFailed: 'Error merging categories',
  navigating: (name: string) => `Navigating to products filtered by ${name}`,
  confirmDelete: (name: string) => `Are you sure you want to delete "${name}"? This will also delete all subcategories.`,
  subcategoryLevelsWarning: 'This category has subcategories. Changing its parent will update the levels of all its subcategories.',
} as const;
