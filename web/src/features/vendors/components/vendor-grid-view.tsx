import type { Vendor } from '@bosun/shared';
import { WindowVirtualGrid } from '../../../components/ui/window-virtual-grid';
import { VendorCard } from './vendor-card';
import type { VendorItemActions } from './vendor-item-parts';

export function VendorGridView({ vendors, actions }: { vendors: Vendor[]; actions: VendorItemActions }) {
  return (
    <WindowVirtualGrid
      aria-label="Vendors"
      items={vendors}
      getKey={(vendor) => vendor.id}
      renderItem={(vendor) => <VendorCard vendor={vendor} actions={actions} />}
      minColumnWidth={300}
      maxColumns={4}
      gap={16}
      estimateRowHeight={352}
    />
  );
}
