import { SimpleGrid } from '@mantine/core';
import { IconBuildingStore, IconCategory, IconCircleCheck, IconPackage } from '@tabler/icons-react';
import { StatCard } from '../../../components/ui/stat-card';
import type { VendorTotals } from '../vendor-list-options';

export function VendorStatCards({ totals }: { totals: VendorTotals }) {
  return (
    <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }}>
      <StatCard label="Total Vendors" value={totals.totalVendors} icon={<IconBuildingStore size={24} />} color="blue" />
      <StatCard label="Active Vendors" value={totals.activeVendors} icon={<IconCircleCheck size={24} />} color="green" />
      <StatCard label="Total Products" value={totals.totalProducts} icon={<IconPackage size={24} />} color="violet" />
      <StatCard label="Total Categories" value={totals.totalCategories} icon={<IconCategory size={24} />} color="orange" />
    </SimpleGrid>
  );
}
