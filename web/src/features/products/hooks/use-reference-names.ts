import { useCallback } from 'react';
import type { ReferenceName } from '../../history';
import { canPickCategories, canPickVendors, useCurrentUser } from '../../auth';
import { useAllCategories } from '../api/get-categories';
import { useVendorOptions } from '../api/get-vendor-options';

/**
 * Vendor and category names for the ids a product's history holds, from the lists the form's
 * pickers load anyway; a user who may not read a list sees the id.
 */
export function useReferenceNames(enabled: boolean): ReferenceName {
  const user = useCurrentUser();
  const vendors = useVendorOptions({ enabled: enabled && canPickVendors(user) });
  const categories = useAllCategories({ enabled: enabled && canPickCategories(user) });
  return useCallback(
    (field: string, id: number) => {
      if (field === 'vendor_id') return vendors.data?.find((v) => v.id === id)?.name;
      if (field === 'vendor_category_id' || field === 'store_category_id') return categories.data?.find((c) => c.id === id)?.name;
      return undefined;
    },
    [vendors.data, categories.data],
  );
}
