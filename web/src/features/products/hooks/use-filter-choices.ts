import { buildCategoryTree, type Category, type User } from '@bosun/shared';
import { useMemo } from 'react';
import { canPickCategories, canPickVendors } from '../../auth';
import { useAllCategories } from '../api/get-categories';
import { useVendorCategories } from '../api/get-vendor-categories';
import { useVendorOptions } from '../api/get-vendor-options';

/**
 * What the vendor and category filters offer: the vendors, every category, and the categories of
 * the chosen vendor. Each loads only for a user allowed to pick from it (the products flag is enough).
 */
export function useFilterChoices(user: User, vendorId: number | null) {
  const vendorsAvailable = canPickVendors(user);
  const categoriesAvailable = canPickCategories(user);
  const vendors = useVendorOptions({ enabled: vendorsAvailable });
  const allCategories = useAllCategories({ enabled: categoriesAvailable });
  const vendorCategories = useVendorCategories(vendorId, { enabled: categoriesAvailable });
  const categoriesById = useMemo(() => new Map<number, Category>((allCategories.data ?? []).map((c) => [c.id, c])), [allCategories.data]);
  const storeTree = useMemo(() => buildCategoryTree((allCategories.data ?? []).filter((c) => c.type === 'store')), [allCategories.data]);

  return { vendorsAvailable, categoriesAvailable, vendors: vendors.data ?? [], allCategories, vendorCategories, categoriesById, storeTree };
}

export type FilterChoices = ReturnType<typeof useFilterChoices>;
