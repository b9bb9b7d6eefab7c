import { SimpleGrid } from '@mantine/core';
import { IconBuildingStore, IconCategory, IconCircleCheck, IconPackage } from '@tabler/icons-react';
import { StatCard } from '../../../components/ui/stat-card';
import { useIsPhone } from '../../../components/ui/use-is-phone';
import type { VendorTotals } from '../vendor-list-options';

export function VendorStatCards({ totals }: { totals: VendorTotals }) {
  // On a phone four full cards took the whole first screen: small ones, two to a row, let the list start there.
  const compact = useIsPhone();
  const iconSize = compact ? 16 : 24;
  return (
    <SimpleGrid cols={{ base: 2, md: 4 }} spacing={compact ? 'xs' : 'md'} verticalSpacing={compact ? 'xs' : 'md'}>
      <StatCard compact={compact} label="Total Vendors" value={totals.totalVendors} icon={<IconBuildingStore size={iconSize} />} color="blue" />
      <StatCard compact={compact} label="Active Vendors" value={totals.activeVendors} icon={<IconCircleCheck size={iconSize} />} color="green" />
      <StatCard compact={compact} label="Total Products" value={totals.totalProducts} icon={<IconPackage size={iconSize} />} color="violet" />
      <StatCard compact={compact} label="Total Categories" value={totals.totalCategories} icon={<IconCategory size={iconSize} />} color="orange" />
    </SimpleGrid>
  );
}
