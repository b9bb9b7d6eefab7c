import type { DashboardStats } from '@bosun/shared';
import { SimpleGrid } from '@mantine/core';
import { IconAlertTriangle, IconBuildingStore, IconPackage, IconStar } from '@tabler/icons-react';
import { StatCard } from '../../../components/ui/stat-card';
import { useIsPhone } from '../../../components/ui/use-is-phone';
import { plural } from '../../../lib/format';

export function StatCards({ stats }: { stats: DashboardStats['stats'] }) {
  // On a phone four full cards took the whole first screen: small ones, two to a row, as on the Vendors page.
  const compact = useIsPhone();
  const iconSize = compact ? 16 : 24;
  return (
    <SimpleGrid cols={{ base: 2, md: 4 }} spacing={compact ? 'xs' : 'md'} verticalSpacing={compact ? 'xs' : 'md'}>
      <StatCard
        compact={compact}
        label="Total Products"
        value={stats.totalProducts}
        note={stats.totalVariations ? `and ${plural(stats.totalVariations, 'variation')}` : undefined}
        icon={<IconPackage size={iconSize} />}
        color="blue"
      />
      <StatCard compact={compact} label="Active Vendors" value={stats.totalVendors} icon={<IconBuildingStore size={iconSize} />} color="teal" />
      <StatCard compact={compact} label="Out of Stock" value={stats.outOfStock} icon={<IconAlertTriangle size={iconSize} />} color="red" />
      <StatCard compact={compact} label="Featured" value={stats.featuredProducts} icon={<IconStar size={iconSize} />} color="yellow" />
    </SimpleGrid>
  );
}
